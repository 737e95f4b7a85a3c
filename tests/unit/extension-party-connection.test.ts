/**
 * The background's party connection: SSE over fetch, resume with Last-Event-ID, fatal errors,
 * commands by POST or over the command socket (a fake WebSocket plays the server's end).
 */
import { ApiClient, ServerUnreachableError } from "@/lib/party-client/api-client";
import { PartyConnection, statusNote, type ConnectionStatus } from "@/lib/party-client/party-connection";
import { FakeApiServer } from "@/tests/support/extension/fake-api-server";
import { fakeWebSockets } from "@/tests/support/extension/fake-web-socket";
import { ManualTimers } from "@/tests/support/extension/manual-timers";
import { PROTOCOL_VERSION, type ServerEvent } from "@/lib/sync";

const BASE = "http://vp.test";
const chat = (text: string) => ({
  v: PROTOCOL_VERSION,
  type: "chat",
  message: { id: `m-${text}`, userId: "u1", displayName: "Ann", text, at: 1 },
});

function setup(server: FakeApiServer) {
  const events: ServerEvent[] = [];
  const statuses: ConnectionStatus[] = [];
  const connection = new PartyConnection({
    api: new ApiClient(BASE, server.fetch),
    token: "tok",
    partyId: "p1",
    onEvent: (event) => events.push(event),
    onStatus: (status) => statuses.push(status),
    minBackoffMs: 1,
    maxBackoffMs: 5,
  });
  return { connection, events, statuses };
}

const until = async (check: () => boolean, ms = 2000) => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 5));
  }
};

test("events stream in; after a drop it resumes with Last-Event-ID and the bearer", async () => {
  const server = new FakeApiServer().sse(/\/events$/);
  const { connection, events, statuses } = setup(server);
  connection.start();
  await until(() => server.streams.length === 1);
  server.streams[0]!.send("5", chat("one"));
  server.streams[0]!.comment();
  server.streams[0]!.send("6", chat("two"));
  server.streams[0]!.send("7", { v: 99, type: "chat" }); // unknown version: ignored… then fatal
  await until(() => statuses.some((s) => s.state === "closed"));
  expect(events.map((e) => (e.type === "chat" ? e.message.text : e.type))).toEqual(["one", "two"]);
  expect(statuses.at(-1)).toEqual({ state: "closed", error: "This extension is out of date for the server. Please update it." });

  const server2 = new FakeApiServer().sse(/\/events$/);
  const second = setup(server2);
  second.connection.start();
  await until(() => server2.streams.length === 1);
  server2.streams[0]!.send("41", chat("a"));
  await until(() => second.events.length === 1);
  server2.streams[0]!.close(); // the stream drops
  await until(() => server2.streams.length === 2);
  const resumed = server2.requests.filter((r) => r.path.endsWith("/events"));
  expect(resumed[0]!.headers.get("Last-Event-ID")).toBeNull();
  expect(resumed[1]!.headers.get("Last-Event-ID")).toBe("41");
  expect(resumed[1]!.headers.get("Authorization")).toBe("Bearer tok");
  expect(second.statuses.map((s) => s.state)).toEqual(["connecting", "open", "reconnecting", "open"]);
  second.connection.stop();
});

test("frames split anywhere, CRLF, multi-line data, comments and retry hints: events arrive whole and resume uses the last id", async () => {
  const server = new FakeApiServer().sse(/\/events$/);
  const { connection, events } = setup(server);
  connection.start();
  try {
    await until(() => server.streams.length === 1);
    const [first, second] = [JSON.stringify(chat("one")), JSON.stringify(chat("two"))];
    const wire =
      "retry: 1000\r\n: connected\r\n\r\n" +
      `id: 8\r\ndata: ${first.slice(0, 20)}\r\ndata: ${first.slice(20)}\r\n\r\n` +
      ": hb\n\n" +
      // No id: the stream's last id (8) still stands, as in EventSource.
      `data: ${second}\n\n`;
    for (let at = 0; at < wire.length; at += 3) server.streams[0]!.raw(wire.slice(at, at + 3));
    await until(() => events.length === 2);
    expect(events.map((e) => (e.type === "chat" ? e.message.text : e.type))).toEqual(["one", "two"]);
    server.streams[0]!.close();
    await until(() => server.streams.length === 2);
    expect(server.requests.filter((r) => r.path.endsWith("/events"))[1]!.headers.get("Last-Event-ID")).toBe("8");
  } finally {
    connection.stop();
  }
});

test("404/403 end the connection with the server's message; 5xx and network errors retry", async () => {
  const gone = new FakeApiServer().json("GET", /\/events$/, { detail: "Party not found." }, 404);
  const a = setup(gone);
  a.connection.start();
  await until(() => a.statuses.some((s) => s.state === "closed"));
  expect(a.statuses.at(-1)).toEqual({ state: "closed", error: "Party not found." });

  let calls = 0;
  const flaky = new FakeApiServer().on("GET", /\/events$/, () => {
    calls += 1;
    return Response.json({ detail: "busy" }, { status: 503 });
  });
  const b = setup(flaky);
  b.connection.start();
  await until(() => calls >= 3);
  expect(b.statuses.some((s) => s.state === "closed")).toBe(false);
  b.connection.stop();
});

test("an ENDED party closes the connection", async () => {
  const server = new FakeApiServer().sse(/\/events$/);
  const { connection, statuses } = setup(server);
  connection.start();
  await until(() => server.streams.length === 1);
  const party = { id: "p1", state: "ENDED", title: "t", hostUserId: "h", hostDisplayName: "H", platformDomain: "x.com", chatProvider: "builtin", chatChannel: null, visibility: "public", streamerLatencyMs: 0, media: { id: "m0", url: "https://x.com/v", title: "t", duration: null } };
  server.streams[0]!.send("9", { v: PROTOCOL_VERSION, type: "party", party });
  await until(() => statuses.some((s) => s.state === "closed"));
  expect(statuses.at(-1)).toEqual({ state: "closed", error: "The party has ended." });
});

test("commands go out one at a time in order; a ping's pong is delivered as an event", async () => {
  const order: string[] = [];
  let release: () => void = () => undefined;
  const server = new FakeApiServer().on("POST", /\/commands$/, async (req) => {
    const body = req.body as { type: string; t0?: number };
    order.push(`start ${body.type}`);
    if (body.type === "play") await new Promise<void>((r) => (release = r));
    order.push(`end ${body.type}`);
    if (body.type === "ping") return Response.json({ v: PROTOCOL_VERSION, type: "pong", t0: body.t0, t1: 10, t2: 11 });
    return Response.json({ id: "1" });
  });
  const { connection, events } = setup(server);
  const play = connection.send({ v: PROTOCOL_VERSION, type: "play", position: 1, cid: 1 });
  const seek = connection.send({ v: PROTOCOL_VERSION, type: "seek", position: 5, cid: 2 });
  // The ping does not wait behind the play, which is still held by the server. It leaves stamped
  // afresh (the page's stamp, 123, is long past): the pong echoes the time it really left.
  const before = performance.timeOrigin + performance.now();
  await connection.send({ v: PROTOCOL_VERSION, type: "ping", t0: 123 });
  expect(events).toHaveLength(1);
  const pong = events[0] as { t0: number };
  expect(events[0]).toMatchObject({ v: PROTOCOL_VERSION, type: "pong", t1: 10, t2: 11 });
  expect(pong.t0).toBeGreaterThanOrEqual(before);
  expect(pong.t0).toBeLessThanOrEqual(performance.timeOrigin + performance.now());
  await until(() => order.includes("start play"));
  expect(order).not.toContain("start seek"); // the seek waits for the play
  release();
  await Promise.all([play, seek]);
  expect(order.filter((o) => !o.includes("ping"))).toEqual(["start play", "end play", "start seek", "end seek"]);

  const refusing = new FakeApiServer().json("POST", /\/commands$/, { detail: "Only the host can control playback and drawing." }, 403);
  await expect(setup(refusing).connection.send({ v: PROTOCOL_VERSION, type: "play" })).rejects.toThrow("Only the host can control playback and drawing.");
});

/** A connection with a command socket (fake WebSocket) and hand-moved timers; POSTs land in `posted`. */
function setupWithSocket(server: FakeApiServer, options: { commandSocket?: boolean } = {}) {
  const { WebSocket, sockets } = fakeWebSockets();
  const timers = new ManualTimers();
  const events: { event: ServerEvent; receivedAt?: number }[] = [];
  const statuses: ConnectionStatus[] = [];
  const connection = new PartyConnection({
    api: new ApiClient(BASE, server.fetch),
    token: "tok",
    partyId: "p1",
    onEvent: (event, receivedAt) => events.push({ event, receivedAt }),
    onStatus: (status) => statuses.push(status),
    timers,
    WebSocket,
    ...options,
  });
  const posted = () => server.requests.filter((r) => r.method === "POST").map((r) => r.body);
  const socket = () => {
    const last = sockets.at(-1);
    if (!last) throw new Error("no socket");
    return last;
  };
  /** The newest socket's command frames (after the auth frame). */
  const frames = () => socket().sent.slice(1) as { n: number; command: { type: string; t0?: number } }[];
  return { connection, sockets, timers, events, statuses, posted, socket, frames };
}

test("commands go by POST until the command socket is ready, over it after, and by POST again once it closed", async () => {
  const server = new FakeApiServer().sse(/\/events$/).on("POST", /\/commands$/, () => Response.json({ id: "posted" }));
  const { connection, sockets, posted, socket, frames } = setupWithSocket(server);
  connection.start();
  expect(sockets).toHaveLength(1);
  expect(socket().url).toBe("ws://vp.test/api/v1/parties/p1/commands");

  await expect(connection.send({ v: PROTOCOL_VERSION, type: "play", position: 1, cid: 1 })).resolves.toEqual({ id: "posted" });
  socket().open();
  expect(socket().sent).toEqual([{ type: "auth", token: "tok" }]);
  await expect(connection.send({ v: PROTOCOL_VERSION, type: "pause", position: 2, cid: 2 })).resolves.toEqual({ id: "posted" });
  expect(posted()).toHaveLength(2);

  socket().receive({ type: "ready" });
  const seek = connection.send({ v: PROTOCOL_VERSION, type: "seek", position: 5, cid: 3 });
  await until(() => frames().length === 1);
  expect(frames()[0]).toEqual({ n: 1, command: { v: PROTOCOL_VERSION, type: "seek", position: 5, cid: 3 } });
  socket().receive({ n: 1, status: 200, body: { id: "socket" } });
  await expect(seek).resolves.toEqual({ id: "socket" });
  expect(posted()).toHaveLength(2);

  // A refusal reads as the POST's: the server's detail, as an error.
  const refused = connection.send({ v: PROTOCOL_VERSION, type: "play", position: 6, cid: 4 });
  await until(() => frames().length === 2);
  socket().receive({ n: 2, status: 403, body: { detail: "Only the host can control playback and drawing.", code: "host_only" } });
  await expect(refused).rejects.toMatchObject({ message: "Only the host can control playback and drawing.", status: 403 });

  // The socket drops with a command awaiting its answer: its fate is unknown, it is not sent again.
  const lost = connection.send({ v: PROTOCOL_VERSION, type: "pause", position: 7, cid: 5 });
  await until(() => frames().length === 3);
  socket().serverClose(1006);
  await expect(lost).rejects.toBeInstanceOf(ServerUnreachableError);
  await expect(connection.send({ v: PROTOCOL_VERSION, type: "play", position: 8, cid: 6 })).resolves.toEqual({ id: "posted" });
  expect(posted().map((body) => (body as { cid: number }).cid)).toEqual([1, 2, 6]);
  connection.stop();
});

test("a ping answered over the socket: stamped as it leaves, its pong delivered through onEvent with receivedAt", async () => {
  const server = new FakeApiServer().sse(/\/events$/);
  const { connection, events, socket, frames, posted } = setupWithSocket(server);
  connection.start();
  socket().open();
  socket().receive({ type: "ready" });
  const before = performance.timeOrigin + performance.now();
  const ping = connection.send({ v: PROTOCOL_VERSION, type: "ping", t0: 123 });
  await until(() => frames().length === 1);
  const t0 = frames()[0]!.command.t0!;
  expect(t0).toBeGreaterThanOrEqual(before);
  const pong = { v: PROTOCOL_VERSION, type: "pong", t0, t1: 10, t2: 11 };
  socket().receive({ n: 1, status: 200, body: pong });
  await expect(ping).resolves.toEqual(pong);
  expect(events).toHaveLength(1);
  expect(events[0]!.event).toEqual(pong);
  expect(events[0]!.receivedAt).toBeGreaterThanOrEqual(t0);
  expect(events[0]!.receivedAt).toBeLessThanOrEqual(performance.timeOrigin + performance.now());
  expect(posted()).toEqual([]);
  connection.stop();
});

test("stop() closes the command socket; a party the stream says is gone closes it too; it can be turned off", async () => {
  const server = new FakeApiServer().sse(/\/events$/);
  const running = setupWithSocket(server);
  running.connection.start();
  running.socket().open();
  running.socket().receive({ type: "ready" });
  running.connection.stop();
  expect(running.socket().closedByClient).not.toBeNull();
  await until(() => running.timers.delays.length === 0); // no reconnect planned (and the stream's watchdog gone)

  const gone = setupWithSocket(new FakeApiServer().json("GET", /\/events$/, { detail: "Party not found." }, 404));
  gone.connection.start();
  await until(() => gone.statuses.some((s) => s.state === "closed"));
  expect(gone.socket().closedByClient).not.toBeNull();

  const off = setupWithSocket(new FakeApiServer().sse(/\/events$/), { commandSocket: false });
  off.connection.start();
  expect(off.sockets).toEqual([]);
  off.connection.stop();
});

test("a 503 keeps the connection: it reconnects with the server's reason, and no sooner than Retry-After", async () => {
  const timers = new ManualTimers();
  let calls = 0;
  const detail = "The server can't reach its database right now. You are still signed in; retrying shortly.";
  const server = new FakeApiServer().on("GET", /\/events$/, () => {
    calls += 1;
    return Response.json({ detail, code: "service_unavailable" }, { status: 503, headers: { "Retry-After": "7" } });
  });
  const statuses: ConnectionStatus[] = [];
  const connection = new PartyConnection({
    api: new ApiClient(BASE, server.fetch),
    token: "tok",
    partyId: "p1",
    onEvent: () => undefined,
    onStatus: (status) => statuses.push(status),
    minBackoffMs: 1,
    maxBackoffMs: 5,
    timers,
    commandSocket: false,
  });
  connection.start();
  try {
    await until(() => statuses.some((s) => s.state === "reconnecting"));
    expect(statuses.at(-1)).toEqual({ state: "reconnecting", reason: detail });
    expect(statusNote(statuses.at(-1)!)).toBe(detail);
    // The backoff alone would retry within milliseconds; the server asked for 7 s (±25 % jitter).
    timers.advance(5000);
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toBe(1);
    timers.advance(5000);
    await until(() => calls === 2);
    expect(statuses.some((s) => s.state === "closed")).toBe(false);
  } finally {
    connection.stop();
  }
});

test("a stream that ends with the server's unavailable notice reconnects, says why, and resumes from its last event", async () => {
  const server = new FakeApiServer().sse(/\/events$/);
  const { connection, events, statuses } = setup(server);
  connection.start();
  try {
    await until(() => server.streams.length === 1);
    server.streams[0]!.send("12", chat("before"));
    const reason = "The server can't reach its realtime service (Redis) right now. Retrying shortly.";
    server.streams[0]!.raw(`event: unavailable\nretry: 5000\ndata: ${JSON.stringify({ detail: reason, retry_after: 0 })}\n\n`);
    await until(() => server.streams.length === 2);
    expect(statuses).toContainEqual({ state: "reconnecting", reason });
    // The notice is no party event.
    expect(events.map((e) => e.type)).toEqual(["chat"]);
    expect(server.requests.filter((r) => r.path.endsWith("/events"))[1]!.headers.get("Last-Event-ID")).toBe("12");
  } finally {
    connection.stop();
  }
});

test("a chat sent while the network is gone is sent again, with the same request id, once the stream is back; reports are not", async () => {
  const server = new FakeApiServer().sse(/\/events$/).on("POST", /\/commands$/, async () => Response.json({ id: "9" }));
  const { connection, statuses } = setup(server);
  connection.start();
  await until(() => server.streams.length === 1 && statuses.at(-1)?.state === "open");
  // The network goes: the stream breaks and every request fails as an unreachable server's.
  server.reachable = false;
  server.streams[0]!.close(new TypeError("network error"));
  // A host's report fails at once (its reporter reads the player again); the chat waits for the network.
  await expect(connection.send({ v: PROTOCOL_VERSION, type: "play", position: 1, cid: 1 })).rejects.toBeInstanceOf(ServerUnreachableError);
  const chat = connection.send({ v: PROTOCOL_VERSION, type: "chat", text: "still there?" });
  await new Promise((r) => setTimeout(r, 50));
  expect(server.requests.filter((r) => r.method === "POST")).toHaveLength(0);
  server.reachable = true;
  await expect(chat).resolves.toEqual({ id: "9" });
  const posts = server.requests.filter((r) => r.method === "POST").map((r) => r.body as { type: string; rid?: string });
  // (Requests made while unreachable are not recorded: these are the ones that reached the server.)
  // The chat went once the network was back, with a request id the server keeps it once by.
  expect(posts).toEqual([{ v: PROTOCOL_VERSION, type: "chat", text: "still there?", rid: expect.stringMatching(/^[0-9a-f]{32}$/) }]);
  connection.stop();
});

test("every attempt of one command carries the same request id; another command gets another", async () => {
  let failures = 1;
  const server = new FakeApiServer().sse(/\/events$/).on("POST", /\/commands$/, async () => {
    if (failures-- > 0) throw new TypeError("Failed to fetch");
    return Response.json({ id: "1" });
  });
  const { connection, statuses } = setup(server);
  connection.start();
  await until(() => statuses.at(-1)?.state === "open");
  await connection.send({ v: PROTOCOL_VERSION, type: "chat", text: "one" });
  await connection.send({ v: PROTOCOL_VERSION, type: "chat", text: "two" });
  const rids = server.requests.filter((r) => r.method === "POST").map((r) => (r.body as { rid: string }).rid);
  expect(rids).toHaveLength(3);
  expect(rids[0]).toBe(rids[1]);
  expect(rids[2]).not.toBe(rids[0]);
  connection.stop();
});
