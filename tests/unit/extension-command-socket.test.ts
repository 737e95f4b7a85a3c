/**
 * The command socket: auth first, commands only after `ready`, answers matched by n and read as the
 * POST's, unknown fates as ServerUnreachableError, final refusals, giving up on a server without the
 * endpoint, and reconnecting with backoff. A fake WebSocket plays the server; time is moved by hand.
 */
import { ApiRequestError, ServerUnreachableError } from "@/lib/party-client/api-client";
import { CommandSocket, webSocketUrl, type CommandSocketOptions } from "@/lib/party-client/command-socket";
import { fakeWebSockets, type FakeWebSocket } from "@/tests/support/extension/fake-web-socket";
import { ManualTimers } from "@/tests/support/extension/manual-timers";
import { API_DEFAULT_ERROR } from "@/lib/constants";

const BASE = "http://vp.test";

function setup(options: Partial<CommandSocketOptions> = {}) {
  const { WebSocket, sockets } = fakeWebSockets();
  const timers = new ManualTimers();
  // No jitter (0.75 + 0.5 × 0.5 = 1): the scheduled delays read as the plain backoff.
  const socket = new CommandSocket({ serverUrl: BASE, partyId: "p1", token: "tok", WebSocket, timers, random: () => 0.5, ...options });
  const current = (): FakeWebSocket => {
    const last = sockets.at(-1);
    if (!last) throw new Error("no socket yet");
    return last;
  };
  /** Opens the newest socket and has the server accept the token. */
  const ready = () => {
    current().open();
    current().receive({ type: "ready" });
  };
  return { socket, sockets, timers, current, ready };
}

const play = (cid: number) => ({ v: 1, type: "play", position: cid, cid });

test("the address follows the server's scheme and carries the party id, escaped", () => {
  expect(webSocketUrl("http://localhost:3000", "p1")).toBe("ws://localhost:3000/api/v1/parties/p1/commands");
  expect(webSocketUrl("https://viewparty.app", "a/b c")).toBe("wss://viewparty.app/api/v1/parties/a%2Fb%20c/commands");
  expect(webSocketUrl("file:///x", "p1")).toBeNull();
});

test("the token is the first frame; commands are taken only once the server said ready", () => {
  const { socket, current } = setup();
  socket.start();
  expect(current().url).toBe("ws://vp.test/api/v1/parties/p1/commands");
  expect(socket.ready).toBe(false);
  expect(socket.send(play(1))).toBeNull(); // connecting: the caller sends it by POST
  current().open();
  expect(current().sent).toEqual([{ type: "auth", token: "tok" }]);
  expect(socket.send(play(2))).toBeNull(); // authenticating: still the POST's
  current().receive({ type: "ready" });
  expect(socket.ready).toBe(true);
  expect(socket.send(play(3))).not.toBeNull();
  expect(current().sent).toEqual([{ type: "auth", token: "tok" }, { n: 1, command: play(3) }]);
  socket.stop();
});

test("answers are matched by n: 2xx gives the body, an error status the ApiRequestError the POST gives", async () => {
  const { socket, current, ready } = setup();
  socket.start();
  ready();
  const first = socket.send(play(1));
  const second = socket.send(play(2));
  const refused = socket.send(play(3));
  const failed = socket.send(play(4));
  expect(current().sent.slice(1).map((frame) => (frame as { n: number }).n)).toEqual([1, 2, 3, 4]);
  current().receive({ n: 2, status: 200, body: { id: "two" } });
  current().receive({ n: 4, status: 500, body: null });
  current().receive({ n: 3, status: 403, body: { detail: "Only the host can control playback and drawing.", code: "host_only" } });
  current().receive({ n: 1, status: 204, body: null });
  await expect(first).resolves.toBeNull();
  await expect(second).resolves.toEqual({ id: "two" });
  const error = await refused!.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiRequestError);
  expect(error).toMatchObject({ message: "Only the host can control playback and drawing.", status: 403 });
  await expect(failed).rejects.toMatchObject({ name: "ApiRequestError", message: API_DEFAULT_ERROR, status: 500 });
  socket.stop();
});

test("a close fails the commands awaiting answers as unreachable, never resends them, and reconnects", async () => {
  const { socket, sockets, timers, current, ready } = setup();
  socket.start();
  ready();
  const answered = socket.send(play(1));
  const lost = [socket.send(play(2)), socket.send(play(3))];
  current().receive({ n: 1, status: 200, body: { id: "1" } });
  current().serverClose(1001, "Server restarting");
  await expect(answered).resolves.toEqual({ id: "1" });
  for (const command of lost) await expect(command).rejects.toBeInstanceOf(ServerUnreachableError);
  expect(socket.ready).toBe(false);
  expect(socket.send(play(4))).toBeNull(); // back to the POST until a new socket is ready

  expect(timers.delays).toEqual([1000]);
  timers.advance(1000);
  expect(sockets).toHaveLength(2);
  ready();
  expect(current().sent).toEqual([{ type: "auth", token: "tok" }]); // nothing from the old socket again
  expect(socket.send(play(5))).not.toBeNull();
  socket.stop();
});

test.each([4401, 4403, 4404])("a close with %i is final, before or after ready", (code) => {
  const before = setup();
  before.socket.start();
  before.current().open();
  before.current().serverClose(code, "Refused.");
  expect(before.timers.delays).toEqual([]);

  const after = setup();
  after.socket.start();
  after.ready();
  after.current().serverClose(code, "Refused.");
  after.timers.advance(10 * 60_000);
  expect(after.sockets).toHaveLength(1);
  expect(after.socket.ready).toBe(false);
  expect(after.socket.send(play(1))).toBeNull();
});

test("a server without the endpoint: three sockets that never became ready, then no more tries", () => {
  const { socket, sockets, timers, current } = setup();
  socket.start();
  current().fail(); // the upgrade refused (`next dev`, an older server)
  expect(timers.delays).toEqual([1000]);
  timers.advance(1000);
  current().open(); // a proxy that answers the upgrade but never the token…
  timers.advance(15_000); // …is given up after the handshake timeout
  expect(sockets[1]!.closedByClient).not.toBeNull();
  expect(timers.delays).toEqual([2000]);
  timers.advance(2000);
  current().serverClose(1002);
  expect(sockets).toHaveLength(3);
  expect(timers.delays).toEqual([]);
  timers.advance(10 * 60_000);
  expect(sockets).toHaveLength(3);
  expect(socket.ready).toBe(false);
});

test("once it has been ready, reconnects keep going, doubling up to the cap, and a ready socket starts over", () => {
  const { socket, timers, current, ready } = setup({ maxBackoffMs: 8000 });
  socket.start();
  ready();
  current().serverClose(1006);
  const seen: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    seen.push(...timers.delays);
    timers.advance(timers.delays[0]!);
    current().fail();
  }
  expect(seen).toEqual([1000, 2000, 4000, 8000, 8000]);
  timers.advance(timers.delays[0]!);
  ready();
  expect(socket.ready).toBe(true);
  current().serverClose(1006);
  expect(timers.delays).toEqual([1000]);
  socket.stop();
});

test("the reconnect delay is jittered", () => {
  const low = setup({ random: () => 0 });
  low.socket.start();
  low.ready();
  low.current().serverClose(1006);
  const high = setup({ random: () => 0.999 });
  high.socket.start();
  high.ready();
  high.current().serverClose(1006);
  expect(low.timers.delays[0]).toBeLessThan(high.timers.delays[0]!);
});

test("a command without an answer in time fails as unreachable and closes the stuck socket", async () => {
  const { socket, sockets, timers, current, ready } = setup();
  socket.start();
  ready();
  const stuck = socket.send(play(1));
  timers.advance(15_000);
  await expect(stuck).rejects.toBeInstanceOf(ServerUnreachableError);
  expect(sockets[0]!.closedByClient).not.toBeNull();
  expect(socket.ready).toBe(false);
  expect(socket.send(play(2))).toBeNull();
  current().receive({ n: 1, status: 200, body: null }); // too late, and from a socket given up: ignored
  expect(timers.delays).toEqual([1000]); // a new socket later
  socket.stop();
});

test("a frame over the server's limit is left to the POST and the socket carries on", () => {
  const { socket, current, ready } = setup();
  socket.start();
  ready();
  // 135 000 two-byte characters: under the limit in characters, over it (262 144) in UTF-8 bytes.
  const big = { v: 1, type: "chat", text: "é".repeat(135_000) };
  expect(socket.send(big)).toBeNull();
  expect(socket.ready).toBe(true);
  const small = { v: 1, type: "chat", text: "é".repeat(100_000) };
  expect(socket.send(small)).not.toBeNull();
  expect(current().sent.slice(1)).toEqual([{ n: 1, command: small }]);
  socket.stop();
});

test("an answer this client cannot read ends the socket for good: commands stay on the POST", async () => {
  const { socket, sockets, timers, current, ready } = setup();
  socket.start();
  ready();
  const pending = socket.send(play(1));
  current().receive("not json");
  await expect(pending).rejects.toBeInstanceOf(ServerUnreachableError);
  timers.advance(10 * 60_000);
  expect(sockets).toHaveLength(1);
  expect(socket.send(play(2))).toBeNull();
});

test("stop() closes the socket, fails what awaits an answer and cancels a planned reconnect", async () => {
  const a = setup();
  a.socket.start();
  a.ready();
  const pending = a.socket.send(play(1));
  a.socket.stop();
  await expect(pending).rejects.toBeInstanceOf(ServerUnreachableError);
  expect(a.sockets[0]!.closedByClient).not.toBeNull();
  expect(a.timers.delays).toEqual([]);

  const b = setup();
  b.socket.start();
  b.ready();
  b.current().serverClose(1006);
  expect(b.timers.delays).toEqual([1000]);
  b.socket.stop();
  expect(b.timers.delays).toEqual([]);
  b.socket.start(); // stopped is stopped
  expect(b.sockets).toHaveLength(1);
});

test("without a WebSocket in the runtime it is simply never ready", () => {
  const saved = Object.getOwnPropertyDescriptor(globalThis, "WebSocket");
  Object.defineProperty(globalThis, "WebSocket", { value: undefined, configurable: true, writable: true });
  try {
    const timers = new ManualTimers();
    const socket = new CommandSocket({ serverUrl: BASE, partyId: "p1", token: "tok", timers });
    socket.start();
    expect(socket.ready).toBe(false);
    expect(socket.send(play(1))).toBeNull();
    expect(timers.delays).toEqual([]);
  } finally {
    if (saved) Object.defineProperty(globalThis, "WebSocket", saved);
    else delete (globalThis as { WebSocket?: unknown }).WebSocket;
  }
});
