/**
 * The party's command socket against the real app (scripts/server.mjs): a WebSocket at the commands
 * route's address that answers each command as the POST would — who may send what, validation, the
 * shared rate limit — and whose host commands reach every member's SSE stream. The client here is
 * the `ws` package, a third-party client of the contract in lib/server/hot-path/command-socket.ts.
 */
import WebSocket from "ws";
import { api, command, createParty, guestToken, livePartyApp, type Ev } from "./helpers/party";

jest.setTimeout(90_000);

const live = livePartyApp();

interface Answer {
  n: number;
  status: number;
  body: Record<string, unknown> | null;
}

/** A command socket as a client sees it: what it was told, and how it was closed. */
class Client {
  readonly frames: Record<string, unknown>[] = [];
  closed: Promise<{ code: number; reason: string }>;
  private n = 0;
  private waiters: (() => void)[] = [];

  constructor(readonly ws: WebSocket) {
    ws.on("message", (data) => {
      this.frames.push(JSON.parse(data.toString()) as Record<string, unknown>);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => ws.once("close", (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  static async open(partyId: string, path = `/api/v1/parties/${partyId}/commands`): Promise<Client> {
    const ws = new WebSocket(`${live.baseUrl.replace(/^http/, "ws")}${path}`);
    await new Promise<void>((resolve, reject) => {
      ws.once("open", () => resolve());
      ws.once("error", reject);
    });
    return new Client(ws);
  }

  /** Opens and authenticates; resolves once the server said ready. */
  static async ready(partyId: string, token: string): Promise<Client> {
    const client = await Client.open(partyId);
    client.ws.send(JSON.stringify({ type: "auth", token }));
    await client.next((f) => f.type === "ready");
    return client;
  }

  next(match: (frame: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => {
      const look = () => {
        const found = this.frames.find(match);
        if (found) return resolve(found);
        if (this.ws.readyState === WebSocket.CLOSED) return reject(new Error(`closed before a matching frame: ${JSON.stringify(this.frames)}`));
        this.waiters.push(look);
      };
      this.ws.once("close", () => look());
      look();
    });
  }

  async send(body: unknown): Promise<Answer> {
    const n = ++this.n;
    this.ws.send(JSON.stringify({ n, command: body }));
    return (await this.next((f) => f.n === n)) as unknown as Answer;
  }

  close(): void {
    this.ws.close();
  }
}

const clients: Client[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.close();
});
const keep = (c: Client) => (clients.push(c), c);

async function partyWithGuest(name: string) {
  const host = await guestToken(live.baseUrl, `${name}-host`);
  const guest = await guestToken(live.baseUrl, `${name}-guest`);
  const party = await createParty(live.baseUrl, host, { video_url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", video_title: "Socket" });
  await live.join(party.id, host);
  const member = await live.join(party.id, guest);
  return { host, guest, party, guestStream: member.stream };
}

test("the host's commands on the socket are answered as the POST answers them and reach every member's stream", async () => {
  const { host, party, guestStream } = await partyWithGuest("ws-host");
  const socket = keep(await Client.ready(party.id, host));

  const seek = await socket.send({ v: 1, type: "seek", position: 42.5, cid: 7 });
  expect(seek.status).toBe(200);
  expect(typeof seek.body?.id).toBe("string");
  const seen = await guestStream.waitFor((e: Ev) => e.type === "playback" && e.cid === 7);
  expect((seen.data.state as { position: number }).position).toBe(42.5);
  expect(seen.id).toBe(seek.body?.id);

  const ping = await socket.send({ v: 1, type: "ping", t0: 123 });
  expect(ping.status).toBe(200);
  expect(ping.body).toMatchObject({ v: 1, type: "pong", t0: 123 });
  expect(typeof ping.body?.t1).toBe("number");

  // In order: each frame's answer comes back with its own number.
  const [a, b] = await Promise.all([socket.send({ v: 1, type: "play", position: 43, cid: 8 }), socket.send({ v: 1, type: "pause", position: 44, cid: 9 })]);
  expect([a.status, b.status]).toEqual([200, 200]);
  await guestStream.waitFor((e: Ev) => e.type === "playback" && e.cid === 9 && (e.state as { paused: boolean }).paused === true);
});

test("a guest is refused what only the host may do, a bad command is a 422, and nothing changes", async () => {
  const { guest, party, guestStream } = await partyWithGuest("ws-guest");
  const socket = keep(await Client.ready(party.id, guest));

  const seek = await socket.send({ v: 1, type: "seek", position: 99, cid: 70 });
  expect(seek.status).toBe(403);
  expect(seek.body).toEqual({ detail: "Only the host can control playback and drawing.", code: "host_only" });

  const bad = await socket.send({ v: 1, type: "seek", position: "soon" });
  expect(bad.status).toBe(422);
  expect(typeof bad.body?.detail).toBe("string");

  // Chat is every member's: it goes through, and the refused seek never reached the stream.
  expect((await socket.send({ v: 1, type: "chat", text: "hello over the socket" })).status).toBe(200);
  await guestStream.waitFor((e: Ev) => e.type === "chat" && (e.message as { text: string }).text === "hello over the socket");
  expect(guestStream.events.some((e) => e.data.type === "playback" && e.data.cid === 70)).toBe(false);
});

test("who may open one: no token, a bad token, a non-member and an unknown party are closed with the POST's reason", async () => {
  const { party } = await partyWithGuest("ws-auth");

  const silent = keep(await Client.open(party.id));
  silent.ws.send(JSON.stringify({ n: 1, command: { v: 1, type: "ping", t0: 1 } }));
  expect(await silent.closed).toEqual({ code: 4400, reason: 'Send {"type":"auth","token":"<bearer token>"} first.' });

  const forged = keep(await Client.open(party.id));
  forged.ws.send(JSON.stringify({ type: "auth", token: "vpg.forged.token" }));
  expect(await forged.closed).toEqual({ code: 4401, reason: "Authentication required. Please log in." });

  // A token no HTTP header could carry is refused the same way (and the server stays up).
  const unheadable = keep(await Client.open(party.id));
  unheadable.ws.send(JSON.stringify({ type: "auth", token: "line\nbreak\u0100" }));
  expect((await unheadable.closed).code).toBe(4401);

  const stranger = await guestToken(live.baseUrl, "ws-stranger");
  const outsider = keep(await Client.open(party.id));
  outsider.ws.send(JSON.stringify({ type: "auth", token: stranger }));
  expect(await outsider.closed).toEqual({ code: 4403, reason: "Join the party before sending to it." });
  // The POST says the same.
  expect((await command(live.baseUrl, party.id, stranger, { type: "ping", t0: 1 })).status).toBe(403);

  const nowhere = keep(await Client.open("00000000-0000-4000-8000-000000000000"));
  nowhere.ws.send(JSON.stringify({ type: "auth", token: stranger }));
  expect((await nowhere.closed).code).toBe(4404);

  // Only this address upgrades.
  await expect(Client.open(party.id, "/api/v1/parties/active/deltas")).rejects.toThrow(/404/);
});

test("a malformed frame after ready closes the socket", async () => {
  const { host, party } = await partyWithGuest("ws-frame");
  const socket = keep(await Client.ready(party.id, host));
  socket.ws.send("not json");
  expect(await socket.closed).toEqual({ code: 4400, reason: 'Each command is a JSON frame {"n": <integer ≥ 1>, "command": {...}}.' });
});

test("the socket and the POST spend one rate limit", async () => {
  const { host, party } = await partyWithGuest("ws-limit");
  const socket = keep(await Client.ready(party.id, host));
  const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => socket.send({ v: 1, type: "ping", t0: i })));
  expect(answers.every((a) => a.status === 200)).toBe(true);
  // 200 per 10 s: after 60 on the socket, 140 posts pass and the next is refused (one budget).
  const posts: number[] = [];
  for (let i = 0; i < 141; i++) posts.push((await command(live.baseUrl, party.id, host, { type: "ping", t0: i })).status);
  expect(posts.slice(0, 140).every((s) => s === 200)).toBe(true);
  expect(posts[140]).toBe(429);
  const refused = await socket.send({ v: 1, type: "ping", t0: 999 });
  expect(refused.status).toBe(429);
  expect(refused.body?.code).toBe("rate_limited");
});

test("a member who leaves the party can no longer send on a socket opened before", async () => {
  const { guest, party } = await partyWithGuest("ws-leave");
  const socket = keep(await Client.ready(party.id, guest));
  expect((await socket.send({ v: 1, type: "chat", text: "still here" })).status).toBe(200);
  expect((await api(live.baseUrl, "DELETE", "/api/v1/users/me/leave-party", guest)).status).toBeLessThan(300);
  const after = await socket.send({ v: 1, type: "chat", text: "gone" });
  expect(after.status).toBe(403);
  expect(after.body?.detail).toBe("Join the party before sending to it.");
});
