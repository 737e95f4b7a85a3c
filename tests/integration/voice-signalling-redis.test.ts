/**
 * Voice across instances: two app instances on one PostgreSQL database and one Redis. A member in
 * voice streaming from instance A gets the signal a member on instance B sends (relayed over Redis
 * pub/sub, not the party's log), nobody else does, and both instances hold the same voice state.
 * Joins pressed at the same moment on both instances all hold (a voice change computed from a state
 * another instance changed meanwhile is computed again, not appended over it). With no STUN/TURN
 * configured, the ICE servers answer is empty: nothing external is contacted.
 */
import { startCluster, type Cluster } from "./helpers/cluster";
import { api, command, createParty, guestToken, openMemberStream, type Ev } from "./helpers/party";
import type { SseClient } from "./helpers/sse";

jest.setTimeout(120_000);

let cluster: Cluster;
const streams: SseClient<Ev>[] = [];

beforeAll(async () => {
  cluster = await startCluster("vp_voice", { VP_HOST_GRACE_MS: "600000" });
});
afterAll(async () => {
  for (const s of streams) s.close();
  await cluster?.stop();
});

const OFFER = { kind: "description", description: { type: "offer", sdp: "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n" } };

test("a signal from a member on instance B reaches the one in voice on instance A only; the voice state is the same on both", async () => {
  const { a, b } = cluster;
  const hostToken = await guestToken(a.baseUrl, "Voice Host A");
  const party = await createParty(a.baseUrl, hostToken);
  const host = await openMemberStream(a.baseUrl, party.id, hostToken, streams);
  const guestToken1 = await guestToken(b.baseUrl, "Voice Guest B");
  const guest = await openMemberStream(b.baseUrl, party.id, guestToken1, streams);
  const bystanderToken = await guestToken(b.baseUrl, "Voice Bystander B");
  const bystander = await openMemberStream(b.baseUrl, party.id, bystanderToken, streams);

  expect((await command(a.baseUrl, party.id, hostToken, { type: "voice.join" })).status).toBe(200);
  expect((await command(b.baseUrl, party.id, guestToken1, { type: "voice.join", camera: true })).status).toBe(200);
  expect((await command(b.baseUrl, party.id, bystanderToken, { type: "voice.join", mode: "listen" })).status).toBe(200);
  const settled = (e: Ev) => e.type === "voice" && (e.voice as { members: unknown[]; listeners: unknown[] }).members.length === 2 && (e.voice as { listeners: unknown[] }).listeners.length === 1;
  const onA = (await host.stream.waitFor(settled)).data.voice;
  const onB = (await guest.stream.waitFor(settled)).data.voice;
  expect(onB).toEqual(onA);

  // B → A, and A → B.
  expect((await command(b.baseUrl, party.id, guestToken1, { type: "voice.signal", to: host.id, signal: OFFER })).status).toBe(200);
  expect((await host.stream.waitFor((e) => e.type === "voice.signal")).data).toEqual({ v: 1, type: "voice.signal", from: guest.id, to: host.id, signal: OFFER });
  const answer = { kind: "description", description: { type: "answer", sdp: OFFER.description.sdp } };
  expect((await command(a.baseUrl, party.id, hostToken, { type: "voice.signal", to: guest.id, signal: answer })).status).toBe(200);
  expect((await guest.stream.waitFor((e) => e.type === "voice.signal")).data).toMatchObject({ from: host.id, to: guest.id, signal: answer });
  // A refusal on B knows A's state: the bystander only listens, so it reaches the host alone.
  expect((await command(b.baseUrl, party.id, bystanderToken, { type: "voice.signal", to: guest.id, signal: OFFER })).status).toBe(409);

  expect((await command(a.baseUrl, party.id, hostToken, { type: "chat", text: "marker" })).status).toBe(200);
  await bystander.stream.waitFor((e) => e.type === "chat");
  expect(bystander.stream.events.filter((e) => e.data.type === "voice.signal")).toEqual([]);
  expect(host.stream.events.filter((e) => e.data.type === "voice.signal")).toHaveLength(1);

  // A member arriving on either instance is told the same state.
  const lateA = await openMemberStream(a.baseUrl, party.id, await guestToken(a.baseUrl, "Late A"), streams);
  const lateB = await openMemberStream(b.baseUrl, party.id, await guestToken(b.baseUrl, "Late B"), streams);
  expect(lateA.snapshot.voice).toEqual(onA);
  expect(lateB.snapshot.voice).toEqual(onA);
});

test("members pressing Join voice at the same moment on both instances all get their seat: none is dropped by a change computed elsewhere", async () => {
  const { a, b } = cluster;
  const hostToken = await guestToken(a.baseUrl, "Rush Host");
  const party = await createParty(a.baseUrl, hostToken);
  const host = await openMemberStream(a.baseUrl, party.id, hostToken, streams);
  // Three members on each instance, each with an open stream there.
  const members = await Promise.all(
    Array.from({ length: 6 }, async (_, i) => {
      const at = i % 2 === 0 ? a : b;
      const token = await guestToken(at.baseUrl, `Rush ${i + 1}`);
      const member = await openMemberStream(at.baseUrl, party.id, token, streams);
      return { at, token, id: member.id };
    }),
  );
  type Voice = { members: { memberId: string }[] };
  /** The first voice event after `from` (an index into the host's events) that matches. */
  const voiceAfter = async (from: number, match: (voice: Voice) => boolean) =>
    (await host.stream.waitFor((e, event) => e.type === "voice" && host.stream.events.indexOf(event) >= from && match(e.voice as Voice))).data.voice as Voice;
  for (let round = 0; round < 3; round++) {
    // Everyone in at once (each instance serves its own in turn, but the two instances race each other) ...
    let from = host.stream.events.length;
    const joins = await Promise.all(members.map((m) => command(m.at.baseUrl, party.id, m.token, { type: "voice.join" })));
    expect(joins.map((r) => r.status)).toEqual(members.map(() => 200));
    const seated = await voiceAfter(from, (v) => v.members.length === members.length);
    expect(seated.members.map((m) => m.memberId).sort()).toEqual(members.map((m) => m.id).sort());
    // ... and out at once: nobody is left behind either.
    from = host.stream.events.length;
    const leaves = await Promise.all(members.map((m) => command(m.at.baseUrl, party.id, m.token, { type: "voice.leave" })));
    expect(leaves.map((r) => r.status)).toEqual(members.map(() => 200));
    await voiceAfter(from, (v) => v.members.length === 0);
  }
  // Both instances agree on the end state.
  const lateA = await openMemberStream(a.baseUrl, party.id, await guestToken(a.baseUrl, "Rush Late A"), streams);
  const lateB = await openMemberStream(b.baseUrl, party.id, await guestToken(b.baseUrl, "Rush Late B"), streams);
  expect(lateA.snapshot.voice).toEqual(lateB.snapshot.voice);
  expect((lateA.snapshot.voice as { members: unknown[] }).members).toEqual([]);
});

test("with no STUN or TURN configured, the ICE servers answer names none", async () => {
  const token = await guestToken(cluster.a.baseUrl, "Ice None");
  const res = await api(cluster.a.baseUrl, "GET", "/api/v1/voice/ice-servers", token);
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ iceServers: [], ttlSeconds: 43_200 });
});
