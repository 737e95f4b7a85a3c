/**
 * Handing over the host role across instances: two app instances on one PostgreSQL database and one
 * Redis. The host (streaming from A) hands the role to a member streaming from B: both instances'
 * streams learn it, B takes the new host's playback, both refuse the old host's, and a guest of B
 * cannot hand the role over through A.
 */
import { startCluster, type Cluster } from "./helpers/cluster";
import { api, command, createParty, guestToken, openMemberStream, type Ev } from "./helpers/party";
import type { SseClient } from "./helpers/sse";

jest.setTimeout(180_000);

let cluster: Cluster;
const streams: SseClient<Ev>[] = [];

beforeAll(async () => {
  cluster = await startCluster("vp_handover", { VP_HOST_GRACE_MS: "600000" });
});
afterAll(async () => {
  for (const s of streams) s.close();
  await cluster?.stop();
});

const join = (baseUrl: string, partyId: string, token: string) => openMemberStream(baseUrl, partyId, token, streams);

const hostOf = (e: Ev) => (e.party as { hostUserId: string }).hostUserId;

test("a hand-over posted to instance A takes effect on instance B", async () => {
  const { a, b } = cluster;
  const host = await guestToken(a.baseUrl, "Cluster Host");
  const party = await createParty(a.baseUrl, host);
  const hostMember = await join(a.baseUrl, party.id, host);
  const nextToken = await guestToken(b.baseUrl, "Cluster Next");
  const next = await join(b.baseUrl, party.id, nextToken);
  const bystanderToken = await guestToken(b.baseUrl, "Cluster Bystander");
  const bystander = await join(b.baseUrl, party.id, bystanderToken);
  await hostMember.stream.waitFor((e) => e.type === "presence" && Array.isArray(e.roster) && (e.roster as { userId: string }[]).some((m) => m.userId === next.id));

  // A guest streaming from B cannot hand over through A (nor through B): 403, nothing changes.
  for (const app of [a, b]) {
    const refused = await command(app.baseUrl, party.id, bystanderToken, { type: "host.handover", memberId: bystander.id });
    expect(refused.status).toBe(403);
  }
  expect((await api(b.baseUrl, "POST", `/api/v1/parties/${party.id}/commands`, null, { v: 1, type: "host.handover", memberId: next.id })).status).toBe(401);

  expect((await command(a.baseUrl, party.id, host, { type: "host.handover", memberId: next.id })).status).toBe(200);
  await next.stream.waitFor((e) => e.type === "party" && hostOf(e) === next.id);
  await bystander.stream.waitFor((e) => e.type === "party" && hostOf(e) === next.id);
  await hostMember.stream.waitFor((e) => e.type === "party" && hostOf(e) === next.id);
  // The roster built from both instances' presence names the new host.
  await hostMember.stream.waitFor((e) => e.type === "presence" && Array.isArray(e.roster) && (e.roster as { userId: string; role: string }[])[0]?.userId === next.id);

  // The new host plays through B; the old host is refused on both instances.
  expect((await command(b.baseUrl, party.id, nextToken, { type: "pause", position: 7 })).status).toBe(200);
  await hostMember.stream.waitFor((e) => e.type === "playback" && (e.state as { paused: boolean; position: number }).position === 7);
  for (const app of [a, b]) {
    expect((await command(app.baseUrl, party.id, host, { type: "play", position: 7 })).status).toBe(403);
    const res = await api(app.baseUrl, "GET", `/api/v1/parties/${party.id}`, host);
    expect(((await res.json()) as { role: string }).role).toBe("guest");
  }
  // A new stream of the old host on B starts as a guest; the new host's on A as the host.
  expect((await join(b.baseUrl, party.id, host)).role).toBe("guest");
  expect((await join(a.baseUrl, party.id, nextToken)).role).toBe("host");
});
