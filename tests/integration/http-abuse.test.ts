/**
 * Abuse at the HTTP level, against the real app (scripts/server.mjs): a GET that would change who is
 * in which party, rate limits dodged by spelling a party id another way, a request body trickled in
 * to hold a connection, one address holding ever more connections, and path ids PostgreSQL cannot
 * read. Each is answered with a clear 4xx/5xx and changes nothing.
 */
import net from "node:net";
import WebSocket from "ws";
import { Client, startApp, uniqueName, type RunningApp } from "./helpers/app";
import { api, bearer, command, createParty, guestToken, joinAndOpen, joinParty, type Ev } from "./helpers/party";
import { SseClient } from "./helpers/sse";

jest.setTimeout(120_000);

/** The per-client cap this file's app runs with (small, so a test can reach it). */
const MAX_CONNECTIONS = 40;

let app: RunningApp;
const streams: SseClient<Ev>[] = [];

beforeAll(async () => {
  app = await startApp({ env: { VP_HOST_GRACE_MS: "600000", VP_REQUEST_TIMEOUT_MS: "3000", VP_MAX_CONNECTIONS_PER_CLIENT: String(MAX_CONNECTIONS) } });
});
afterEach(() => {
  for (const s of streams.splice(0)) s.close();
});
afterAll(async () => {
  await app?.stop();
});

async function currentParty(token: string): Promise<string | null> {
  const res = await api(app.baseUrl, "GET", "/api/v1/users/me/current-party", token);
  return ((await res.json()) as { current_party: { id: string } | null }).current_party?.id ?? null;
}

/** A GET of a party's stream as a page on another site could make a browser send it; the stream, if any, is dropped. */
async function getEvents(path: string, headers: Record<string, string>): Promise<{ status: number; detail?: string }> {
  const res = await fetch(`${app.baseUrl}${path}`, { headers: { Accept: "text/event-stream", ...headers } });
  if (res.ok) {
    await res.body?.cancel();
    return { status: res.status };
  }
  return { status: res.status, detail: ((await res.json()) as { detail: string }).detail };
}

test("a GET of a party's stream joins nobody: an outsider is refused and stays in their party; members open and resume their stream", async () => {
  // The visitor is in a party of their own choosing.
  const hostA = await guestToken(app.baseUrl, "Real Host");
  const partyA = await createParty(app.baseUrl, hostA);
  streams.push(await joinAndOpen(app.baseUrl, partyA.id, hostA));
  const visitor = await guestToken(app.baseUrl, "Visitor Vi");
  streams.push(await joinAndOpen(app.baseUrl, partyA.id, visitor));

  // An attacker's private party, and a link to its stream by invite code and by id.
  const attacker = await guestToken(app.baseUrl, "Attacker Al");
  const partyB = await createParty(app.baseUrl, attacker, { visibility: "private" });
  const attackerStream = await joinAndOpen(app.baseUrl, partyB.id, attacker);
  streams.push(attackerStream);
  const refused = await getEvents(`/api/v1/parties/${partyB.invite_code}/events`, bearer(visitor));
  expect(refused.status).toBe(403);
  expect(refused.detail).toMatch(/^Join the party/);
  expect(await getEvents(`/api/v1/parties/${partyB.id}/events`, bearer(visitor))).toEqual({ status: 404, detail: "Party not found" });

  // Nothing changed: still in party A, chatting there; party B's roster never named them.
  expect(await currentParty(visitor)).toBe(partyA.id);
  expect((await command(app.baseUrl, partyA.id, visitor, { type: "chat", text: "still here" })).status).toBe(200);
  expect((await command(app.baseUrl, partyB.id, attacker, { type: "chat", text: "marker" })).status).toBe(200);
  await attackerStream.waitFor((e) => e.type === "chat" && (e.message as { text: string }).text === "marker");
  const rosters = attackerStream.events.filter((e) => e.data.type === "presence" || e.data.type === "snapshot").map((e) => JSON.stringify(e.data));
  expect(rosters.some((r) => r.includes("Visitor Vi"))).toBe(false);

  // A signed-in account's cookie riding a top-level navigation from another site: the same refusal.
  const account = new Client(app.baseUrl);
  expect((await account.signUp(uniqueName("nav"))).status).toBe(200);
  expect((await account.post(`/api/v1/parties/${partyA.id}/join`)).status).toBe(200);
  const navigated = await account.get(`/api/v1/parties/${partyB.invite_code}/events`, { Accept: "text/event-stream", "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate" });
  expect(navigated.status).toBe(403);
  await navigated.body?.cancel();
  const accountParty = (await (await account.get("/api/v1/users/me/current-party")).json()) as { current_party: { id: string } | null };
  expect(accountParty.current_party?.id).toBe(partyA.id);

  // Joining is the explicit POST; then the stream opens, and reopens with Last-Event-ID.
  await joinParty(app.baseUrl, partyB.invite_code, visitor);
  expect(await currentParty(visitor)).toBe(partyB.id);
  const first = await SseClient.open<Ev>(`${app.baseUrl}/api/v1/parties/${partyB.id}/events`, bearer(visitor));
  streams.push(first);
  await first.waitFor((e) => e.type === "snapshot");
  expect((await command(app.baseUrl, partyB.id, attacker, { type: "chat", text: "before the drop" })).status).toBe(200);
  const seen = await first.waitFor((e) => e.type === "chat" && (e.message as { text: string }).text === "before the drop");
  first.close();
  expect((await command(app.baseUrl, partyB.id, attacker, { type: "chat", text: "while away" })).status).toBe(200);
  const resumed = await SseClient.open<Ev>(`${app.baseUrl}/api/v1/parties/${partyB.id}/events`, { ...bearer(visitor), "Last-Event-ID": seen.id! });
  streams.push(resumed);
  const missed = await resumed.waitFor((e) => e.type === "chat");
  expect(missed.data).toMatchObject({ type: "chat", message: { text: "while away" } });
  expect(resumed.events.some((e) => e.data.type === "snapshot")).toBe(false);
  // The host reopens their own stream without joining again.
  const hostAgain = await SseClient.open<Ev>(`${app.baseUrl}/api/v1/parties/${partyA.id}/events`, bearer(hostA));
  streams.push(hostAgain);
  expect((await hostAgain.waitFor((e) => e.type === "snapshot")).data.role).toBe("host");
});

/** The same id with its first character percent-encoded: the route receives the same id. */
const encodedFirst = (id: string) => `%${id.charCodeAt(0).toString(16).toUpperCase()}${id.slice(1)}`;

test("a party id spelt with a percent-escape or in another letter case shares its command budget, over POST and over the command socket", async () => {
  const host = await guestToken(app.baseUrl, "Budget Host");
  const party = await createParty(app.baseUrl, host);
  // Spend the budget (200 commands per 10 s), eight at a time, until a command is refused.
  let refused = false;
  let sent = 0;
  while (!refused) {
    const batch = await Promise.all(Array.from({ length: 8 }, () => command(app.baseUrl, party.id, host, { type: "ping", t0: 1 })));
    sent += batch.length;
    refused = batch.some((res) => res.status === 429);
    expect(sent).toBeLessThanOrEqual(400);
  }
  const encoded = await api(app.baseUrl, "POST", `/api/v1/parties/${encodedFirst(party.id)}/commands`, host, { v: 1, type: "ping", t0: 1 });
  expect(encoded.status).toBe(429);
  expect(encoded.headers.get("retry-after")).toMatch(/^\d+$/);
  // Another letter case (invite codes are found in any) is the same budget too.
  const shouted = await api(app.baseUrl, "POST", `/api/v1/parties/${party.id.toUpperCase()}/commands`, host, { v: 1, type: "ping", t0: 1 });
  expect(shouted.status).toBe(429);

  const ws = new WebSocket(`${app.baseUrl.replace(/^http/, "ws")}/api/v1/parties/${encodedFirst(party.id)}/commands`);
  const frames: Record<string, unknown>[] = [];
  const answered = new Promise<Record<string, unknown>>((resolve, reject) => {
    ws.on("message", (data) => {
      const frame = JSON.parse(data.toString()) as Record<string, unknown>;
      frames.push(frame);
      if (frame.type === "ready") ws.send(JSON.stringify({ n: 1, command: { v: 1, type: "ping", t0: 1 } }));
      if (frame.n === 1) resolve(frame);
    });
    ws.once("close", (code, reason) => reject(new Error(`closed ${code} ${reason.toString()}: ${JSON.stringify(frames)}`)));
    ws.once("open", () => ws.send(JSON.stringify({ type: "auth", token: host })));
  });
  try {
    expect((await answered).status).toBe(429);
  } finally {
    ws.terminate();
  }
});

/** Sends a request head on a raw socket and resolves with everything the server sent until it closed. */
function rawExchange(head: string, trickle?: { bytes: number; everyMs: number }): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(app.port, "127.0.0.1");
    let received = "";
    let timer: NodeJS.Timeout | undefined;
    socket.on("data", (chunk) => (received += chunk.toString("latin1")));
    socket.on("error", reject);
    socket.on("close", () => {
      clearInterval(timer);
      resolve(received);
    });
    socket.write(head);
    if (trickle) {
      let left = trickle.bytes;
      timer = setInterval(() => {
        if (left-- > 0 && socket.writable) socket.write("x");
      }, trickle.everyMs);
    }
  });
}

test("a request body trickled in is cut off with 408 once the request deadline passes", async () => {
  const host = await guestToken(app.baseUrl, "Trickle Host");
  const party = await createParty(app.baseUrl, host);
  // 1 KB announced, a byte every 100 ms: it would take 100 s to arrive (the app allows 3 s here).
  const answer = await rawExchange(
    `POST /api/v1/parties/${party.id}/commands HTTP/1.1\r\nHost: localhost:${app.port}\r\nAuthorization: Bearer ${host}\r\n` +
      `Content-Type: application/json\r\nContent-Length: 1024\r\n\r\n{"v":1,`,
    { bytes: 1000, everyMs: 100 },
  );
  expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  expect(answer).toMatch(/"detail":"The request took too long to arrive/);
  // The app still answers others.
  expect((await api(app.baseUrl, "GET", "/api/v1/health", null)).status).toBe(200);
});

test("one address holding more connections than the cap is answered 503 with Retry-After; closing them frees the slots", async () => {
  const sockets: net.Socket[] = [];
  /** Opens a kept-alive connection, makes one request on it, and resolves with the answer's head. */
  const openOne = () =>
    new Promise<string>((resolve, reject) => {
      const socket = net.connect(app.port, "127.0.0.1");
      sockets.push(socket);
      let received = "";
      socket.on("error", reject);
      socket.on("data", (chunk) => {
        received += chunk.toString("latin1");
        // A served request leaves its connection open (kept alive); a refused one is closed after the answer.
        if (received.includes("\r\n\r\n") && !received.startsWith("HTTP/1.1 503")) resolve(received);
      });
      socket.on("close", () => resolve(received));
      socket.write(`GET /api/v1/health HTTP/1.1\r\nHost: localhost:${app.port}\r\n\r\n`);
    });
  try {
    let answer = "";
    // Every connection this test process holds counts (its fetch pool too): the cap is reached within
    // MAX_CONNECTIONS of ours.
    for (let i = 0; i <= MAX_CONNECTIONS && !answer.startsWith("HTTP/1.1 503"); i++) answer = await openOne();
    expect(answer).toMatch(/^HTTP\/1\.1 503 /);
    expect(answer).toMatch(/\r\nretry-after: \d+\r\n/i);
    expect(answer).toMatch(/"detail":"Too many open connections from your address/);
  } finally {
    for (const socket of sockets) socket.destroy();
  }
  // Connections closed, slots free: a new request is served once the server has seen them close
  // (which it does on its own time; until then a request may still be refused).
  let status = 503;
  while (status === 503) {
    const res = await fetch(`${app.baseUrl}/api/v1/health`);
    status = res.status;
    await res.body?.cancel();
    if (status === 503) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(status).toBe(200);
});

test("a recording page for an id PostgreSQL cannot read (a NUL byte) is a 404 without a database error", async () => {
  const before = app.output().length;
  const res = await fetch(`${app.baseUrl}/recordings/%00`);
  expect(res.status).toBe(404);
  await res.text();
  // Another request after it, so that anything the first one logged has been written.
  expect((await api(app.baseUrl, "GET", "/api/v1/health", null)).status).toBe(200);
  const logged = app.output().slice(before);
  expect(logged).not.toMatch(/22021|invalid byte sequence/i);
});
