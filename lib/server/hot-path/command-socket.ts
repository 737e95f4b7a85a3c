import "server-only";
/**
 * The party's command socket: a WebSocket at the commands route's own address
 * (`/api/v1/parties/{id}/commands`) that carries what `POST .../commands` carries, one frame per
 * command, for clients that send many (a host reports every play, pause and seek and pings for the
 * clock). Downstream stays the SSE stream. An HTTP request per command paid for parsing a request,
 * building its objects, writing a response head and finishing it; on the socket a command costs a
 * frame each way. Served by the app's own server (scripts/server.mjs hands it its upgrades, in
 * development too); where no upgrade gets through (a proxy without WebSockets), clients go on
 * posting (lib/party-client/command-socket.ts).
 *
 * The contract (lib/sync/command-socket-protocol.ts; clients: lib/party-client/command-socket.ts,
 * used by the extension's background and the watch room through PartyConnection):
 * - first frame from the client: `{"type":"auth","token":"<bearer token>"}` (a guest token or an
 *   account's bearer; a browser cannot set headers on a WebSocket, and no cookie is read, so a page
 *   on another site has nothing to ride on). The server answers `{"type":"ready"}`, or closes with
 *   4401 (no valid token), 4403 (not a member), 4404 (no such party), 4400 (a malformed frame) or
 *   4429 (too many sockets), 4503 (the database or Redis is down: retry); the close reason is the detail.
 * - then `{"n": <integer ≥ 1>, "command": <the POST's body>}` → `{"n", "status", "body"}`: the status
 *   and JSON body the POST would have answered (null body for 204). Frames are handled in order.
 * Each command is checked as a POST is: the token again (an expired guest token or a signed-out
 * session stops working at once), membership (a kicked member is refused), the same rate limit
 * (one budget for both ways), the same protocol parsing and handlers (run-party-command.ts).
 */
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type RawData, type WebSocket } from "ws";
import { idParamSchema } from "@/lib/schemas/common";
import { guestSession, resolveSession } from "@/lib/server/http/with-api";
import { GUEST_TOKEN_PREFIX } from "@/lib/server/guests/guest-token";
import { COMMAND_SOCKET_CLOSE, COMMAND_SOCKET_MAX_FRAME_BYTES, commandSocketCloseFor } from "@/lib/sync/command-socket-protocol";
import { toErrorAnswer } from "@/lib/server/http/error-response";
import { forbidden, unauthorized } from "@/lib/server/http/api-error";
import { log, REQUEST_ID_HEADER, type RequestLogContext } from "@/lib/server/log";
import { apiRateLimitKey, clientKey, enforceRateLimitNow } from "@/lib/server/rate-limit";
import { isPartyMember } from "@/lib/server/parties/membership";
import { getRoom } from "@/lib/server/realtime/rooms";
import { NOT_A_MEMBER, PARTY_COMMAND_RATE_LIMIT, runPartyCommand } from "@/lib/server/parties/run-party-command";

const CLOSE = COMMAND_SOCKET_CLOSE;

/** A client that has not said who it is by then is closed. */
const AUTH_TIMEOUT_MS = 10_000;
/** Pings keep proxies from closing a quiet socket and find dead peers. */
const HEARTBEAT_MS = 30_000;
/** Frames waiting their turn on one socket (the rate limit refuses a flood; this bounds its memory). */
const MAX_QUEUED = 64;
/** Open command sockets per caller on this instance (a host needs one per tab). */
const MAX_SOCKETS_PER_CALLER = 8;
/** Answers a client leaves unread beyond this: it is not reading, drop it. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

const PATH = /^\/api\/v1\/parties\/([^/?]+)\/commands$/;
const AUTH_FIRST = 'Send {"type":"auth","token":"<bearer token>"} first.';
const BAD_FRAME = 'Each command is a JSON frame {"n": <integer ≥ 1>, "command": {...}}.';
const RESTARTING = "The server is restarting.";

/** A close reason is at most 123 bytes of UTF-8. */
function closeReason(detail: string): string {
  const bytes = Buffer.from(detail);
  if (bytes.length <= 123) return detail;
  let cut = 120;
  while (cut > 0 && (bytes[cut]! & 0xc0) === 0x80) cut -= 1;
  return `${bytes.subarray(0, cut).toString()}...`;
}

function parseFrame(data: RawData): unknown {
  try {
    return JSON.parse(data.toString());
  } catch {
    return undefined;
  }
}

interface Frame {
  n: number;
  command: unknown;
  receivedAt: number;
}

export interface CommandSockets {
  /** Takes an upgrade for a party's command socket; false for any other upgrade. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Closes every socket (1001) at once: a development reload of the hot path. */
  closeAll(): void;
  /**
   * The instance drains (SIGTERM): every socket answers the commands it took, then closes with 1001;
   * a frame that arrives meanwhile is left unanswered (never run), so its sender can safely send it
   * again on its next connection. Resolves when every socket has closed.
   */
  drain(): Promise<void>;
  /** Open sockets (diagnostics). */
  size(): number;
}

export function createCommandSockets(): CommandSockets {
  const wss = new WebSocketServer({ noServer: true, maxPayload: COMMAND_SOCKET_MAX_FRAME_BYTES, perMessageDeflate: false, clientTracking: true });
  const perCaller = new Map<string, number>();
  const alive = new WeakSet<WebSocket>();
  /** Each open socket's way to close once it has answered what it took (see drain). */
  const closeWhenIdle = new Map<WebSocket, () => void>();
  let draining = false;
  // The 101 names the upgrade's request id (stamped by scripts/server.mjs), as every HTTP answer does.
  wss.on("headers", (headers, req) => {
    const reqId = req.headers[REQUEST_ID_HEADER];
    if (typeof reqId === "string") headers.push(`X-Request-Id: ${reqId}`);
  });

  const heartbeat = setInterval(() => {
    for (const ws of wss.clients) {
      if (!alive.has(ws)) {
        ws.terminate();
        continue;
      }
      alive.delete(ws);
      ws.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  function serve(ws: WebSocket, partyId: string, address: string, reqId: string | null): void {
    // The budget is POST .../commands's for the same party, keyed on the decoded id as the POST's is
    // (not on the upgrade's raw path, where every spelling of the id would be a fresh budget).
    const commandsPath = `/api/v1/parties/${partyId}/commands`;
    // An upgrade that arrived as the instance started draining: come back on another instance.
    if (draining) return ws.close(CLOSE.goingAway, RESTARTING);
    alive.add(ws);
    ws.on("pong", () => alive.add(ws));
    ws.on("error", () => ws.terminate());
    let authStarted = false;
    let headers: Headers | null = null;
    /** A guest token is checked (signature memoised, expiry every time) without a promise per command. */
    let guestToken: string | null = null;
    let callerId: string | null = null;
    const queue: Frame[] = [];
    /** Every line about this socket names its upgrade's request id, the party and (once known) the caller. */
    const context = (frame?: number): RequestLogContext & { frame?: number } => ({ reqId, route: `WS ${commandsPath}`, partyId, userId: callerId ?? undefined, frame });
    let busy = false;
    const authTimer = setTimeout(() => ws.close(CLOSE.unauthorized, "Authentication timed out."), AUTH_TIMEOUT_MS);
    authTimer.unref();

    const send = (value: unknown) => {
      if (ws.readyState !== ws.OPEN) return;
      if (ws.bufferedAmount > MAX_BUFFERED_BYTES) return ws.terminate();
      ws.send(JSON.stringify(value));
    };

    /** Draining: closes once nothing taken is left unanswered (a socket not yet ready has taken nothing). */
    const closeIfIdle = () => {
      if (draining && !busy && queue.length === 0) ws.close(CLOSE.goingAway, RESTARTING);
    };
    closeWhenIdle.set(ws, closeIfIdle);

    ws.on("close", () => {
      closeWhenIdle.delete(ws);
      clearTimeout(authTimer);
      queue.length = 0;
      if (callerId !== null) {
        const left = (perCaller.get(callerId) ?? 1) - 1;
        if (left > 0) perCaller.set(callerId, left);
        else perCaller.delete(callerId);
      }
    });

    /** The caller as a POST with this token would have it, or null. */
    const caller = async () => (headers ? resolveSession({ headers }, { allowGuests: true }) : null);

    async function authenticate(message: unknown): Promise<void> {
      const token = (message as { type?: unknown; token?: unknown } | null)?.token;
      if ((message as { type?: unknown } | null)?.type !== "auth" || typeof token !== "string" || token.length === 0 || token.length > 4096) {
        ws.close(CLOSE.malformed, AUTH_FIRST);
        return;
      }
      try {
        headers = new Headers({ authorization: `Bearer ${token}` });
      } catch {
        // A token no HTTP header could carry (a line break, a character past U+00FF) is no token.
        refuseWith(ws, unauthorized());
        return;
      }
      if (token.startsWith(`${GUEST_TOKEN_PREFIX}.`)) guestToken = token;
      try {
        const session = await caller();
        if (!session) throw unauthorized();
        const room = await getRoom(partyId);
        if (!(await isPartyMember(room, session.user.id))) throw forbidden(NOT_A_MEMBER, "not_member");
        const open = perCaller.get(session.user.id) ?? 0;
        if (open >= MAX_SOCKETS_PER_CALLER) {
          ws.close(CLOSE.tooMany, "Too many open connections to this server. Close another tab first.");
          return;
        }
        if (ws.readyState !== ws.OPEN) return;
        callerId = session.user.id;
        perCaller.set(callerId, open + 1);
        clearTimeout(authTimer);
        send({ type: "ready" });
        if (log.isLevelEnabled("debug")) log.debug(context(), "command socket ready");
      } catch (error) {
        refuseWith(ws, error, context());
      }
    }

    async function answer(frame: Frame): Promise<void> {
      try {
        const session = guestToken !== null ? guestSession(guestToken) : await caller();
        if (!session) {
          const { status, body } = toErrorAnswer(unauthorized());
          send({ n: frame.n, status, body });
          ws.close(CLOSE.unauthorized, closeReason(body.detail));
          return;
        }
        const limited = enforceRateLimitNow(apiRateLimitKey("POST", commandsPath, session.user.id), PARTY_COMMAND_RATE_LIMIT);
        if (limited) await limited;
        const result = await runPartyCommand(partyId, session.user, frame.command, frame.receivedAt, address);
        const empty = result === undefined || result === null;
        send({ n: frame.n, status: empty ? 204 : 200, body: empty ? null : result });
        if (log.isLevelEnabled("debug")) log.debug({ ...context(frame.n), status: empty ? 204 : 200 }, "command frame");
      } catch (error) {
        const { status, body } = toErrorAnswer(error, context(frame.n));
        send({ n: frame.n, status, body });
        if (log.isLevelEnabled("debug")) log.debug({ ...context(frame.n), status, code: body.code }, "command frame");
      }
    }

    async function drain(): Promise<void> {
      busy = true;
      while (queue.length > 0 && ws.readyState === ws.OPEN) await answer(queue.shift()!);
      busy = false;
      closeIfIdle();
    }

    ws.on("message", (data, isBinary) => {
      const receivedAt = Date.now();
      const message = isBinary ? undefined : parseFrame(data);
      if (!authStarted) {
        authStarted = true;
        void authenticate(message);
        return;
      }
      if (callerId === null) return ws.close(CLOSE.malformed, "Wait for ready before sending commands.");
      // Draining: not taken, so never run here (the client sends it again on its next connection).
      if (draining) return;
      const { n, command } = (message ?? {}) as { n?: unknown; command?: unknown };
      if (typeof message !== "object" || message === null || !Number.isSafeInteger(n) || (n as number) < 1 || command === undefined) {
        return ws.close(CLOSE.malformed, BAD_FRAME);
      }
      if (queue.length >= MAX_QUEUED) return ws.close(CLOSE.tooMany, "Too many commands waiting for an answer.");
      queue.push({ n: n as number, command, receivedAt });
      if (!busy) void drain();
    });
  }

  return {
    upgrade(req, socket, head) {
      const url = req.url ?? "/";
      const query = url.indexOf("?");
      const pathname = query < 0 ? url : url.slice(0, query);
      const found = PATH.exec(pathname);
      if (!found || req.method !== "GET") return false;
      let id: string;
      try {
        id = decodeURIComponent(found[1]!);
      } catch {
        return false;
      }
      const reqId = req.headers[REQUEST_ID_HEADER];
      wss.handleUpgrade(req, socket, head, (ws) => {
        const parsed = idParamSchema.safeParse({ id });
        if (!parsed.success) return refuseWith(ws, parsed.error);
        serve(ws, parsed.data.id, upgradeAddress(req), typeof reqId === "string" ? reqId : null);
      });
      return true;
    },
    closeAll() {
      clearInterval(heartbeat);
      for (const ws of wss.clients) ws.close(CLOSE.goingAway, RESTARTING);
    },
    async drain() {
      draining = true;
      const closed = [...wss.clients].map((ws) => new Promise<void>((resolve) => (ws.readyState === ws.CLOSED ? resolve() : ws.once("close", () => resolve()))));
      for (const close of [...closeWhenIdle.values()]) close();
      await Promise.all(closed);
      clearInterval(heartbeat);
    },
    size: () => wss.clients.size,
  };
}

/**
 * The caller's address as clientKey reads a request's: the server stamps `x-vp-client-ip` on requests,
 * not on upgrades, so the socket's own address stands in for it.
 */
function upgradeAddress(req: IncomingMessage): string {
  const forwarded = req.headers["x-forwarded-for"];
  const headers = { "x-forwarded-for": typeof forwarded === "string" ? forwarded : null, "x-vp-client-ip": req.socket.remoteAddress ?? null };
  return clientKey({ headers: { get: (name) => headers[name as keyof typeof headers] ?? null } });
}

/** Closes with the code and detail of what a POST would have answered. */
function refuseWith(ws: WebSocket, error: unknown, context?: RequestLogContext): void {
  const { status, body } = toErrorAnswer(error, context);
  ws.close(commandSocketCloseFor(status), closeReason(body.detail));
}
