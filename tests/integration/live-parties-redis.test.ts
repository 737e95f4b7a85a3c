/**
 * Scale-out: two app instances share one PostgreSQL database and one Redis (REDIS_URL). A command
 * posted to instance A reaches a guest streaming from instance B, in order; resume with
 * Last-Event-ID works on either; presence and the public list count members on both.
 */
import { Redis } from "ioredis";
import { type RunningApp } from "./helpers/app";
import { startCluster, TEST_REDIS_URL as REDIS_URL, type Cluster } from "./helpers/cluster";
import { api, command, createParty, guestToken, joinAndOpen, type Ev } from "./helpers/party";
import { SseClient } from "./helpers/sse";

jest.setTimeout(120_000);

let cluster: Cluster;
let prefix: string;
let a: RunningApp;
let b: RunningApp;
const streams: SseClient<Ev>[] = [];

beforeAll(async () => {
  cluster = await startCluster("vp_redis", { VP_HOST_GRACE_MS: "1000" });
  ({ a, b, redisPrefix: prefix } = cluster);
});

afterAll(async () => {
  for (const s of streams) s.close();
  await cluster?.stop();
});

async function stream(app: RunningApp, partyId: string, token: string, headers: Record<string, string> = {}) {
  const s = await joinAndOpen(app.baseUrl, partyId, token, headers);
  streams.push(s);
  return s;
}

test("a host command on instance A reaches a guest streaming from instance B, in order", async () => {
  const host = await guestToken(a.baseUrl, "Host A");
  const party = await createParty(a.baseUrl, host);
  const guest = await guestToken(b.baseUrl, "Guest B");
  const onB = await stream(b, party.id, guest);
  expect((await onB.waitFor((e) => e.type === "snapshot")).data).toMatchObject({ party: { id: party.id }, role: "guest" });

  for (let i = 1; i <= 5; i++) {
    expect((await command(a.baseUrl, party.id, host, { type: "seek", position: i * 10, cid: i })).status).toBe(200);
  }
  await onB.waitFor((e) => e.type === "playback" && (e as { cid?: number }).cid === 5);
  const cids = onB.events.filter((e) => e.data.type === "playback").map((e) => (e.data as { cid?: number }).cid);
  expect(cids).toEqual([1, 2, 3, 4, 5]);

  // Chat sent on B reaches a stream on A.
  const hostStream = await stream(a, party.id, host);
  await hostStream.waitFor((e) => e.type === "snapshot");
  await command(b.baseUrl, party.id, guest, { type: "chat", text: "hello from B" });
  await hostStream.waitFor((e) => e.type === "chat" && (e.message as { text: string }).text === "hello from B");
});

test("presence counts members on both instances; the host dropping on A is seen on B", async () => {
  const host = await guestToken(a.baseUrl, "Host P");
  const party = await createParty(a.baseUrl, host);
  const hostStream = await stream(a, party.id, host);
  const onB = await stream(b, party.id, await guestToken(b.baseUrl, "Viewer P"));
  await onB.waitFor((e) => e.type === "presence" && e.members === 2 && e.hostOnline === true);
  // The names too, from both instances: the host (streaming on A) first, then the viewer on B.
  const names = (e: Ev) => ((e.roster as { displayName: string; role: string; guest: boolean }[] | undefined) ?? []).map((m) => `${m.displayName}:${m.role}:${m.guest}`);
  await onB.waitFor((e) => e.type === "presence" && names(e).join() === "Host P:host:true,Viewer P:guest:true");
  // A late joiner on A gets the roster in its snapshot; everyone sees it grow.
  const late = await stream(a, party.id, await guestToken(a.baseUrl, "Late P"));
  const snapshot = await late.waitFor((e) => e.type === "snapshot");
  expect(names(snapshot.data).slice(0, 2)).toEqual(["Host P:host:true", "Viewer P:guest:true"]);
  const grown = await onB.waitFor((e) => e.type === "presence" && names(e).join() === "Host P:host:true,Viewer P:guest:true,Late P:guest:true");
  late.close();
  await onB.waitFor(
    (e, event) => onB.events.indexOf(event) > onB.events.indexOf(grown) && e.type === "presence" && e.members === 2 && names(e).join() === "Host P:host:true,Viewer P:guest:true",
  );
  const listed = ((await (await fetch(`${b.baseUrl}/api/v1/parties/active`)).json()) as { id: string; party_size: number }[]).find(
    (p) => p.id === party.id,
  );
  expect(listed?.party_size).toBe(2);

  hostStream.close();
  await onB.waitFor((e) => e.type === "party" && (e.party as { state: string }).state === "AWAITING_RECONNECT");
});

test("a guest dropped from B resumes on A with Last-Event-ID and gets every missed event once", async () => {
  const host = await guestToken(a.baseUrl, "Host R");
  const party = await createParty(a.baseUrl, host);
  const guest = await guestToken(b.baseUrl, "Roamer");
  const first = await stream(b, party.id, guest);
  await command(a.baseUrl, party.id, host, { type: "play", position: 0, cid: 1 });
  await first.waitFor((e) => (e as { cid?: number }).cid === 1);
  const from = first.lastId!;
  first.close();

  for (let i = 2; i <= 6; i++) await command(a.baseUrl, party.id, host, { type: "seek", position: i, cid: i });
  const resumed = await stream(a, party.id, guest, { "Last-Event-ID": from });
  await resumed.waitFor((e) => (e as { cid?: number }).cid === 6);
  await command(b.baseUrl, party.id, guest, { type: "chat", text: "back" });
  await resumed.waitFor((e) => e.type === "chat");
  expect(resumed.events.some((e) => e.data.type === "snapshot")).toBe(false);
  const cids = resumed.events.filter((e) => e.data.type === "playback").map((e) => (e.data as { cid?: number }).cid);
  expect(cids).toEqual([2, 3, 4, 5, 6]);
  const ids = resumed.events.map((e) => e.id);
  expect(new Set(ids).size).toBe(ids.length);
});

test("a non-host command through either instance is 403", async () => {
  const host = await guestToken(a.baseUrl, "Host F");
  const party = await createParty(a.baseUrl, host);
  const guest = await guestToken(b.baseUrl, "Not Host");
  await api(b.baseUrl, "POST", `/api/v1/parties/${party.id}/join`, guest);
  for (const app of [a, b]) expect((await command(app.baseUrl, party.id, guest, { type: "pause" })).status).toBe(403);
});

test("a guest who leaves on one instance, or moves to another party, is refused on both at once", async () => {
  const hostA = await guestToken(a.baseUrl, "Host M1");
  const hostB = await guestToken(b.baseUrl, "Host M2");
  const first = await createParty(a.baseUrl, hostA);
  const second = await createParty(b.baseUrl, hostB);
  const guest = await guestToken(a.baseUrl, "Hopper");

  // Joined on A; chatting through both instances (each has now seen the member).
  expect((await api(a.baseUrl, "POST", `/api/v1/parties/${first.id}/join`, guest)).status).toBe(200);
  for (const app of [a, b]) expect((await command(app.baseUrl, first.id, guest, { type: "chat", text: "hi" })).status).toBe(200);

  // Leaves through A: B refuses at once too.
  expect((await api(a.baseUrl, "DELETE", "/api/v1/users/me/leave-party", guest)).status).toBe(204);
  for (const app of [b, a]) expect((await command(app.baseUrl, first.id, guest, { type: "chat", text: "still?" })).status).toBe(403);

  // Rejoins through B's stream, chats on A; then switches to the second party through B.
  const s = await stream(b, first.id, guest);
  await s.waitFor((e) => e.type === "snapshot");
  expect((await command(a.baseUrl, first.id, guest, { type: "chat", text: "back" })).status).toBe(200);
  expect((await api(b.baseUrl, "POST", `/api/v1/parties/${second.id}/join`, guest)).status).toBe(200);
  for (const app of [a, b]) {
    expect((await command(app.baseUrl, first.id, guest, { type: "chat", text: "old party" })).status).toBe(403);
    expect((await command(app.baseUrl, second.id, guest, { type: "chat", text: `new party via ${app.port}` })).status).toBe(200);
  }
});

test("a party ended on one instance is freed on both: streams close, its log expires, nothing revives it", async () => {
  const host = await guestToken(a.baseUrl, "Host E");
  const party = await createParty(a.baseUrl, host);
  const guest = await guestToken(b.baseUrl, "Guest E");
  const onB = await stream(b, party.id, guest);
  await onB.waitFor((e) => e.type === "snapshot");
  expect((await command(b.baseUrl, party.id, guest, { type: "chat", text: "before the end" })).status).toBe(200);
  const redis = new Redis(REDIS_URL);
  try {
    expect(await redis.pttl(`${prefix}:party:${party.id}:events`)).toBeGreaterThan(24 * 3600 * 1000);

    expect((await api(a.baseUrl, "DELETE", `/api/v1/parties/${party.id}`, host)).status).toBe(204);
    // B's member gets the final state, then B closes the stream (B retired the party too).
    await onB.waitFor((e) => e.type === "party" && (e.party as { state: string }).state === "ENDED");
    await onB.done;
    const ttl = await redis.pttl(`${prefix}:party:${party.id}:events`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
    expect(await redis.exists(`${prefix}:party:${party.id}:members`)).toBe(0);
    // A late command through either instance is refused and does not extend the log's life.
    for (const app of [b, a]) expect((await command(app.baseUrl, party.id, guest, { type: "chat", text: "late" })).status).toBe(409);
    expect(await redis.pttl(`${prefix}:party:${party.id}:events`)).toBeLessThanOrEqual(60_000);
  } finally {
    await redis.quit();
  }
});
