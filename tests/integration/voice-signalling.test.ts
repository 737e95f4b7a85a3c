/**
 * Voice against the real app (embedded database, in-process bus): who holds a seat, listens or waits
 * (8 speakers at most), the signalling relay (only between members in voice, to the `to` member's
 * streams alone, never logged, bounded in size and rate), the host's voice mute and removal (host
 * only), members leaving voice when they are kicked, leave the party or vanish, and the ICE servers
 * a client is given (TURN credentials minted per user).
 */
import { createHmac } from "node:crypto";
import WebSocket from "ws";
import { api, bearer, command, createParty, guestToken, joinParty, livePartyApp, type Ev } from "./helpers/party";
import { SseClient } from "./helpers/sse";

jest.setTimeout(120_000);

const TURN_SECRET = "integration-turn-secret-0123456789";
const live = livePartyApp({
  // A vanished member leaves voice after this (10 s by default).
  VP_VOICE_GONE_MS: "1500",
  VP_STUN_URLS: "stun:stun.vp.test:3478",
  VP_TURN_URLS: "turn:turn.vp.test:3478?transport=udp,turns:turn.vp.test:5349",
  VP_TURN_SECRET: TURN_SECRET,
  VP_TURN_TTL_SECONDS: "3600",
});

interface VoiceMember {
  memberId: string;
  displayName: string;
  muted: boolean;
  camera: boolean;
  hostMuted: boolean;
}
interface Voice {
  members: VoiceMember[];
  listeners: { memberId: string }[];
  waiting: { memberId: string }[];
  hostMuted: string[];
}

const OFFER = { kind: "description", description: { type: "offer", sdp: "v=0\r\no=- 4611731400430051336 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n" } };
const CANDIDATES = { kind: "candidates", candidates: [{ candidate: "candidate:1 1 udp 2122260223 127.0.0.1 54321 typ host", sdpMid: "0", sdpMLineIndex: 0 }] };

const send = (partyId: string, token: string, body: Record<string, unknown>) => command(live.baseUrl, partyId, token, body);

async function refusal(res: Response): Promise<{ status: number; code: string; detail: string }> {
  const body = (await res.json()) as { code: string; detail: string };
  return { status: res.status, code: body.code, detail: body.detail };
}

/**
 * The first voice state matching `match`, from the newest `voice` event the stream had when called
 * on (so an old state from before the change awaited cannot match).
 */
async function voiceWhere(stream: SseClient<Ev>, match: (voice: Voice) => boolean): Promise<Voice> {
  const from = stream.events.findLastIndex((e) => e.data.type === "voice");
  return (await stream.waitFor((e, event) => e.type === "voice" && stream.events.indexOf(event) >= from && match(e.voice as Voice))).data.voice as Voice;
}
const ids = (list: { memberId: string }[]) => list.map((m) => m.memberId);
const voiceEvents = (stream: SseClient<Ev>) => stream.events.filter((e) => e.data.type === "voice").length;

/** A host with an open stream and a party. */
async function hostParty(name: string) {
  const token = await guestToken(live.baseUrl, name);
  const party = await createParty(live.baseUrl, token);
  const member = await live.join(party.id, token);
  return { token, party, ...member };
}

/** A guest who joined the party (and, with `stream`, opened theirs). */
async function guest(partyId: string, name: string) {
  const token = await guestToken(live.baseUrl, name);
  const member = await live.join(partyId, token);
  return { token, ...member };
}

test("8 speakers at most: the 9th is refused (409 voice_full) and may listen or wait; a freed seat goes to the first waiting member", async () => {
  const host = await hostParty("Seat Host");
  const partyId = host.party.id;
  expect(await okBody(send(partyId, host.token, { type: "voice.join", mode: "speak" }))).toEqual({ id: expect.any(String) });
  const speakers: Awaited<ReturnType<typeof guest>>[] = [];
  for (let i = 1; i <= 7; i++) {
    const g = await guest(partyId, `Speaker ${i}`);
    expect((await send(partyId, g.token, { type: "voice.join" })).status).toBe(200); // mode defaults to speak
    speakers.push(g);
  }
  const full = await voiceWhere(host.stream, (v) => v.members.length === 8);
  expect(full.members[0]).toEqual({ memberId: host.id, displayName: "Seat Host", muted: false, camera: false, hostMuted: false });

  const ninth = await guest(partyId, "Ninth");
  const before = voiceEvents(host.stream);
  expect(await refusal(await send(partyId, ninth.token, { type: "voice.join", mode: "speak" }))).toEqual({
    status: 409,
    code: "voice_full",
    detail: "Voice is full (8 of 8). You can listen to the host or wait for a seat.",
  });
  // Listening and waiting are the ways in beyond the bound.
  expect((await send(partyId, ninth.token, { type: "voice.join", mode: "listen" })).status).toBe(200);
  const tenth = await guest(partyId, "Tenth");
  expect((await send(partyId, tenth.token, { type: "voice.join", mode: "wait" })).status).toBe(200);
  let voice = await voiceWhere(host.stream, (v) => v.waiting.length === 1);
  expect(voice.members).toHaveLength(8);
  expect(ids(voice.listeners)).toEqual([ninth.id]);
  expect(ids(voice.waiting)).toEqual([tenth.id]);
  expect(voiceEvents(host.stream)).toBe(before + 2); // the refusal published nothing

  // Joining again is idempotent; with other settings it updates them.
  expect(await okBody(send(partyId, speakers[0]!.token, { type: "voice.join", mode: "speak" }))).toEqual({ id: null });
  expect((await send(partyId, speakers[0]!.token, { type: "voice.update", camera: true })).status).toBe(200);
  voice = await voiceWhere(host.stream, (v) => v.members.some((m) => m.memberId === speakers[0]!.id && m.camera));
  expect(voice.members.map((m) => m.memberId)).toEqual([host.id, ...speakers.map((s) => s.id)]);
  // A listener is not a speaker: no microphone to report.
  expect(await refusal(await send(partyId, ninth.token, { type: "voice.update", muted: true }))).toMatchObject({ status: 409, code: "not_in_voice" });

  // A speaker leaves: the waiting member takes the seat in the same event, muted until they choose.
  expect((await send(partyId, speakers[1]!.token, { type: "voice.leave" })).status).toBe(200);
  voice = await voiceWhere(host.stream, (v) => !ids(v.members).includes(speakers[1]!.id));
  expect(ids(voice.members).at(-1)).toBe(tenth.id);
  expect(voice.members.at(-1)).toMatchObject({ muted: true, camera: false, hostMuted: false });
  expect(voice.waiting).toEqual([]);
  expect(await okBody(send(partyId, speakers[1]!.token, { type: "voice.leave" }))).toEqual({ id: null });

  // A member arriving now is told the whole state in their snapshot.
  const late = await guest(partyId, "Late");
  expect(late.snapshot.voice).toEqual(voice);
});

test("members pressing Join voice at the same moment all get a seat, and the state says so", async () => {
  const host = await hostParty("Rush Host");
  const partyId = host.party.id;
  const guests = await Promise.all([1, 2, 3, 4, 5].map((i) => guest(partyId, `Rush ${i}`)));
  // Each change publishes the whole state: without turns, a later join computed from the state
  // before an earlier one would drop it, while both were answered 200.
  const answers = await Promise.all([host, ...guests].map((m) => send(partyId, m.token, { type: "voice.join", mode: "speak" })));
  expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200, 200]);
  const voice = await voiceWhere(host.stream, (v) => v.members.length === 6);
  expect(new Set(ids(voice.members))).toEqual(new Set([host.id, ...guests.map((g) => g.id)]));
  // And leaving together frees every seat.
  await Promise.all(guests.map((g) => send(partyId, g.token, { type: "voice.leave" })));
  expect(ids((await voiceWhere(host.stream, (v) => v.members.length === 1)).members)).toEqual([host.id]);
});

test("a signal reaches only its `to` member's stream, outside the log: a resume neither repeats it nor misses what followed", async () => {
  const host = await hostParty("Relay Host");
  const partyId = host.party.id;
  const ana = await guest(partyId, "Relay Ana");
  const ben = await guest(partyId, "Relay Ben");
  const cleo = await guest(partyId, "Relay Cleo"); // in the party, not in voice
  for (const m of [host, ana, ben]) expect((await send(partyId, m.token, { type: "voice.join", mode: "speak" })).status).toBe(200);
  const lastVoice = (await ben.stream.waitFor((e) => e.type === "voice" && (e.voice as Voice).members.length === 3)).id!;

  expect(await okBody(send(partyId, ana.token, { type: "voice.signal", to: ben.id, signal: OFFER }))).toEqual({ delivered: true });
  const got = await ben.stream.waitFor((e) => e.type === "voice.signal");
  expect(got.data).toEqual({ v: 1, type: "voice.signal", from: ana.id, to: ben.id, signal: OFFER });
  expect(got.id).toBeNull(); // id-less: the stream's Last-Event-ID stays on the log
  expect((await send(partyId, ben.token, { type: "voice.signal", to: ana.id, signal: CANDIDATES })).status).toBe(200);
  expect((await ana.stream.waitFor((e) => e.type === "voice.signal")).data).toMatchObject({ from: ben.id, to: ana.id, signal: CANDIDATES });

  // A marker after both signals: whoever got it would have got a signal meant for them before it.
  expect((await send(partyId, host.token, { type: "chat", text: "after the signals" })).status).toBe(200);
  for (const other of [host, cleo]) {
    await other.stream.waitFor((e) => e.type === "chat");
    expect(other.stream.events.filter((e) => e.data.type === "voice.signal")).toEqual([]);
  }
  expect(ben.stream.events.filter((e) => e.data.type === "voice.signal")).toHaveLength(1);

  // Ben resumes from the last logged event before the signal: the chat comes again, the signal not.
  await ben.stream.waitFor((e) => e.type === "chat");
  ben.stream.close();
  const resumed = await SseClient.open<Ev>(`${live.baseUrl}/api/v1/parties/${partyId}/events`, { ...bearer(ben.token), "Last-Event-ID": lastVoice });
  live.streams.push(resumed);
  await resumed.waitFor((e) => e.type === "chat" && (e.message as { text: string }).text === "after the signals");
  expect(resumed.events.map((e) => e.data.type)).not.toContain("snapshot");
  expect(resumed.events.map((e) => e.data.type)).not.toContain("voice.signal");

  // The command socket relays as the POST does (both run the same command path).
  const socket = new WebSocket(`${live.baseUrl.replace(/^http/, "ws")}/api/v1/parties/${partyId}/commands`);
  const frames: Record<string, unknown>[] = [];
  socket.on("message", (data) => frames.push(JSON.parse(data.toString()) as Record<string, unknown>));
  await new Promise((resolve, reject) => (socket.once("open", resolve), socket.once("error", reject)));
  try {
    socket.send(JSON.stringify({ type: "auth", token: host.token }));
    await until(() => frames.some((f) => f.type === "ready"));
    socket.send(JSON.stringify({ n: 1, command: { v: 1, type: "voice.signal", to: ana.id, signal: OFFER } }));
    await until(() => frames.some((f) => f.n === 1));
    expect(frames.find((f) => f.n === 1)).toEqual({ n: 1, status: 200, body: { delivered: true } });
    await ana.stream.waitFor((e) => e.type === "voice.signal" && e.from === host.id);
    socket.send(JSON.stringify({ n: 2, command: { v: 1, type: "voice.signal", to: cleo.id, signal: OFFER } }));
    await until(() => frames.some((f) => f.n === 2));
    expect(frames.find((f) => f.n === 2)).toMatchObject({ n: 2, status: 409, body: { code: "voice_peer_absent" } });
  } finally {
    socket.close();
  }
});

test("refused signals: a non-member 403, the sender or the target not in voice 409, oversize 413, malformed 422", async () => {
  const host = await hostParty("Refuse Host");
  const partyId = host.party.id;
  const ana = await guest(partyId, "Refuse Ana");
  const cleo = await guest(partyId, "Refuse Cleo");
  const outsider = await guestToken(live.baseUrl, "Refuse Outsider");
  for (const m of [host, ana]) expect((await send(partyId, m.token, { type: "voice.join" })).status).toBe(200);

  expect(await refusal(await send(partyId, outsider, { type: "voice.signal", to: ana.id, signal: OFFER }))).toMatchObject({ status: 403, code: "not_member" });
  expect(await refusal(await send(partyId, cleo.token, { type: "voice.signal", to: ana.id, signal: OFFER }))).toEqual({
    status: 409,
    code: "not_in_voice",
    detail: "Join voice before sending signalling messages.",
  });
  expect(await refusal(await send(partyId, ana.token, { type: "voice.signal", to: cleo.id, signal: OFFER }))).toEqual({
    status: 409,
    code: "voice_peer_absent",
    detail: "They are not in voice.",
  });
  expect((await send(partyId, ana.token, { type: "voice.signal", to: ana.id, signal: OFFER })).status).toBe(422);

  const huge = { kind: "description", description: { type: "offer", sdp: "a=x\r\n".repeat(4000) } }; // 20 000 characters
  expect(await refusal(await send(partyId, ana.token, { type: "voice.signal", to: host.id, signal: huge }))).toMatchObject({ status: 413, code: "payload_too_large" });
  const longCandidate = { kind: "candidates", candidates: [{ candidate: "c".repeat(2000) }] };
  expect((await send(partyId, ana.token, { type: "voice.signal", to: host.id, signal: longCandidate })).status).toBe(413);
  const manyCandidates = { kind: "candidates", candidates: Array(33).fill(CANDIDATES.candidates[0]) };
  expect((await send(partyId, ana.token, { type: "voice.signal", to: host.id, signal: manyCandidates })).status).toBe(413);
  for (const malformed of [
    { kind: "description", description: { type: "bogus", sdp: "v=0" } },
    { kind: "candidates", candidates: [] },
    { kind: "smoke" },
    "offer",
  ]) {
    expect(await refusal(await send(partyId, ana.token, { type: "voice.signal", to: host.id, signal: malformed }))).toMatchObject({ status: 422, code: "unprocessable_entity" });
  }
  expect((await send(partyId, ana.token, { type: "voice.signal", signal: OFFER })).status).toBe(422);
  expect((await send(partyId, ana.token, { type: "voice.join", mode: "shout" })).status).toBe(422);

  // None of it reached anyone.
  expect((await send(partyId, host.token, { type: "chat", text: "marker" })).status).toBe(200);
  for (const m of [host, ana, cleo]) {
    await m.stream.waitFor((e) => e.type === "chat");
    expect(m.stream.events.filter((e) => e.data.type === "voice.signal")).toEqual([]);
  }
});

test("a listener exchanges signals with the host alone; a flood of signals, or of voice state changes, is 429", async () => {
  const host = await hostParty("Flood Host");
  const partyId = host.party.id;
  const ana = await guest(partyId, "Flood Ana");
  const lou = await guest(partyId, "Flood Lou");
  for (const m of [host, ana]) expect((await send(partyId, m.token, { type: "voice.join" })).status).toBe(200);
  expect((await send(partyId, lou.token, { type: "voice.join", mode: "listen" })).status).toBe(200);
  // Listening is to the host: the host cannot listen.
  expect(await refusal(await send(partyId, host.token, { type: "voice.join", mode: "listen" }))).toMatchObject({ status: 422, code: "unprocessable_entity" });

  expect(await refusal(await send(partyId, lou.token, { type: "voice.signal", to: ana.id, signal: OFFER }))).toEqual({
    status: 409,
    code: "voice_peer_absent",
    detail: "A listener connects to the host only.",
  });
  expect((await send(partyId, ana.token, { type: "voice.signal", to: lou.id, signal: OFFER })).status).toBe(409);
  expect((await send(partyId, lou.token, { type: "voice.signal", to: host.id, signal: OFFER })).status).toBe(200);
  expect((await send(partyId, host.token, { type: "voice.signal", to: lou.id, signal: OFFER })).status).toBe(200);
  await lou.stream.waitFor((e) => e.type === "voice.signal" && e.from === host.id);

  // 120 signals per 10 s per member, refused ones counted (Ana's to Lou above): her 121st is refused.
  const statuses: number[] = [];
  for (let i = 0; i < 125; i++) statuses.push((await send(partyId, ana.token, { type: "voice.signal", to: host.id, signal: CANDIDATES })).status);
  expect(statuses.slice(0, 119).every((s) => s === 200)).toBe(true);
  expect(statuses.slice(119)).toEqual([429, 429, 429, 429, 429, 429]);
  const flood = await send(partyId, ana.token, { type: "voice.signal", to: host.id, signal: CANDIDATES });
  expect(await refusal(flood.clone())).toEqual({
    status: 429,
    code: "rate_limited",
    detail: "You're sending voice signalling messages too fast. Please wait a moment.",
  });
  expect(Number(flood.headers.get("retry-after"))).toBeGreaterThan(0);
  // The others go on: the host still reaches Lou.
  expect((await send(partyId, host.token, { type: "voice.signal", to: lou.id, signal: CANDIDATES })).status).toBe(200);

  // Voice state changes are logged (the whole state each): 30 per member per 10 s, then 429, and the last refused one changed nothing.
  const toggles: number[] = [];
  for (let i = 0; i < 31; i++) toggles.push((await send(partyId, lou.token, { type: "voice.join", mode: i % 2 === 0 ? "wait" : "listen" })).status);
  expect(toggles.slice(0, 29).every((s) => s === 200)).toBe(true); // Lou's first join above counted too
  expect(toggles.slice(29)).toEqual([429, 429]);
  // The 29th toggle ("wait", with seats free: a seat) is the last one applied.
  expect((await send(partyId, host.token, { type: "chat", text: "after the toggles" })).status).toBe(200);
  await host.stream.waitFor((e) => e.type === "chat" && (e.message as { text: string }).text === "after the toggles");
  const last = host.stream.events.filter((e) => e.data.type === "voice").at(-1)!.data.voice as Voice;
  expect([ids(last.members), ids(last.listeners)]).toEqual([[host.id, ana.id, lou.id], []]);
});

test("voice.mute and voice.remove are the host's: a guest is refused (403) and nothing changes; a chat mute is not a voice mute", async () => {
  const host = await hostParty("Mute Host");
  const partyId = host.party.id;
  const ana = await guest(partyId, "Mute Ana");
  const bo = await guest(partyId, "Mute Bo");
  for (const m of [host, ana, bo]) expect((await send(partyId, m.token, { type: "voice.join" })).status).toBe(200);
  const settled = await voiceWhere(host.stream, (v) => v.members.length === 3);

  const before = voiceEvents(host.stream);
  for (const body of [{ type: "voice.mute", memberId: ana.id, muted: true }, { type: "voice.remove", memberId: ana.id }]) {
    expect(await refusal(await send(partyId, bo.token, body))).toEqual({ status: 403, code: "host_only", detail: "Only the host can mute or remove someone in voice." });
  }
  // Muted in chat is not muted in voice.
  expect((await send(partyId, host.token, { type: "member.mute", memberId: ana.id })).status).toBe(200);
  await host.stream.waitFor((e) => e.type === "moderation");
  expect((await send(partyId, host.token, { type: "chat", text: "marker" })).status).toBe(200);
  await host.stream.waitFor((e) => e.type === "chat");
  expect(voiceEvents(host.stream)).toBe(before);
  const late = await guest(partyId, "Mute Late");
  expect(late.snapshot.voice).toEqual(settled);

  // The host's voice mute: on the seat and in the list; it outlasts removal and rejoining.
  expect((await send(partyId, host.token, { type: "voice.mute", memberId: ana.id, muted: true })).status).toBe(200);
  let voice = await voiceWhere(host.stream, (v) => v.hostMuted.includes(ana.id));
  expect(voice.members.find((m) => m.memberId === ana.id)).toMatchObject({ hostMuted: true, muted: false });
  // Ana's own unmute changes her microphone, not the host's mute.
  expect(await okBody(send(partyId, ana.token, { type: "voice.update", muted: false }))).toEqual({ id: null });
  expect((await send(partyId, host.token, { type: "voice.remove", memberId: ana.id })).status).toBe(200);
  voice = await voiceWhere(host.stream, (v) => !ids(v.members).includes(ana.id));
  expect(voice.hostMuted).toEqual([ana.id]);
  expect((await send(partyId, host.token, { type: "voice.remove", memberId: ana.id })).status).toBe(409); // not in voice any more
  expect((await send(partyId, ana.token, { type: "voice.join" })).status).toBe(200);
  voice = await voiceWhere(host.stream, (v) => ids(v.members).includes(ana.id));
  expect(voice.members.find((m) => m.memberId === ana.id)).toMatchObject({ hostMuted: true });
  expect((await send(partyId, host.token, { type: "voice.mute", memberId: ana.id, muted: false })).status).toBe(200);
  voice = await voiceWhere(host.stream, (v) => v.hostMuted.length === 0);
  expect(voice.members.find((m) => m.memberId === ana.id)).toMatchObject({ hostMuted: false });
  // Muting someone not in voice, or oneself, is refused.
  expect(await refusal(await send(partyId, host.token, { type: "voice.mute", memberId: late.id, muted: true }))).toMatchObject({ status: 409, code: "voice_peer_absent" });
  expect((await send(partyId, host.token, { type: "voice.mute", memberId: host.id, muted: true })).status).toBe(409);
});

test("a kicked member, a member who leaves the party and one whose streams vanish all leave voice", async () => {
  const host = await hostParty("Gone Host");
  const partyId = host.party.id;
  const kim = await guest(partyId, "Gone Kim");
  const lee = await guest(partyId, "Gone Lee");
  const val = await guest(partyId, "Gone Val");
  const rae = await guest(partyId, "Gone Rae");
  for (const m of [host, kim, lee, val, rae]) expect((await send(partyId, m.token, { type: "voice.join" })).status).toBe(200);
  await voiceWhere(host.stream, (v) => v.members.length === 5);

  // Kick: member.removed, then a voice event without them.
  expect((await send(partyId, host.token, { type: "member.kick", memberId: kim.id })).status).toBe(200);
  const removed = await host.stream.waitFor((e) => e.type === "member.removed" && e.memberId === kim.id);
  const after = await host.stream.waitFor((e, event) => e.type === "voice" && host.stream.events.indexOf(event) > host.stream.events.indexOf(removed));
  expect(ids((after.data.voice as Voice).members)).toEqual([host.id, lee.id, val.id, rae.id]);

  // Leaving the party (the leave endpoint) leaves its voice.
  expect((await api(live.baseUrl, "DELETE", "/api/v1/users/me/leave-party", lee.token)).status).toBe(204);
  await voiceWhere(host.stream, (v) => ids(v.members).join() === [host.id, val.id, rae.id].join());

  // Joining another party leaves this one's voice too.
  const other = await createParty(live.baseUrl, await guestToken(live.baseUrl, "Other Host"));
  await joinParty(live.baseUrl, other.id, rae.token);
  await voiceWhere(host.stream, (v) => ids(v.members).join() === [host.id, val.id].join());

  // Val's stream goes away and does not come back: after VP_VOICE_GONE_MS, out of voice.
  const closedAt = Date.now();
  val.stream.close();
  await voiceWhere(host.stream, (v) => ids(v.members).join() === host.id);
  expect(Date.now() - closedAt).toBeGreaterThanOrEqual(1400);
});

test("a member who takes a seat but never opens a stream leaves voice after VP_VOICE_GONE_MS", async () => {
  const host = await hostParty("Seat Host");
  const partyId = host.party.id;
  const token = await guestToken(live.baseUrl, "Seat Sam");
  await joinParty(live.baseUrl, partyId, token);
  expect((await send(partyId, token, { type: "voice.join" })).status).toBe(200);
  const joinedAt = Date.now();
  const seated = await voiceWhere(host.stream, (v) => v.members.length === 1);
  expect(seated.members[0]!.displayName).toBe("Seat Sam");
  await voiceWhere(host.stream, (v) => v.members.length === 0);
  expect(Date.now() - joinedAt).toBeGreaterThanOrEqual(1400);
});

test("a reload keeps the seat: a stream back within VP_VOICE_GONE_MS changes nothing", async () => {
  const host = await hostParty("Reload Host");
  const partyId = host.party.id;
  const rey = await guest(partyId, "Reload Rey");
  for (const m of [host, rey]) expect((await send(partyId, m.token, { type: "voice.join" })).status).toBe(200);
  await voiceWhere(host.stream, (v) => v.members.length === 2);
  const before = voiceEvents(host.stream);
  rey.stream.close();
  await new Promise((r) => setTimeout(r, 300));
  const back = await SseClient.open<Ev>(`${live.baseUrl}/api/v1/parties/${partyId}/events`, bearer(rey.token));
  live.streams.push(back);
  await new Promise((r) => setTimeout(r, 2500));
  expect(voiceEvents(host.stream)).toBe(before);
  expect(((await back.waitFor((e) => e.type === "snapshot")).data.voice as Voice).members).toHaveLength(2);
});

test("GET /api/v1/voice/ice-servers: 401 without a caller; a guest gets STUN and TURN credentials minted for them", async () => {
  expect(await refusal(await fetch(`${live.baseUrl}/api/v1/voice/ice-servers`))).toMatchObject({ status: 401, code: "unauthorized" });
  const guestRes = await fetch(`${live.baseUrl}/api/v1/guests`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ username: "Ice Guest" }) });
  const { token, user } = (await guestRes.json()) as { token: string; user: { id: string } };
  const startedAt = Math.floor(Date.now() / 1000);
  const res = await api(live.baseUrl, "GET", "/api/v1/voice/ice-servers", token);
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toContain("no-store");
  const text = await res.text();
  expect(text).not.toContain(TURN_SECRET);
  const body = JSON.parse(text) as { iceServers: { urls: string[]; username?: string; credential?: string }[]; ttlSeconds: number };
  expect(body.ttlSeconds).toBe(3600);
  expect(body.iceServers[0]).toEqual({ urls: ["stun:stun.vp.test:3478"] });
  const turn = body.iceServers[1]!;
  expect(turn.urls).toEqual(["turn:turn.vp.test:3478?transport=udp", "turns:turn.vp.test:5349"]);
  const colon = turn.username!.indexOf(":");
  const [expiry, userId] = [turn.username!.slice(0, colon), turn.username!.slice(colon + 1)];
  expect(Number(expiry)).toBeGreaterThanOrEqual(startedAt + 3600);
  expect(Number(expiry)).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 3600);
  expect(userId).toBe(user.id);
  // What coturn computes from its static-auth-secret.
  expect(turn.credential).toBe(createHmac("sha1", TURN_SECRET).update(turn.username!).digest("base64"));
});

async function okBody(res: Promise<Response>): Promise<unknown> {
  const answer = await res;
  const text = await answer.text();
  if (answer.status !== 200) throw new Error(`${answer.status}: ${text}`);
  return JSON.parse(text) as unknown;
}

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}
