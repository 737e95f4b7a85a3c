/**
 * VoiceMesh against fake peer connections: one connection per other speaker, crossing offers settled
 * by the polite peer, connections closed the moment a member leaves or is removed, mute that stops
 * the audio (a null track) and tells the party, a listener wired to the host only, candidates batched,
 * and the messages a person reads when something fails.
 */
import { emptyVoice, type PartyEvent, type VoiceMember, type VoiceState } from "@/lib/sync";
import type { PartyCommand } from "@/lib/party-client/types";
import { CANDIDATE_BATCH_MS, FIRST_CONNECT_MS, ICE_RESTART_EVERY_MS, VoiceMesh } from "@/lib/party-client/voice/voice-mesh";
import { VOICE_TEXTS } from "@/lib/party-client/voice/voice-texts";
import { FakeClock, FakePeerConnection, FakeTrack, settle } from "./helpers/fake-webrtc";

const member = (memberId: string, over: Partial<VoiceMember> = {}): VoiceMember => ({ memberId, displayName: memberId.toUpperCase(), muted: false, camera: false, hostMuted: false, ...over });
const voiceOf = (ids: string[], over: Partial<VoiceState> = {}): VoiceState => ({ ...emptyVoice(), members: ids.map((id) => member(id)), ...over });

type Refusal = Error & { code?: string; status?: number };
const refusal = (code: string, status = 409): Refusal => Object.assign(new Error(`refused: ${code}`), { code, status });

interface Harness {
  mesh: VoiceMesh;
  sent: PartyCommand[];
  pcs: FakePeerConnection[];
  mic: FakeTrack;
  clock: FakeClock;
}

function makeMesh(selfId: string, opts: { clock?: FakeClock; send?: (command: PartyCommand) => Promise<unknown>; getUserMedia?: (c: MediaStreamConstraints) => Promise<MediaStream> } = {}): Harness {
  const clock = opts.clock ?? new FakeClock();
  const sent: PartyCommand[] = [];
  const pcs: FakePeerConnection[] = [];
  const mic = new FakeTrack("audio", "Desk mic", "mic-1");
  const media = (tracks: FakeTrack[]) => ({ getAudioTracks: () => tracks.filter((t) => t.kind === "audio"), getVideoTracks: () => tracks.filter((t) => t.kind === "video") }) as unknown as MediaStream;
  const mesh = new VoiceMesh({
    selfId,
    send: async (command) => {
      sent.push(command);
      return opts.send ? opts.send(command) : {};
    },
    createPeerConnection: (config) => {
      const pc = new FakePeerConnection(config);
      pcs.push(pc);
      return pc as unknown as RTCPeerConnection;
    },
    getUserMedia: opts.getUserMedia ?? (async (c) => media(c.video ? [new FakeTrack("video", "Webcam", "cam-1")] : [mic])),
    iceServers: async () => [],
    setTimeout: clock.setTimeout,
    clearTimeout: clock.clearTimeout,
    now: clock.now,
    onChange: () => undefined,
  });
  return { mesh, sent, pcs, mic, clock };
}

const signals = (sent: PartyCommand[]) => sent.filter((c): c is Extract<PartyCommand, { type: "voice.signal" }> => c.type === "voice.signal");

/** Joins `h` as a speaker and seats it in `voice`. */
async function joinAs(h: Harness, voice: VoiceState, hostId = "a") {
  await h.mesh.join("speak");
  h.mesh.update(voice, hostId);
  await settle();
}

test("joining asks for the microphone first, then takes a seat; one connection per other speaker", async () => {
  const h = makeMesh("a");
  await joinAs(h, voiceOf(["a", "b", "c"]));
  expect(h.sent[0]).toMatchObject({ type: "voice.join", mode: "speak", muted: false, camera: false });
  expect(h.mesh.view().phase).toBe("speaking");
  expect(h.pcs).toHaveLength(2);
  // The same state again, and a new speaker: only the newcomer gets a connection.
  h.mesh.update(voiceOf(["a", "b", "c"]), "a");
  h.mesh.update(voiceOf(["a", "b", "c", "d"]), "a");
  expect(h.pcs).toHaveLength(3);
  expect(h.mesh.view().peers.map((p) => p.memberId)).toEqual(["b", "c", "d"]);
  // Each carries the microphone.
  for (const pc of h.pcs) expect(pc.sender("audio")?.track).toBe(h.mic);
});

/**
 * Two speakers "a" and "b", joined, whose signals go through a relay that delivers each on a later
 * turn; one for which `lose(from, command)` says true is lost on the way.
 */
async function joinedPair(lose: (from: string, command: Extract<PartyCommand, { type: "voice.signal" }>) => boolean = () => false) {
  const clock = new FakeClock();
  const meshes = new Map<string, Harness>();
  const relay = (from: string, to: string) => async (command: PartyCommand) => {
    if (command.type === "voice.signal" && !lose(from, command)) setImmediate(() => meshes.get(to)!.mesh.receiveSignal(from, command.signal));
    return {};
  };
  const a = makeMesh("a", { clock, send: relay("a", "b") });
  const b = makeMesh("b", { clock, send: relay("b", "a") });
  meshes.set("a", a).set("b", b);
  await a.mesh.join("speak");
  await b.mesh.join("speak");
  return { a, b };
}

/** The pair, both seated. */
async function pair() {
  const { a, b } = await joinedPair();
  a.mesh.update(voiceOf(["a", "b"]), "a");
  b.mesh.update(voiceOf(["a", "b"]), "a");
  await settle(60);
  return { a, b };
}

test("the first offer between two speakers is the impolite one's: the polite peer answers with its microphone on", async () => {
  // Crossing first offers ended in a rollback of the polite side's, after which Chromium gathered no
  // ICE candidates for that connection when the rollback caught its offer still being applied.
  const { a, b } = await pair();

  const [pa] = a.pcs;
  const [pb] = b.pcs;
  expect(a.pcs).toHaveLength(1);
  expect(b.pcs).toHaveLength(1);
  expect(pa!.offers).toBe(1);
  // b is polite ("b" > "a"): it made no offer of its own, so nothing was rolled back.
  expect(pb!.offers).toBe(0);
  expect(pb!.rollbacks).toBe(0);
  expect(pb!.answers).toBe(1);
  expect([pa!.signalingState, pb!.signalingState]).toEqual(["stable", "stable"]);
  // One audio m-line between them (b's microphone went on the transceiver a's offer made), each hears the other.
  expect(pa!.transceivers.filter((t) => t.kind === "audio")).toHaveLength(1);
  expect(pb!.transceivers.filter((t) => t.kind === "audio")).toHaveLength(1);
  expect(pb!.sender("audio")?.track).toBe(b.mic);
  expect(a.mesh.view().peers[0]!.audio).not.toBeNull();
  expect(b.mesh.view().peers[0]!.audio).not.toBeNull();
});

test("crossing offers later (both cameras on at once): the polite peer rolls back and answers, the impolite one ignores", async () => {
  const { a, b } = await pair();
  const [pa] = a.pcs;
  const [pb] = b.pcs;
  await Promise.all([a.mesh.setCamera(true), b.mesh.setCamera(true)]);
  await settle(80);
  expect(pb!.rollbacks).toBe(1);
  expect(pa!.rollbacks).toBe(0);
  expect([pa!.signalingState, pb!.signalingState]).toEqual(["stable", "stable"]);
  expect(a.mesh.view().peers[0]!.video).not.toBeNull();
  expect(b.mesh.view().peers[0]!.video).not.toBeNull();
});

test("a speaker without a microphone still makes the first offer, and hears the other", async () => {
  const clock = new FakeClock();
  const meshes = new Map<string, Harness>();
  const relay = (from: string, to: string) => async (command: PartyCommand) => {
    if (command.type === "voice.signal") setImmediate(() => meshes.get(to)!.mesh.receiveSignal(from, command.signal));
    return {};
  };
  const noMic = async () => {
    throw Object.assign(new Error("none"), { name: "NotFoundError" });
  };
  const a = makeMesh("a", { clock, send: relay("a", "b"), getUserMedia: noMic });
  const b = makeMesh("b", { clock, send: relay("b", "a") });
  meshes.set("a", a).set("b", b);
  await a.mesh.join("speak");
  await b.mesh.join("speak");
  a.mesh.update(voiceOf(["a", "b"]), "a");
  b.mesh.update(voiceOf(["a", "b"]), "a");
  await settle(60);
  expect(a.pcs[0]!.offers).toBe(1);
  expect(b.pcs[0]!.sender("audio")?.track).toBe(b.mic);
  expect(a.mesh.view().peers[0]!.audio).not.toBeNull();
});

test("an offer that arrives before this page has the state that seats it is answered once the state is here", async () => {
  // The room hands the state to the mesh a render after the stream hands it the signal: "a" is
  // seated and offers while "b" (polite, joined) has not seen itself in voice yet. Dropped, that
  // offer was lost for good, and with "b"'s own offer ignored by the impolite "a", both waited forever.
  const { a, b } = await joinedPair();
  a.mesh.update(voiceOf(["a", "b"]), "a");
  await settle(60); // a's offer (and candidates) reach b, still "joining"
  expect(b.pcs).toHaveLength(0);
  b.mesh.update(voiceOf(["a", "b"]), "a");
  await settle(200);
  const [pa] = a.pcs;
  const [pb] = b.pcs;
  expect(b.pcs).toHaveLength(1);
  expect([pa!.signalingState, pb!.signalingState]).toEqual(["stable", "stable"]);
  expect(a.mesh.view().peers[0]!.audio).not.toBeNull();
  expect(b.mesh.view().peers[0]!.audio).not.toBeNull();
});

test("a member who leaves voice, or is removed from the party, is disconnected at once", async () => {
  const h = makeMesh("a");
  await joinAs(h, voiceOf(["a", "b", "c"]));
  const [toB, toC] = h.pcs;
  h.mesh.update(voiceOf(["a", "c"]), "a");
  expect(toB!.closed).toBe(true);
  expect(toC!.closed).toBe(false);
  // member.removed, as the party's state folds it.
  const { foldPartyEvent, initialPartyState } = await import("@/lib/sync");
  const { partyMeta } = await import("./helpers/party-meta");
  const state = { ...initialPartyState(partyMeta(), { mediaId: "m", position: 0, paused: true, rate: 1, at: 0 } as never), voice: voiceOf(["a", "c"]) };
  const removed = foldPartyEvent(state, { v: 1, type: "member.removed", memberId: "c", reason: "kick" } as unknown as PartyEvent);
  h.mesh.update(removed.voice, "a");
  expect(toC!.closed).toBe(true);
  expect(h.mesh.view().peers).toEqual([]);
});

test("mute puts a null track on every sender and tells the party; unmute puts the microphone back", async () => {
  const h = makeMesh("a");
  await joinAs(h, voiceOf(["a", "b", "c"]));
  await h.mesh.setMuted(true);
  await settle();
  for (const pc of h.pcs) expect(pc.sender("audio")?.track).toBeNull();
  expect(h.sent.filter((c) => c.type === "voice.update")).toEqual([expect.objectContaining({ muted: true })]);
  expect(h.mesh.view()).toMatchObject({ muted: true, transmitting: false });
  await h.mesh.setMuted(false);
  await settle();
  for (const pc of h.pcs) expect(pc.sender("audio")?.track).toBe(h.mic);
  expect(h.sent.filter((c) => c.type === "voice.update").at(-1)).toMatchObject({ muted: false });
});

test("push-to-talk: unmuted while held, muted when released", async () => {
  const h = makeMesh("a");
  await joinAs(h, voiceOf(["a", "b"]));
  await h.mesh.setMuted(true);
  await settle();
  h.mesh.setTalkHeld(true);
  await settle();
  expect(h.pcs[0]!.sender("audio")?.track).toBe(h.mic);
  expect(h.mesh.view().transmitting).toBe(true);
  h.mesh.setTalkHeld(false);
  await settle();
  expect(h.pcs[0]!.sender("audio")?.track).toBeNull();
  expect(h.sent.filter((c) => c.type === "voice.update").map((c) => (c as { muted?: boolean }).muted)).toEqual([true, false, true]);
});

test("a member the host muted sends nothing, and is silenced on every receiver", async () => {
  const h = makeMesh("a");
  await joinAs(h, voiceOf(["a", "b"]));
  h.mesh.update(voiceOf(["a", "b"], { hostMuted: ["a"] }), "h");
  await settle();
  expect(h.pcs[0]!.sender("audio")?.track).toBeNull();
  expect(h.mesh.view().hostMuted).toBe(true);

  const r = makeMesh("c");
  await joinAs(r, voiceOf(["b", "c"], { hostMuted: ["b"] }), "h");
  expect(r.mesh.view().peers[0]).toMatchObject({ memberId: "b", hostMuted: true });
});

test("a listener connects to the host only, and sends nothing", async () => {
  const h = makeMesh("l");
  await h.mesh.join("listen");
  expect(h.sent[0]).toMatchObject({ type: "voice.join", mode: "listen" });
  h.mesh.update({ ...voiceOf(["h", "x", "y"]), listeners: [{ memberId: "l", displayName: "L" }] }, "h");
  await settle();
  expect(h.mesh.view().phase).toBe("listening");
  expect(h.pcs).toHaveLength(1);
  expect(h.pcs[0]!.transceivers).toEqual([]);
  expect(h.mesh.view().peers.map((p) => p.memberId)).toEqual(["h"]);

  // The host's side: one more connection, to the listener, carrying the microphone.
  const host = makeMesh("h");
  await joinAs(host, { ...voiceOf(["h", "x"]), listeners: [{ memberId: "l", displayName: "L" }] }, "h");
  expect(host.pcs).toHaveLength(2);
  for (const pc of host.pcs) expect(pc.sender("audio")?.track).toBe(host.mic);
});

test("a handover moves the listeners to the new host: the listener's connection to the old host closes and one to the new host opens and carries its voice", async () => {
  const listeners = [{ memberId: "l", displayName: "L" }];
  const voice = { ...voiceOf(["h", "x"]), listeners };
  const clock = new FakeClock();
  const meshes = new Map<string, Harness>();
  const relay = (from: string) => async (command: PartyCommand) => {
    if (command.type === "voice.signal") setImmediate(() => meshes.get(command.to)?.mesh.receiveSignal(from, command.signal));
    return {};
  };
  const l = makeMesh("l", { clock, send: relay("l") });
  const oldHost = makeMesh("h", { clock, send: relay("h") });
  const newHost = makeMesh("x", { clock, send: relay("x") });
  meshes.set("l", l).set("h", oldHost).set("x", newHost);
  await l.mesh.join("listen");
  await oldHost.mesh.join("speak");
  await newHost.mesh.join("speak");
  for (const m of meshes.values()) m.mesh.update(voice, "h");
  await settle(200);
  const [toOld] = l.pcs;
  expect(l.mesh.view().peers.map((p) => p.memberId)).toEqual(["h"]);
  expect(l.mesh.view().peers[0]!.audio).not.toBeNull();
  expect([oldHost.pcs.length, newHost.pcs.length]).toEqual([2, 1]);

  // host.handover to x: the same voice state, another host.
  for (const m of meshes.values()) m.mesh.update(voice, "x");
  await settle(200);
  expect(toOld!.closed).toBe(true);
  expect(l.mesh.view().phase).toBe("listening");
  expect(l.mesh.view().peers.map((p) => p.memberId)).toEqual(["x"]);
  expect(l.mesh.view().peers[0]!.audio).not.toBeNull();
  expect(l.pcs.filter((pc) => !pc.closed)).toHaveLength(1);
  // The old host keeps x only; the new host opened one to the listener, carrying its microphone.
  expect(oldHost.pcs.filter((pc) => !pc.closed)).toHaveLength(1);
  const newHostOpen = newHost.pcs.filter((pc) => !pc.closed);
  expect(newHostOpen).toHaveLength(2);
  for (const pc of newHostOpen) expect(pc.sender("audio")?.track).toBe(newHost.mic);
});

test("candidates gathered together go out together, at most 32 a message", async () => {
  const h = makeMesh("a");
  await joinAs(h, voiceOf(["a", "b"]));
  const pc = h.pcs[0]!;
  for (let i = 0; i < 40; i += 1) pc.gather(`candidate:${i} 1 udp 2122260223 127.0.0.1 ${50000 + i} typ host`);
  expect(signals(h.sent).filter((s) => s.signal.kind === "candidates")).toHaveLength(0);
  h.clock.advance(CANDIDATE_BATCH_MS);
  const batches = signals(h.sent).filter((s) => s.signal.kind === "candidates");
  expect(batches.map((s) => (s.signal.kind === "candidates" ? s.signal.candidates.length : 0))).toEqual([32, 8]);
  expect(batches.every((s) => s.to === "b")).toBe(true);
});

test("voice full: the seat is refused and the microphone let go", async () => {
  const h = makeMesh("a", { send: async (c) => (c.type === "voice.join" && c.mode === "speak" ? Promise.reject(refusal("voice_full")) : {}) });
  await h.mesh.join("speak");
  expect(h.mesh.view().phase).toBe("full");
  expect(h.mic.stop).toHaveBeenCalled();
  await h.mesh.join("wait");
  expect(h.sent.at(-1)).toMatchObject({ type: "voice.join", mode: "wait" });
});

test("permission denied: a clear message, no seat taken", async () => {
  const h = makeMesh("a", { getUserMedia: () => Promise.reject(Object.assign(new Error("denied"), { name: "NotAllowedError" })) });
  await h.mesh.join("speak");
  expect(h.mesh.view()).toMatchObject({ phase: "out", notice: { text: VOICE_TEXTS.micBlocked, tone: "error" } });
  expect(h.sent).toEqual([]);
});

test("no microphone: in voice muted, hearing everyone", async () => {
  const h = makeMesh("a", { getUserMedia: () => Promise.reject(Object.assign(new Error("none"), { name: "NotFoundError" })) });
  await joinAs(h, voiceOf(["a", "b"]));
  expect(h.sent[0]).toMatchObject({ type: "voice.join", muted: true });
  expect(h.mesh.view()).toMatchObject({ phase: "speaking", hasMicrophone: false, notice: { text: VOICE_TEXTS.noMic } });
  expect(h.pcs).toHaveLength(1);
});

test("ICE failure: the person is told, and the connection restarts until it connects", async () => {
  const h = makeMesh("a");
  await joinAs(h, voiceOf(["a", "b"]));
  const pc = h.pcs[0]!;
  pc.setConnectionState("failed");
  expect(pc.restarts).toBe(1);
  expect(h.mesh.view().notice?.text).toBe("Couldn't connect to B. Retrying…");
  expect(h.mesh.view().peers[0]!.connection).toBe("retrying");
  h.clock.advance(ICE_RESTART_EVERY_MS);
  expect(pc.restarts).toBe(2);
  pc.setConnectionState("connected");
  expect(h.mesh.view().notice).toBeNull();
  h.clock.advance(ICE_RESTART_EVERY_MS * 3);
  expect(pc.restarts).toBe(2);
});

test("a first offer lost on the way: the offering side rolls it back and offers again, and the two connect", async () => {
  // Signals are never replayed: without this the pair would say "Connecting…" for good.
  let dropped = 0;
  const { a, b } = await joinedPair((from, command) => from === "a" && command.signal.kind === "description" && dropped++ === 0);
  const clock = a.clock;
  a.mesh.update(voiceOf(["a", "b"]), "a");
  b.mesh.update(voiceOf(["a", "b"]), "a");
  await settle(60);
  const [pa] = a.pcs;
  const [pb] = b.pcs;
  expect(dropped).toBe(1);
  expect([pa!.signalingState, pb!.answers]).toEqual(["have-local-offer", 0]);

  clock.advance(FIRST_CONNECT_MS - 1);
  await settle(60);
  expect(pa!.restarts).toBe(0);
  clock.advance(1);
  await settle(60);
  expect(pa!.rollbacks).toBe(1);
  expect(pa!.restarts).toBe(1);
  // b waited for the offer (it offers nothing first), and answered the new one.
  expect(pb!.restarts).toBe(0);
  expect(pb!.answers).toBe(1);
  expect([pa!.signalingState, pb!.signalingState]).toEqual(["stable", "stable"]);
  expect(a.mesh.view().peers[0]!.connection).toBe("retrying");
  pa!.setConnectionState("connected");
  pb!.setConnectionState("connected");
  expect(a.mesh.view().peers[0]!.connection).toBe("connected");
  // Connected: nothing restarts again.
  clock.advance(FIRST_CONNECT_MS * 3);
  await settle(60);
  expect([pa!.restarts, pb!.restarts]).toEqual([1, 0]);
});

test("a peer that vanished: its connection closes and the person is told", async () => {
  const h = makeMesh("a", { send: async (c) => (c.type === "voice.signal" ? Promise.reject(refusal("voice_peer_absent")) : {}) });
  await joinAs(h, voiceOf(["a", "b"]));
  expect(h.pcs[0]!.closed).toBe(true);
  expect(h.mesh.view().notice?.text).toBe("B is no longer in voice.");
});

test("taken out of voice by the host: everything closes, the microphone is released, and it says so", async () => {
  const h = makeMesh("b");
  await joinAs(h, voiceOf(["a", "b"]));
  h.mesh.update(voiceOf(["a"]), "a");
  expect(h.pcs[0]!.closed).toBe(true);
  expect(h.mic.stop).toHaveBeenCalled();
  expect(h.mesh.view()).toMatchObject({ phase: "out", notice: { text: VOICE_TEXTS.removed } });
});

test("camera on adds a video track (renegotiated); off stops sending it on the same transceiver", async () => {
  const { a: h, b } = await pair();
  const pc = h.pcs[0]!;
  const offers = pc.offers;
  await h.mesh.setCamera(true);
  await settle(60);
  expect(b.mesh.view().peers[0]!.video).not.toBeNull();
  expect(pc.sender("video")?.track).toMatchObject({ kind: "video" });
  expect(pc.offers).toBe(offers + 1);
  expect(h.sent.filter((c) => c.type === "voice.update").at(-1)).toMatchObject({ camera: true });
  await h.mesh.setCamera(false);
  await settle(60);
  expect(pc.offers).toBe(offers + 2);
  const video = pc.transceivers.filter((t) => t.kind === "video");
  expect(video).toHaveLength(1);
  expect(video[0]).toMatchObject({ direction: "recvonly" });
  expect(video[0]!.sender.track).toBeNull();
  await h.mesh.setCamera(true);
  await settle(60);
  expect(pc.transceivers.filter((t) => t.kind === "video")).toHaveLength(1);
  expect(video[0]).toMatchObject({ direction: "sendrecv" });
});

test("an unplugged microphone falls back to the default one, and says so", async () => {
  const fallback = new FakeTrack("audio", "Built-in mic", "default");
  let calls = 0;
  const h = makeMesh("a", {
    getUserMedia: async () => {
      calls += 1;
      const track = calls === 1 ? first : fallback;
      return { getAudioTracks: () => [track], getVideoTracks: () => [] } as unknown as MediaStream;
    },
  });
  const first = new FakeTrack("audio", "USB headset", "usb-1");
  await joinAs(h, voiceOf(["a", "b"]));
  first.end();
  await settle();
  expect(h.pcs[0]!.sender("audio")?.track).toBe(fallback);
  expect(h.mesh.view().notice?.text).toBe("Your microphone (USB headset) was disconnected. Switched to the default microphone.");
});

test("leave then join again at once: the state the leave made, arriving late, is not taken for a removal", async () => {
  const h = makeMesh("b");
  await joinAs(h, voiceOf(["a", "b"]));
  await h.mesh.leave();
  await h.mesh.join("speak");
  // The stream delivers the leave's state, then the join's.
  h.mesh.update(voiceOf(["a"]), "a");
  expect(h.mesh.view().notice).toBeNull();
  h.mesh.update(voiceOf(["a", "b"]), "a");
  await settle();
  expect(h.mesh.view().phase).toBe("speaking");
  expect(h.pcs.filter((pc) => !pc.closed)).toHaveLength(1);
});

test("a seat left over from before a reload is given back, once", async () => {
  const h = makeMesh("b");
  h.mesh.update(voiceOf(["a", "b"]), "a");
  h.mesh.update(voiceOf(["a", "b", "c"]), "a");
  expect(h.sent).toEqual([expect.objectContaining({ type: "voice.leave" })]);
  expect(h.pcs).toEqual([]);
});
