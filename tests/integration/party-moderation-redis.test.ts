/**
 * Moderation across instances: two app instances on one database and one Redis. A kick
 * posted to instance A closes the member's stream on instance B and B refuses their rejoin; a guest
 * of B cannot moderate through A either. The moderation state's home is the database: an instance
 * started after Redis lost its data builds it from there.
 */
import { Redis } from "ioredis";
import { startCluster, TEST_REDIS_URL, type Cluster } from "./helpers/cluster";
import { api, bearer, command, createParty, guestToken, openMemberStream, type Ev } from "./helpers/party";
import type { SseClient } from "./helpers/sse";

jest.setTimeout(120_000);

let cluster: Cluster;
const streams: SseClient<Ev>[] = [];

beforeAll(async () => {
  cluster = await startCluster("vp_moderation", { VP_HOST_GRACE_MS: "600000" });
});
afterAll(async () => {
  for (const s of streams) s.close();
  await cluster?.stop();
});

const join = (baseUrl: string, partyId: string, token: string) => openMemberStream(baseUrl, partyId, token, streams);

test("a kick on instance A disconnects the member streaming from B, and B refuses their rejoin", async () => {
  const { a, b } = cluster;
  const host = await guestToken(a.baseUrl, "Cluster Host");
  const party = await createParty(a.baseUrl, host);
  await join(a.baseUrl, party.id, host);
  const guest = await guestToken(b.baseUrl, "Cluster Guest");
  const member = await join(b.baseUrl, party.id, guest);
  const bystanderToken = await guestToken(b.baseUrl, "Cluster Bystander");
  const bystander = await join(b.baseUrl, party.id, bystanderToken);

  // A guest (streaming on B) cannot kick through A: 403, nothing changes.
  expect((await command(a.baseUrl, party.id, bystanderToken, { type: "member.kick", memberId: member.id })).status).toBe(403);
  expect((await command(b.baseUrl, party.id, guest, { type: "chat", text: "still in" })).status).toBe(200);

  expect((await command(a.baseUrl, party.id, host, { type: "member.kick", memberId: member.id })).status).toBe(200);
  await member.stream.waitFor((e) => e.type === "member.removed" && e.memberId === member.id);
  await member.stream.done;
  await bystander.stream.waitFor((e) => e.type === "member.removed" && e.memberId === member.id);

  for (const app of [b, a]) {
    expect((await command(app.baseUrl, party.id, guest, { type: "chat", text: "back?" })).status).toBe(403);
    const res = await fetch(`${app.baseUrl}/api/v1/parties/${party.id}/events`, { headers: { Accept: "text/event-stream", ...bearer(guest) } });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { detail: string }).detail).toBe("The host removed you from the party.");
    const joined = await api(app.baseUrl, "POST", `/api/v1/parties/${party.id}/join`, guest);
    expect(joined.status).toBe(403);
  }
});

test("mute and lock set on instance A are enforced by instance B", async () => {
  const { a, b } = cluster;
  const host = await guestToken(a.baseUrl, "Cluster Host 2");
  const party = await createParty(a.baseUrl, host);
  await join(a.baseUrl, party.id, host);
  const guest = await guestToken(b.baseUrl, "Cluster Talker");
  const member = await join(b.baseUrl, party.id, guest);

  expect((await command(a.baseUrl, party.id, host, { type: "member.mute", memberId: member.id })).status).toBe(200);
  expect((await command(a.baseUrl, party.id, host, { type: "room.lock", locked: true })).status).toBe(200);
  await member.stream.waitFor((e) => e.type === "moderation" && (e.moderation as { locked: boolean }).locked);
  const chat = await command(b.baseUrl, party.id, guest, { type: "chat", text: "hello?" });
  expect(chat.status).toBe(403);
  expect(((await chat.json()) as { detail: string }).detail).toBe("The host muted you.");
  const newcomer = await api(b.baseUrl, "POST", `/api/v1/parties/${party.id}/join`, await guestToken(b.baseUrl, "Cluster Late"));
  expect(newcomer.status).toBe(403);
  expect(((await newcomer.json()) as { detail: string }).detail).toBe("This party is locked.");
});

test("after Redis loses its data, an instance started later still refuses the muted guest and the locked door", async () => {
  const { a, b } = cluster;
  const host = await guestToken(a.baseUrl, "Cluster Host 3");
  const party = await createParty(a.baseUrl, host);
  await join(a.baseUrl, party.id, host);
  const guest = await guestToken(b.baseUrl, "Cluster Shouter");
  const member = await join(b.baseUrl, party.id, guest);
  expect((await command(a.baseUrl, party.id, host, { type: "member.mute", memberId: member.id })).status).toBe(200);
  expect((await command(a.baseUrl, party.id, host, { type: "room.lock", locked: true })).status).toBe(200);
  await member.stream.waitFor((e) => e.type === "moderation" && (e.moderation as { locked: boolean }).locked);

  // Redis restarts without persistence: every key of the instances' prefix is gone.
  const redis = new Redis(TEST_REDIS_URL);
  try {
    const keys = await redis.keys(`${cluster.redisPrefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    await redis.quit();
  }

  const c = await cluster.startInstance();
  for (const app of [c, a, b]) {
    const chat = await command(app.baseUrl, party.id, guest, { type: "chat", text: "nobody muted me here" });
    expect(chat.status).toBe(403);
    expect(((await chat.json()) as { detail: string }).detail).toBe("The host muted you.");
  }
  const newcomer = await api(c.baseUrl, "POST", `/api/v1/parties/${party.id}/join`, await guestToken(c.baseUrl, "Cluster Later"));
  expect(newcomer.status).toBe(403);
  expect(((await newcomer.json()) as { detail: string }).detail).toBe("This party is locked.");
});
