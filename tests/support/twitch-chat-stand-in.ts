/**
 * A local stand-in for Twitch chat (IRC over WebSocket, wss://irc-ws.chat.twitch.tv) and for the one
 * Twitch API call the chat library makes (GET https://id.twitch.tv/oauth2/validate), so the playlist
 * chat bot is tested against the real app without reaching the internet. It runs inside the test
 * process on 127.0.0.1: point the app at it with `env` (VP_TWITCH_CHAT_URL and TWURPLE_MOCK_API_PORT).
 *
 * What it imitates, as Twitch documents and answers it:
 * - Token check: `GET /auth/validate` with `Authorization: OAuth <token>` answers the token's login,
 *   user id and scopes, or 401 `{"status":401,"message":"invalid access token"}` for an unknown token.
 * - Connection registration: `CAP LS 302` (lists twitch.tv/tags, commands, membership), `CAP REQ`
 *   → ACK (NAK for other capabilities), `CAP END`, `PASS oauth:<token>`, `NICK`, `USER`; a known
 *   token with the chat:read scope gets the 001–004 and 375/372/376 welcome, anything else
 *   `:tmi.twitch.tv NOTICE * :Login authentication failed` and the connection closed. Without PASS,
 *   `NICK justinfan<digits>` is Twitch's anonymous read-only login: welcomed, may join and read.
 * - `JOIN #channel`: the JOIN echo, NAMES (353/366), USERSTATE and the full ROOMSTATE for a known
 *   channel; `@msg-id=msg_channel_suspended … NOTICE #channel :This channel does not exist or has been
 *   suspended.` otherwise. `PART`.
 * - `PING` → `PONG`; the server's own `PING :tmi.twitch.tv` (see `ping`) expecting `PONG`.
 * - Viewers' messages (`say`) arrive as tagged PRIVMSG lines (display-name, user-id, id, room-id,
 *   tmi-sent-ts …) to every connection joined to the channel; the bot's PRIVMSGs are recorded as replies.
 * Where it differs: one process with made-up accounts and channels; no rate limits, no message
 * deduplication (Twitch drops a repeated identical message within 30 s), no USERNOTICE, CLEARCHAT,
 * whispers or RECONNECT; every line is answered at once; the token check lives on the same port.
 */
import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { WebSocketServer, type WebSocket } from "ws";

const HOST = "tmi.twitch.tv";
const CAPABILITIES = ["twitch.tv/tags", "twitch.tv/commands", "twitch.tv/membership"];

export interface StandInAccount {
  token: string;
  login: string;
  userId: string;
  scopes: string[];
}

export interface Viewer {
  login: string;
  displayName?: string;
  userId: string;
}

export interface BotReply {
  channel: string;
  text: string;
  login: string;
}

interface Session {
  socket: WebSocket;
  token: string | null;
  nick: string | null;
  registered: boolean;
  channels: Set<string>;
}

export interface TwitchChatStandIn {
  /** Environment that points the app's chat bots at this stand-in. */
  env: Record<string, string>;
  addAccount(account: StandInAccount): void;
  addChannel(name: string): void;
  /** A viewer writes in `channel`; answers how many connections (bots) received it. */
  say(channel: string, viewer: Viewer, text: string): number;
  /** Resolves with the next bot message in `channel` matching `match` (or one already received and not yet taken). */
  nextReply(channel: string, match?: (text: string) => boolean): Promise<BotReply>;
  /** Takes every bot message in `channel` received so far and not yet taken that matches `match`, in order. */
  takeReplies(channel: string, match?: (text: string) => boolean): BotReply[];
  /** Resolves when the number of JOINs of `channel` so far reaches `count`. */
  joins(channel: string, count: number): Promise<void>;
  /** Logins whose registration failed (wrong token or missing scope), in order. */
  failedLogins(): string[];
  /** Connections currently joined to `channel`. */
  joinedCount(channel: string): number;
  /** Resolves when no connection is joined to `channel` any more. */
  noneJoined(channel: string): Promise<void>;
  /** Sends the server's keep-alive PING to every connection; resolves with how many answered PONG. */
  ping(): Promise<number>;
  /** Drops every connection the way a network failure or a Twitch restart would. */
  dropAll(): void;
  close(): Promise<void>;
}

function parseLine(line: string): { command: string; params: string[] } {
  let rest = line;
  if (rest.startsWith("@")) rest = rest.slice(rest.indexOf(" ") + 1);
  if (rest.startsWith(":")) rest = rest.slice(rest.indexOf(" ") + 1);
  const trailingAt = rest.indexOf(" :");
  const head = trailingAt >= 0 ? rest.slice(0, trailingAt) : rest;
  const params = head.split(" ").filter(Boolean);
  const command = (params.shift() ?? "").toUpperCase();
  if (trailingAt >= 0) params.push(rest.slice(trailingAt + 2));
  return { command, params };
}

export async function startTwitchChatStandIn(): Promise<TwitchChatStandIn> {
  const accounts = new Map<string, StandInAccount>();
  const channels = new Set<string>();
  const sessions = new Set<Session>();
  const replies: BotReply[] = [];
  const joinCounts = new Map<string, number>();
  const failed: string[] = [];
  const events = new EventEmitter();
  events.setMaxListeners(100);

  const http = createServer((req: IncomingMessage, res: ServerResponse) => {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.method === "GET" && req.url === "/auth/validate") {
      const token = /^(?:OAuth|Bearer) (.+)$/i.exec(req.headers.authorization ?? "")?.[1] ?? "";
      const account = accounts.get(token);
      if (!account) return json(401, { status: 401, message: "invalid access token" });
      return json(200, { client_id: "standinclientid", login: account.login, scopes: account.scopes, user_id: account.userId, expires_in: 3600 });
    }
    json(404, { status: 404, message: "not found" });
  });
  const wss = new WebSocketServer({ server: http });

  const send = (session: Session, ...lines: string[]) => {
    if (session.socket.readyState === session.socket.OPEN) session.socket.send(lines.map((l) => `${l}\r\n`).join(""));
  };

  function handle(session: Session, line: string): void {
    const { command, params } = parseLine(line);
    const nick = session.nick ?? "*";
    switch (command) {
      case "CAP": {
        // From a client: CAP LS 302, CAP REQ :<caps>, CAP END.
        const sub = (params[0] ?? "").toUpperCase();
        if (sub === "LS") send(session, `:${HOST} CAP * LS :${CAPABILITIES.join(" ")}`);
        else if (sub === "REQ") {
          const asked = (params[1] ?? "").split(" ").filter(Boolean);
          const known = asked.every((cap) => CAPABILITIES.includes(cap));
          send(session, `:${HOST} CAP * ${known ? "ACK" : "NAK"} :${asked.join(" ")}`);
        }
        return;
      }
      case "PASS":
        session.token = (params[0] ?? "").replace(/^oauth:/, "");
        return;
      case "NICK": {
        session.nick = (params[0] ?? "").toLowerCase();
        const account = session.token ? accounts.get(session.token) : undefined;
        // Anonymous, read-only: NICK justinfan<digits> without PASS (Twitch lets anyone read chat so).
        const anonymous = !session.token && /^justinfan\d+$/.test(session.nick);
        if (!anonymous && (!account || !account.scopes.includes("chat:read"))) {
          failed.push(session.nick);
          send(session, `:${HOST} NOTICE * :Login authentication failed`);
          session.socket.close();
          return;
        }
        session.registered = true;
        const n = session.nick;
        send(
          session,
          `:${HOST} 001 ${n} :Welcome, GLHF!`,
          `:${HOST} 002 ${n} :Your host is ${HOST}`,
          `:${HOST} 003 ${n} :This server is rather new`,
          `:${HOST} 004 ${n} :-`,
          `:${HOST} 375 ${n} :-`,
          `:${HOST} 372 ${n} :You are in a maze of twisty passages, all alike.`,
          `:${HOST} 376 ${n} :>`,
        );
        return;
      }
      case "USER":
      case "PONG":
        if (command === "PONG") events.emit("pong", session);
        return;
      case "PING":
        send(session, `:${HOST} PONG ${HOST} :${params[0] ?? ""}`);
        return;
    }
    if (!session.registered) return;
    switch (command) {
      case "JOIN":
        for (const target of (params[0] ?? "").split(",")) {
          const channel = target.replace(/^#/, "").toLowerCase();
          if (!channels.has(channel)) {
            send(session, `@msg-id=msg_channel_suspended :${HOST} NOTICE #${channel} :This channel does not exist or has been suspended.`);
            continue;
          }
          session.channels.add(channel);
          send(
            session,
            `:${nick}!${nick}@${nick}.${HOST} JOIN #${channel}`,
            `:${nick}.${HOST} 353 ${nick} = #${channel} :${nick}`,
            `:${nick}.${HOST} 366 ${nick} #${channel} :End of /NAMES list`,
            `@badge-info=;badges=;color=;display-name=${nick};emote-sets=0;mod=0;subscriber=0;user-type= :${HOST} USERSTATE #${channel}`,
            `@emote-only=0;followers-only=-1;r9k=0;room-id=1000;slow=0;subs-only=0 :${HOST} ROOMSTATE #${channel}`,
          );
          joinCounts.set(channel, (joinCounts.get(channel) ?? 0) + 1);
          events.emit("join", channel);
        }
        return;
      case "PART": {
        const channel = (params[0] ?? "").replace(/^#/, "").toLowerCase();
        session.channels.delete(channel);
        send(session, `:${nick}!${nick}@${nick}.${HOST} PART #${channel}`);
        events.emit("left", channel);
        return;
      }
      case "PRIVMSG": {
        // An anonymous connection is read-only: Twitch drops what it sends.
        if (!session.token) return;
        const channel = (params[0] ?? "").replace(/^#/, "").toLowerCase();
        replies.push({ channel, text: params[1] ?? "", login: nick });
        events.emit("reply");
        return;
      }
      default:
        send(session, `:${HOST} 421 ${nick} ${command} :Unknown command`);
    }
  }

  wss.on("connection", (socket) => {
    const session: Session = { socket, token: null, nick: null, registered: false, channels: new Set() };
    sessions.add(session);
    socket.on("message", (data) => {
      for (const line of data.toString().split(/\r?\n/)) if (line) handle(session, line);
    });
    socket.on("close", () => {
      sessions.delete(session);
      for (const channel of session.channels) events.emit("left", channel);
    });
  });

  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const port = (http.address() as AddressInfo).port;

  const joinedCount = (channel: string) => [...sessions].filter((s) => s.channels.has(channel)).length;
  const waitFor = (event: string, done: () => boolean) =>
    new Promise<void>((resolve) => {
      if (done()) return resolve();
      const check = () => {
        if (!done()) return;
        events.off(event, check);
        resolve();
      };
      events.on(event, check);
    });

  return {
    env: { VP_TWITCH_CHAT_URL: `ws://127.0.0.1:${port}`, TWURPLE_MOCK_API_PORT: String(port) },
    addAccount: (account) => accounts.set(account.token, account),
    addChannel: (name) => channels.add(name.toLowerCase()),
    say(channel, viewer, text) {
      const name = channel.toLowerCase();
      const tags = [
        "badge-info=",
        "badges=",
        "color=",
        `display-name=${viewer.displayName ?? viewer.login}`,
        "emotes=",
        "first-msg=0",
        "flags=",
        `id=${randomUUID()}`,
        "mod=0",
        "returning-chatter=0",
        "room-id=1000",
        "subscriber=0",
        `tmi-sent-ts=${Date.now()}`,
        "turbo=0",
        `user-id=${viewer.userId}`,
        "user-type=",
      ].join(";");
      const line = `@${tags} :${viewer.login}!${viewer.login}@${viewer.login}.${HOST} PRIVMSG #${name} :${text}`;
      const targets = [...sessions].filter((s) => s.channels.has(name));
      for (const session of targets) send(session, line);
      return targets.length;
    },
    async nextReply(channel, match = () => true) {
      const take = () => {
        const index = replies.findIndex((r) => r.channel === channel.toLowerCase() && match(r.text));
        return index >= 0 ? replies.splice(index, 1)[0] : undefined;
      };
      let found = take();
      if (!found) await waitFor("reply", () => (found = take()) !== undefined);
      return found!;
    },
    takeReplies(channel, match = () => true) {
      const taken: BotReply[] = [];
      for (let i = 0; i < replies.length; ) {
        const reply = replies[i]!;
        if (reply.channel === channel.toLowerCase() && match(reply.text)) taken.push(...replies.splice(i, 1));
        else i += 1;
      }
      return taken;
    },
    joins: (channel, count) => waitFor("join", () => (joinCounts.get(channel.toLowerCase()) ?? 0) >= count),
    failedLogins: () => [...failed],
    joinedCount: (channel) => joinedCount(channel.toLowerCase()),
    noneJoined: (channel) => waitFor("left", () => joinedCount(channel.toLowerCase()) === 0),
    async ping() {
      const registered = [...sessions].filter((s) => s.registered);
      const answered = registered.map(
        (session) =>
          new Promise<void>((resolve) => {
            const onPong = (from: Session) => {
              if (from !== session) return;
              events.off("pong", onPong);
              resolve();
            };
            events.on("pong", onPong);
            send(session, `PING :${HOST}`);
          }),
      );
      await Promise.all(answered);
      return answered.length;
    },
    dropAll() {
      for (const session of sessions) session.socket.terminate();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const session of sessions) session.socket.terminate();
        wss.close();
        http.close(() => resolve());
      }),
  };
}
