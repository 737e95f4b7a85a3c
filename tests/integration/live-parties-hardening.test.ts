/**
 * Live parties under hostile use, against the real app: ended parties leave nothing behind in the
 * bus, the drawing a joiner downloads is bounded, a member who left (or moved to another party) can
 * no longer post, and a client that stops reading its stream has its connection closed.
 *
 * The bus's contents are read through the diagnostics endpoint, which exists only when the app is
 * started with VP_DIAGNOSTICS=1 (off by default, 404 otherwise).
 */
import net from "node:net";
import { startApp, type RunningApp } from "./helpers/app";
import { api, command, createParty, guestToken, joinAndOpen, joinParty, type Ev } from "./helpers/party";
import { SseClient } from "./helpers/sse";

jest.setTimeout(180_000);

/** A small slow-client cut-off, so a stalled stream reaches it after a few megabytes, not dozens. */
const SSE_CUTOFF_BYTES = 256 * 1024;

let app: RunningApp;
const streams: SseClient<Ev>[] = [];

async function stream(partyId: string, token: string) {
  const s = await joinAndOpen(app.baseUrl, partyId, token);
  streams.push(s);
  return s;
}

interface Diagnostics {
  bus: { kind: string; parties: number | null };
  rooms: number;
  logs: Record<string, { events: number; bytes: number } | null>;
  loadedRooms: Record<string, boolean>;
}

async function diagnostics(partyIds: string[]): Promise<Diagnostics> {
  const res = await fetch(`${app.baseUrl}/api/v1/diagnostics/realtime?party=${partyIds.join(",")}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Diagnostics;
}

/** A maximum-size stroke with full-precision coordinates, as a hostile client would send. */
function bigStroke(id: string, points = 2000) {
  return {
    id,
    points: Array.from({ length: points }, (_, i) => [((i * 7919) % 10007) / 10007 + 1e-9, ((i * 104729) % 10009) / 10009 + 1e-9]),
    color: "#ff0000",
    width: 0.01,
  };
}

beforeAll(async () => {
  app = await startApp({ env: { VP_DIAGNOSTICS: "1", VP_SSE_MAX_QUEUED_BYTES: String(SSE_CUTOFF_BYTES) } });
});
afterEach(() => {
  for (const s of streams.splice(0)) s.close();
});
afterAll(async () => {
  await app?.stop();
});

test("50 parties created, filled and ended leave no replica on the instance, nor (in process) an event log in the bus", async () => {
  // Five hosts, ten parties each in turn (one live party per host at a time); half end with
  // DELETE /parties/{id}, half by the host leaving.
  const hosts = await Promise.all([1, 2, 3, 4, 5].map((n) => guestToken(app.baseUrl, `Churn Host ${n}`)));
  const viewers = await Promise.all([1, 2, 3, 4, 5].map((n) => guestToken(app.baseUrl, `Churn Viewer ${n}`)));
  const ended: string[] = [];
  const hostOf = new Map<string, number>();
  await Promise.all(
    hosts.map(async (host, h) => {
      for (let round = 0; round < 10; round++) {
        const party = await createParty(app.baseUrl, host);
        const watcher = await stream(party.id, viewers[h]!);
        await watcher.waitFor((e) => e.type === "snapshot");
        expect((await command(app.baseUrl, party.id, host, { type: "draw.stroke", stroke: bigStroke(`s${round}`, 200) })).status).toBe(200);
        expect((await command(app.baseUrl, party.id, host, { type: "chat", text: `round ${round}` })).status).toBe(200);
        expect((await command(app.baseUrl, party.id, host, { type: "play", position: round, cid: 1 })).status).toBe(200);
        await watcher.waitFor((e) => e.type === "playback");
        // The bus holds the running party's log.
        expect((await diagnostics([party.id])).logs[party.id]).toMatchObject({ events: expect.any(Number) });
        const end =
          round % 2 === 0
            ? await api(app.baseUrl, "DELETE", `/api/v1/parties/${party.id}`, host)
            : await api(app.baseUrl, "DELETE", "/api/v1/users/me/leave-party", host);
        expect(end.status).toBe(204);
        // Members still get the final state before their stream closes.
        await watcher.waitFor((e) => e.type === "party" && (e.party as { state: string }).state === "ENDED");
        await watcher.done;
        ended.push(party.id);
        hostOf.set(party.id, h);
      }
    }),
  );
  expect(ended).toHaveLength(50);

  const after = await diagnostics(ended);
  // The in-process bus frees an ended party's log at once. On Redis the log expires within a minute,
  // so instances still reading it deliver the final event (live-parties-redis checks that expiry).
  const inProcess = !process.env.REDIS_URL;
  expect(after.bus.kind).toBe(inProcess ? "memory" : "redis");
  for (const id of ended) {
    if (inProcess) expect(after.logs[id]).toBeNull();
    expect(after.loadedRooms[id]).toBe(false);
  }
  // Touching an ended party afterwards (a stale client's command or stream) does not bring it back.
  const last = ended.at(-1)!;
  const h = hostOf.get(last)!;
  expect((await command(app.baseUrl, last, hosts[h]!, { type: "chat", text: "anyone?" })).status).toBe(409);
  expect((await command(app.baseUrl, last, viewers[h]!, { type: "chat", text: "hello?" })).status).toBe(409);
  expect((await api(app.baseUrl, "GET", `/api/v1/parties/${last}/events`, viewers[h]!)).status).toBe(409);
  const again = await diagnostics([last]);
  if (inProcess) expect(again.logs[last]).toBeNull();
  expect(again.loadedRooms[last]).toBe(false);
});

test("the diagnostics endpoint does not exist unless VP_DIAGNOSTICS=1", async () => {
  const plain = await startApp();
  try {
    const res = await fetch(`${plain.baseUrl}/api/v1/diagnostics/realtime`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "not_found" });
  } finally {
    await plain.stop();
  }
});

test("a joiner's snapshot holds a bounded drawing: oldest strokes dropped, coordinates rounded", async () => {
  const host = await guestToken(app.baseUrl, "Painter");
  const party = await createParty(app.baseUrl, host);
  // 12 strokes × 2 000 points = 24 000 points: more than the drawing keeps.
  for (let i = 0; i < 12; i++) {
    expect((await command(app.baseUrl, party.id, host, { type: "draw.stroke", stroke: bigStroke(`big${i}`) })).status).toBe(200);
  }
  const guest = await stream(party.id, await guestToken(app.baseUrl, "Looker"));
  const snapshot = (await guest.waitFor((e) => e.type === "snapshot")).data as unknown as { strokes: { id: string; points: number[][] }[] };
  const ids = snapshot.strokes.map((s) => s.id);
  const totalPoints = snapshot.strokes.reduce((sum, s) => sum + s.points.length, 0);
  expect(totalPoints).toBeLessThanOrEqual(20_000);
  // The newest strokes stay, in order; the oldest went.
  expect(ids).toEqual(Array.from({ length: 10 }, (_, i) => `big${i + 2}`));
  for (const [x, y] of snapshot.strokes.flatMap((s) => s.points)) {
    expect(Math.round(x! * 1e4) / 1e4).toBe(x);
    expect(Math.round(y! * 1e4) / 1e4).toBe(y);
  }
  // Live events carry the rounded stroke too.
  expect((await command(app.baseUrl, party.id, host, { type: "draw.stroke", stroke: bigStroke("live", 3) })).status).toBe(200);
  const live = (await guest.waitFor((e) => e.type === "draw.stroke")).data as unknown as { stroke: { points: number[][] } };
  expect(live.stroke.points).toEqual(bigStroke("live", 3).points.map((p) => p.map((v) => Math.round(v * 1e4) / 1e4)));
});

test("a guest who left, or moved to another party, can no longer chat in the old one", async () => {
  const hostA = await guestToken(app.baseUrl, "Host Left");
  const hostB = await guestToken(app.baseUrl, "Host Right");
  const partyA = await createParty(app.baseUrl, hostA);
  const partyB = await createParty(app.baseUrl, hostB);
  const guest = await guestToken(app.baseUrl, "Wanderer");

  // Joined and chatting (the membership is now known to the instance).
  expect((await api(app.baseUrl, "POST", `/api/v1/parties/${partyA.id}/join`, guest)).status).toBe(200);
  expect((await command(app.baseUrl, partyA.id, guest, { type: "chat", text: "hello A" })).status).toBe(200);
  // Leaves: chat is refused at once.
  expect((await api(app.baseUrl, "DELETE", "/api/v1/users/me/leave-party", guest)).status).toBe(204);
  const refused = await command(app.baseUrl, partyA.id, guest, { type: "chat", text: "still here?" });
  expect(refused.status).toBe(403);
  expect(await refused.json()).toEqual({ detail: "Join the party before sending to it.", code: "not_member" });

  // Rejoins A (by streaming it), then joins B: only B accepts chat now.
  const s = await stream(partyA.id, guest);
  await s.waitFor((e) => e.type === "snapshot");
  expect((await command(app.baseUrl, partyA.id, guest, { type: "chat", text: "back in A" })).status).toBe(200);
  expect((await api(app.baseUrl, "POST", `/api/v1/parties/${partyB.id}/join`, guest)).status).toBe(200);
  expect((await command(app.baseUrl, partyA.id, guest, { type: "chat", text: "A again?" })).status).toBe(403);
  expect((await command(app.baseUrl, partyB.id, guest, { type: "chat", text: "hello B" })).status).toBe(200);

  // Nothing the refused commands carried reached party A's members.
  const host = await stream(partyA.id, hostA);
  const snap = (await host.waitFor((e) => e.type === "snapshot")).data as unknown as { chat: { text: string }[] };
  expect(snap.chat.map((m) => m.text)).toEqual(["hello A", "back in A"]);
});

/** Opens a party stream on a raw socket, reads the response head and the snapshot, then stops reading. */
function stalledStream(partyId: string, token: string): Promise<{ socket: net.Socket; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(app.port, "127.0.0.1");
    let head = "";
    let closedResolve: () => void;
    const closed = new Promise<void>((r) => (closedResolve = r));
    socket.on("error", () => {}); // a reset is what the test expects
    socket.on("close", () => closedResolve());
    const onData = (chunk: Buffer) => {
      head += chunk.toString("latin1");
      if (!head.includes('"type":"snapshot"')) return;
      if (!head.startsWith("HTTP/1.1 200")) return reject(new Error(head.slice(0, 200)));
      socket.off("data", onData);
      socket.pause(); // from here on nothing is read: the kernel buffers fill, then the server's queue
      resolve({ socket, closed });
    };
    socket.on("data", onData);
    socket.write(`GET /api/v1/parties/${partyId}/events HTTP/1.1\r\nHost: localhost:${app.port}\r\nAuthorization: Bearer ${token}\r\nAccept: text/event-stream\r\n\r\n`);
  });
}

test("a client that stops reading its stream is cut off and its connection is closed", async () => {
  const host = await guestToken(app.baseUrl, "Flooder");
  const party = await createParty(app.baseUrl, host);
  const hostStream = await stream(party.id, host);
  const sleeper = await guestToken(app.baseUrl, "Sleeper");
  await joinParty(app.baseUrl, party.id, sleeper);
  const { socket, closed } = await stalledStream(party.id, sleeper);
  await hostStream.waitFor((e) => e.type === "presence" && e.members === 2);

  // Strokes until the stalled stream is cut off: its member disappears from presence.
  let cutOff = false;
  void hostStream.waitFor((e) => e.type === "presence" && e.members === 1, 170_000).then(() => (cutOff = true), () => {});
  for (let i = 0; !cutOff; i++) {
    const res = await command(app.baseUrl, party.id, host, { type: "draw.stroke", stroke: bigStroke(`f${i}`) });
    if (res.status === 429) await new Promise((r) => setTimeout(r, 1000));
    else expect(res.status).toBe(200);
  }

  // Reading again: whatever was still buffered arrives, then the connection is gone (not merely a
  // finished response on a socket the server keeps open).
  let received = "";
  socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
  socket.resume();
  const ended = await Promise.race([
    closed.then(() => "closed" as const),
    new Promise<"open">((resolve) => {
      const check = () => {
        // The response finished with the chunked terminator: ask for more on the same connection.
        if (received.endsWith("0\r\n\r\n")) {
          socket.write(`GET /api/v1/health HTTP/1.1\r\nHost: localhost:${app.port}\r\n\r\n`);
          socket.off("data", check);
          socket.on("data", () => {
            if (received.includes("HTTP/1.1 200", received.lastIndexOf("0\r\n\r\n"))) resolve("open");
          });
        }
      };
      socket.on("data", check);
    }),
  ]);
  socket.destroy();
  expect(ended).toBe("closed");
});
