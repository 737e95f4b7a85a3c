/**
 * One member's side of a party's voice: a WebRTC full mesh (lib/sync/voice-state.ts says why a mesh
 * and its bound), kept in step with the party's voice state as the events carry it.
 *
 * - A speaker holds one RTCPeerConnection per other speaker (and the host one per listener); a
 *   listener holds one, to the host, and sends nothing. Connections open for members who appear and
 *   close at once for members who leave voice or the party (the caller passes every new state).
 * - Negotiation is MDN's "perfect negotiation": either side may offer at any time (camera on or off,
 *   an ICE restart); when offers cross, the polite peer (the larger member id) rolls its own back and
 *   answers, the impolite one ignores the other's. The first offer between two speakers, though, is
 *   always the impolite one's: the polite side puts its tracks on only once that offer is applied
 *   (they go on the transceivers it made, in the answer). Crossing first offers were settled by a
 *   rollback of the polite side's first offer, and Chromium then gathered no ICE candidates for that
 *   connection at all when the rollback caught its offer still being applied: the connection stayed
 *   'new' on both sides for good (about one first connection in six in the watch room's e2e run).
 * - ICE candidates are sent in batches (what was gathered in CANDIDATE_BATCH_MS, at most
 *   VOICE_CANDIDATES_PER_SIGNAL each): a candidate per message would hit the server's rate limit.
 * - Mute replaces the microphone's track with null on every sender, so no audio leaves at all (a
 *   disabled track still sends silence, and its bytes), and tells the party (`voice.update`).
 * - A member the host muted in voice sends nothing, and every receiver plays nothing of theirs.
 *
 * No React and no DOM globals: the peer connections, getUserMedia, the level meter and the timers are
 * injected, so the unit tests run it against fakes. The room wires it (lib/watch-room/use-voice.ts).
 */
import { PROTOCOL_VERSION, VOICE_CANDIDATES_PER_SIGNAL, type VoiceJoinMode, type VoiceMember, type VoiceSignal, type VoiceState } from "@/lib/sync";
import type { PartyCommand } from "../types";
import type { LevelMeter, LevelSource } from "./audio-level";
import { LEVEL_POLL_MS, SPEAKING_THRESHOLD, SpeakingDetector } from "./speaking-detector";
import { VOICE_TEXTS, voiceTexts } from "./voice-texts";

/** Signals held until the state that seats this member arrives (a full mesh's first offers and candidates fit). */
export const EARLY_SIGNALS_MAX = 64;
/** How long gathered candidates wait to go out together (ms). */
export const CANDIDATE_BATCH_MS = 50;
/** A failed connection is restarted (ICE restart) at once, then at most this often while it stays failed (ms). */
export const ICE_RESTART_EVERY_MS = 8000;
/**
 * A first connection not up by then is negotiated again from the side that offers first (an ICE
 * restart, so a fresh offer): a description or candidates lost on the way, or a connection whose
 * gathering never started, would otherwise say "Connecting…" for good, since signals are never
 * replayed. The other side, still waiting for an offer, waits.
 */
export const FIRST_CONNECT_MS = 10_000;

export type VoicePhase = "out" | "joining" | "speaking" | "listening" | "waiting" | "full";
export type PeerConnectionStatus = "connecting" | "connected" | "retrying";

export interface VoicePeerView {
  memberId: string;
  displayName: string;
  /** Muted by themselves (as they told the party). */
  muted: boolean;
  camera: boolean;
  /** The host muted them in voice: nothing of theirs plays here. */
  hostMuted: boolean;
  speaking: boolean;
  /** This person's own volume for them (0..1). */
  volume: number;
  connection: PeerConnectionStatus;
  audio: MediaStreamTrack | null;
  video: MediaStreamTrack | null;
}

export interface DeviceOption {
  deviceId: string;
  label: string;
}

export interface VoiceNotice {
  text: string;
  tone: "error" | "info";
}

export interface VoiceView {
  phase: VoicePhase;
  /** The person's mute toggle. */
  muted: boolean;
  /** Push-to-talk held: unmuted while held. */
  talkHeld: boolean;
  /** Whether this member's audio goes out now. */
  transmitting: boolean;
  camera: boolean;
  /** The host muted this member in voice. */
  hostMuted: boolean;
  /** Whether this member has a microphone track at all. */
  hasMicrophone: boolean;
  selfSpeaking: boolean;
  /** This member's own camera, for the preview tile. */
  selfVideo: MediaStreamTrack | null;
  /** The tiles: the other speakers in the order they joined (a listener: the host only). */
  peers: readonly VoicePeerView[];
  speakers: number;
  listeners: number;
  /** Someone else's voice is loud now (auto-duck's input; raw, without the rings' hold). */
  othersLoud: boolean;
  notice: VoiceNotice | null;
  microphones: readonly DeviceOption[];
  cameras: readonly DeviceOption[];
  microphoneId: string | null;
  cameraId: string | null;
}

/** Out of voice, nothing known yet: the view before a mesh exists (the room before the party's first snapshot). */
export const VOICE_OUT_VIEW: VoiceView = {
  phase: "out",
  muted: false,
  talkHeld: false,
  transmitting: false,
  camera: false,
  hostMuted: false,
  hasMicrophone: false,
  selfSpeaking: false,
  selfVideo: null,
  peers: [],
  speakers: 0,
  listeners: 0,
  othersLoud: false,
  notice: null,
  microphones: [],
  cameras: [],
  microphoneId: null,
  cameraId: null,
};

export interface VoiceMeshDeps {
  /** This member's id (the party's `you.userId`). */
  selfId: string;
  /** Sends a command to the party (SyncSession.send); rejects with an error carrying the server's `code`. */
  send(command: PartyCommand): Promise<unknown>;
  createPeerConnection(config: RTCConfiguration): RTCPeerConnection;
  getUserMedia(constraints: MediaStreamConstraints): Promise<MediaStream>;
  enumerateDevices?(): Promise<MediaDeviceInfo[]>;
  /** STUN/TURN servers (GET /api/v1/voice/ice-servers); empty when none are configured or the call fails. */
  iceServers(): Promise<RTCIceServer[]>;
  meter?: LevelMeter;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
  onChange(): void;
}

interface Peer {
  id: string;
  pc: RTCPeerConnection;
  polite: boolean;
  /** Polite toward a speaker: nothing of ours goes on until their first offer is applied (see the header). */
  awaitingOffer: boolean;
  makingOffer: boolean;
  ignoreOffer: boolean;
  audioSender: RTCRtpSender | null;
  videoSender: RTCRtpSender | null;
  audio: MediaStreamTrack | null;
  video: MediaStreamTrack | null;
  level: LevelSource | null;
  speaking: boolean;
  status: PeerConnectionStatus;
  outbox: RTCIceCandidateInit[];
  outboxTimer: unknown;
  /** Candidates that came before the remote description they belong to. */
  inbox: RTCIceCandidateInit[];
  restartTimer: unknown;
  /** FIRST_CONNECT_MS's watchdog, until the connection first connects. */
  firstConnectTimer: unknown;
  closed: boolean;
}

/** The `code` of a refused command (ApiRequestError's), without importing the client. */
function codeOf(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : null;
}

function errorName(error: unknown): string {
  return (error as { name?: unknown } | null)?.name === undefined ? "" : String((error as { name: unknown }).name);
}

export class VoiceMesh {
  private voice: VoiceState = { members: [], listeners: [], waiting: [], hostMuted: [] };
  private hostId: string | null = null;
  private names = new Map<string, string>();
  private readonly peers = new Map<string, Peer>();
  private readonly volumes = new Map<string, number>();
  private phase: VoicePhase = "out";
  /** This member was seen in the party's voice lists since joining (so being gone means taken out). */
  private seenSelf = false;
  /**
   * Signals that arrived after we asked to join but before this page saw the state that seats us:
   * the others see that state first and offer at once, and the room hands the state to the mesh a
   * render later than the stream hands it the signal. Dropped, such an offer was lost for good (a
   * signal is never replayed) and both sides then waited on each other: held, and given to the peer
   * once the state is here.
   */
  private early: { from: string; signal: VoiceSignal }[] = [];
  private wantsMode: VoiceJoinMode | null = null;
  /**
   * A leave is on its way: the state that drops us may still come (after a quick rejoin, even after
   * the state that seated us again was expected), and that absence is ours, not the host's doing.
   */
  private leaving = false;
  /** A stale seat (this page reloaded while in voice) was given back, once. */
  private staleLeft = false;
  private muted = false;
  private talkHeld = false;
  private camera = false;
  private stream: { audio: MediaStreamTrack | null; video: MediaStreamTrack | null; media: MediaStream | null } = { audio: null, video: null, media: null };
  private acquiring: Promise<void> | null = null;
  /** The microphone was asked for since joining (a failure is not asked again on every event). */
  private micAsked = false;
  private localLevel: LevelSource | null = null;
  private selfSpeaking = false;
  private othersLoud = false;
  private readonly detector = new SpeakingDetector();
  private levelTimer: unknown = null;
  private notice: VoiceNotice | null = null;
  private iceServers: RTCIceServer[] | null = null;
  private microphones: DeviceOption[] = [];
  private cameras: DeviceOption[] = [];
  private microphoneId: string | null = null;
  private cameraId: string | null = null;
  /** The muted flag the party was last told (or is being told), so push-to-talk sends only changes. */
  private toldMuted: boolean | null = null;
  private telling = false;
  private disposed = false;
  private cachedView: VoiceView | null = null;

  constructor(private readonly deps: VoiceMeshDeps) {}

  // ---- what the room does -------------------------------------------------------------------------

  /**
   * Join voice: asks for the microphone first (the browser's prompt appears only now, on the
   * person's press), then takes a seat. `listen` and `wait` need no microphone until a seat is free.
   */
  async join(mode: VoiceJoinMode = "speak"): Promise<void> {
    if (this.disposed || (this.phase !== "out" && this.phase !== "full")) return;
    this.wantsMode = mode;
    this.seenSelf = false;
    this.micAsked = false;
    this.notice = null;
    this.setPhase("joining");
    if (mode === "speak") {
      const ok = await this.acquireMicrophone(true);
      if (!ok) {
        this.wantsMode = null;
        this.setPhase("out");
        return;
      }
    }
    this.iceServers ??= await this.deps.iceServers().catch(() => []);
    try {
      await this.deps.send({ v: PROTOCOL_VERSION, type: "voice.join", mode, muted: mode === "speak" ? this.muted || !this.stream.audio : true, camera: false });
      this.toldMuted = this.muted || !this.stream.audio;
    } catch (error) {
      this.wantsMode = null;
      this.releaseLocal();
      if (codeOf(error) === "voice_full") {
        this.setPhase("full");
        return;
      }
      this.notice = { text: this.refusal(error), tone: "error" };
      this.setPhase("out");
      return;
    }
    // The voice event that seats us may have come before the answer: take it from there.
    this.reconcile();
  }

  async leave(): Promise<void> {
    if (this.phase === "out" || this.phase === "full") {
      this.setPhase("out");
      return;
    }
    this.wantsMode = null;
    this.leaving = this.isPresent();
    this.closeAll();
    this.releaseLocal();
    this.setPhase("out");
    await this.deps.send({ v: PROTOCOL_VERSION, type: "voice.leave" }).catch(() => undefined);
  }

  /** The person's mute toggle. Unmuting without a microphone asks for one. */
  async setMuted(muted: boolean): Promise<void> {
    if (!muted && !this.stream.audio && this.phase === "speaking") {
      if (!(await this.acquireMicrophone(true)) || !this.stream.audio) return;
    }
    this.muted = muted;
    this.applyTransmit();
  }

  /** Push-to-talk: unmuted while held, muted again when released. */
  setTalkHeld(held: boolean): void {
    if (held === this.talkHeld) return;
    this.talkHeld = held;
    this.applyTransmit();
  }

  async setCamera(on: boolean): Promise<void> {
    if (this.phase !== "speaking" || on === this.camera) return;
    if (on) {
      const track = await this.openDevice("video", this.cameraId);
      if (!track) return;
      this.setVideoTrack(track);
    } else {
      this.stream.video?.stop();
      this.setVideoTrack(null);
    }
    this.camera = on;
    this.emit();
    void this.deps.send({ v: PROTOCOL_VERSION, type: "voice.update", camera: on }).catch((error: unknown) => this.onSendError(error));
  }

  setVolume(memberId: string, volume: number): void {
    this.volumes.set(memberId, Math.min(1, Math.max(0, volume)));
    this.emit();
  }

  async refreshDevices(): Promise<void> {
    if (!this.deps.enumerateDevices) return;
    const devices = await this.deps.enumerateDevices().catch(() => [] as MediaDeviceInfo[]);
    const options = (kind: MediaDeviceKind, what: string) =>
      devices.filter((d) => d.kind === kind && d.deviceId !== "").map((d, i) => ({ deviceId: d.deviceId, label: d.label || `${what} ${i + 1}` }));
    this.microphones = options("audioinput", "Microphone");
    this.cameras = options("videoinput", "Camera");
    this.emit();
  }

  async setMicrophone(deviceId: string): Promise<void> {
    this.microphoneId = deviceId;
    if (!this.stream.audio) return this.emit();
    const track = await this.openDevice("audio", deviceId);
    if (track) this.setAudioTrack(track);
  }

  async setCameraDevice(deviceId: string): Promise<void> {
    this.cameraId = deviceId;
    if (!this.stream.video) return this.emit();
    const track = await this.openDevice("video", deviceId);
    if (track) this.setVideoTrack(track);
  }

  dismissNotice(): void {
    this.notice = null;
    this.emit();
  }

  /** The party's voice state and host, from every `voice` event, snapshot and member.removed (already folded). */
  update(voice: VoiceState, hostId: string | null): void {
    this.voice = voice;
    this.hostId = hostId;
    for (const m of [...voice.members, ...voice.listeners, ...voice.waiting]) this.names.set(m.memberId, m.displayName);
    this.reconcile();
  }

  /** A `voice.signal` event for this member. */
  receiveSignal(from: string, signal: VoiceSignal): void {
    if (this.disposed || from === this.deps.selfId) return;
    let peer = this.peers.get(from);
    if (!peer) {
      // The other side saw the state first: the server checked that both of us are in voice.
      if (this.phase !== "speaking" && this.phase !== "listening") {
        if (this.wantsMode !== null && this.early.length < EARLY_SIGNALS_MAX) this.early.push({ from, signal });
        return;
      }
      if (this.phase === "speaking" && !this.stream.audio && this.acquiring) {
        void this.acquiring.then(() => this.receiveSignal(from, signal));
        return;
      }
      peer = this.openPeer(from);
    }
    if (signal.kind === "description") void this.onDescription(peer, signal.description);
    else for (const candidate of signal.candidates) void this.onCandidate(peer, candidate);
  }

  /** The peer connections, for diagnostics (getStats). */
  connections(): ReadonlyMap<string, RTCPeerConnection> {
    return new Map([...this.peers].map(([id, peer]) => [id, peer.pc]));
  }

  dispose(): void {
    if (this.disposed) return;
    const wasIn = this.phase === "speaking" || this.phase === "listening" || this.phase === "waiting" || this.phase === "joining";
    this.closeAll();
    this.releaseLocal();
    this.disposed = true;
    if (wasIn) void this.deps.send({ v: PROTOCOL_VERSION, type: "voice.leave" }).catch(() => undefined);
  }

  view(): VoiceView {
    if (this.cachedView) return this.cachedView;
    const me = this.deps.selfId;
    const hostMuted = this.voice.hostMuted;
    const tiles: VoiceMember[] =
      this.phase === "speaking" ? this.voice.members.filter((m) => m.memberId !== me)
      : this.phase === "listening" ? this.voice.members.filter((m) => m.memberId === this.hostId)
      : [];
    this.cachedView = {
      phase: this.phase,
      muted: this.muted,
      talkHeld: this.talkHeld,
      transmitting: this.transmitting(),
      camera: this.camera,
      hostMuted: hostMuted.includes(me),
      hasMicrophone: this.stream.audio !== null,
      selfSpeaking: this.selfSpeaking,
      selfVideo: this.camera ? this.stream.video : null,
      peers: tiles.map((m) => {
        const peer = this.peers.get(m.memberId);
        return {
          memberId: m.memberId,
          displayName: m.displayName,
          muted: m.muted,
          camera: m.camera,
          hostMuted: m.hostMuted || hostMuted.includes(m.memberId),
          speaking: peer?.speaking ?? false,
          volume: this.volumes.get(m.memberId) ?? 1,
          connection: peer?.status ?? "connecting",
          audio: peer?.audio ?? null,
          video: peer?.video ?? null,
        };
      }),
      speakers: this.voice.members.length,
      listeners: this.voice.listeners.length,
      othersLoud: this.othersLoud,
      notice: this.notice,
      microphones: this.microphones,
      cameras: this.cameras,
      microphoneId: this.microphoneId,
      cameraId: this.cameraId,
    };
    return this.cachedView;
  }

  // ---- the party's state ------------------------------------------------------------------------

  private reconcile(): void {
    if (this.disposed) return;
    const me = this.deps.selfId;
    const speaking = this.voice.members.some((m) => m.memberId === me);
    const listening = this.voice.listeners.some((m) => m.memberId === me);
    const waiting = this.voice.waiting.some((m) => m.memberId === me);
    const present = speaking || listening || waiting;

    if (this.wantsMode === null) {
      this.closeAll();
      if (!present) this.leaving = false;
      else if (!this.leaving && !this.staleLeft && this.phase === "out") {
        // In voice without having joined on this page: the seat of this page before a reload (the
        // others are trying to reach it). Given back so nobody waits on a member who is not there.
        this.staleLeft = true;
        void this.deps.send({ v: PROTOCOL_VERSION, type: "voice.leave" }).catch(() => undefined);
      }
      return this.emit();
    }
    if (this.leaving && !present) {
      // The state our leave made, arriving after we joined again: the one that seats us comes next.
      this.leaving = false;
      this.seenSelf = false;
      this.closeAll();
      return this.emit();
    }
    if (present) this.seenSelf = true;
    else if (this.seenSelf) {
      // We were in and are no more, without leaving: the host took us out (or the party did).
      this.wantsMode = null;
      this.closeAll();
      this.releaseLocal();
      this.notice = { text: VOICE_TEXTS.removed, tone: "info" };
      return this.setPhase("out");
    } else {
      // Joined, the state that seats us not here yet.
      return this.emit();
    }

    this.phase = speaking ? "speaking" : listening ? "listening" : "waiting";
    if (speaking && !this.stream.audio && !this.acquiring && !this.micAsked && this.microphoneWanted()) {
      // A seat came free while waiting (the permission was given on Join voice: no prompt now).
      void this.acquireMicrophone(false).then(() => this.reconcile());
      return this.emit();
    }
    if (!speaking) this.releaseLocal();

    const wanted = new Set<string>();
    if (speaking) {
      for (const m of this.voice.members) if (m.memberId !== me) wanted.add(m.memberId);
      // The host's audio goes to each listener too (they send nothing back).
      if (me === this.hostId) for (const m of this.voice.listeners) wanted.add(m.memberId);
    } else if (listening && this.hostId && this.voice.members.some((m) => m.memberId === this.hostId)) {
      wanted.add(this.hostId);
    }
    for (const [id, peer] of this.peers) if (!wanted.has(id)) this.closePeer(peer);
    for (const id of wanted) if (!this.peers.has(id)) this.openPeer(id);
    for (const { from, signal } of this.early.splice(0)) if (wanted.has(from)) this.receiveSignal(from, signal);
    this.applyTransmit();
    this.ensureLevelTimer();
    this.emit();
  }

  private isPresent(): boolean {
    const me = this.deps.selfId;
    return [...this.voice.members, ...this.voice.listeners, ...this.voice.waiting].some((m) => m.memberId === me);
  }

  /** A member waiting for a seat asked for the microphone on Join voice (a listener never did). */
  private microphoneWanted(): boolean {
    return this.wantsMode === "speak" || this.wantsMode === "wait";
  }

  private setPhase(phase: VoicePhase): void {
    this.phase = phase;
    if (phase === "out" || phase === "full") this.toldMuted = null;
    this.emit();
  }

  // ---- local media --------------------------------------------------------------------------------

  /** Opens the microphone; false (and a notice) when the browser refuses. Without one, joins muted. */
  private async acquireMicrophone(fromPress: boolean): Promise<boolean> {
    if (this.acquiring) {
      await this.acquiring;
      return this.stream.audio !== null || this.phase === "speaking";
    }
    let ok = true;
    this.micAsked = true;
    this.acquiring = (async () => {
      try {
        const track = await this.openDevice("audio", this.microphoneId, true);
        if (track) this.setAudioTrack(track);
        else ok = false;
      } catch (error) {
        if (errorName(error) === "NotFoundError" && fromPress) {
          // No microphone at all: still in voice, hearing everyone, muted.
          this.muted = true;
          this.notice = { text: VOICE_TEXTS.noMic, tone: "info" };
        } else {
          this.notice = { text: this.mediaError(error, "audio"), tone: "error" };
          ok = false;
        }
      }
    })();
    await this.acquiring;
    this.acquiring = null;
    void this.refreshDevices();
    this.emit();
    return ok;
  }

  /**
   * A track from one device (the default when `deviceId` is null or gone). With `throwing`, the
   * browser's refusal is thrown for the caller to word; otherwise it becomes the notice.
   */
  private async openDevice(kind: "audio" | "video", deviceId: string | null, throwing = false): Promise<MediaStreamTrack | null> {
    const constraints: MediaTrackConstraints | boolean =
      kind === "audio" ? { ...(deviceId ? { deviceId: { exact: deviceId } } : {}), echoCancellation: true, noiseSuppression: true, autoGainControl: true }
      : { ...(deviceId ? { deviceId: { exact: deviceId } } : {}), width: { ideal: 640 }, height: { ideal: 360 }, frameRate: { ideal: 24 } };
    try {
      let media: MediaStream;
      try {
        media = await this.deps.getUserMedia({ [kind]: constraints });
      } catch (error) {
        // A remembered device that is gone: the default one instead.
        if (!deviceId || (errorName(error) !== "OverconstrainedError" && errorName(error) !== "NotFoundError")) throw error;
        media = await this.deps.getUserMedia({ [kind]: true });
      }
      const track = (kind === "audio" ? media.getAudioTracks() : media.getVideoTracks())[0] ?? null;
      if (!track && throwing) throw Object.assign(new Error("no track"), { name: "NotFoundError" });
      return track;
    } catch (error) {
      if (throwing) throw error;
      this.notice = { text: this.mediaError(error, kind), tone: "error" };
      this.emit();
      return null;
    }
  }

  private mediaError(error: unknown, kind: "audio" | "video"): string {
    switch (errorName(error)) {
      case "NotAllowedError":
      case "SecurityError":
        return kind === "audio" ? VOICE_TEXTS.micBlocked : VOICE_TEXTS.cameraBlocked;
      case "NotFoundError":
      case "OverconstrainedError":
        return kind === "audio" ? VOICE_TEXTS.noMic : VOICE_TEXTS.noCamera;
      case "NotReadableError":
      case "AbortError":
        return kind === "audio" ? VOICE_TEXTS.micBusy : VOICE_TEXTS.cameraBusy;
      case "TypeError":
        return VOICE_TEXTS.noWebRtc;
      default:
        return kind === "audio" ? VOICE_TEXTS.micBusy : VOICE_TEXTS.cameraBusy;
    }
  }

  private setAudioTrack(track: MediaStreamTrack | null): void {
    const old = this.stream.audio;
    if (old && old !== track) old.stop();
    this.stream.audio = track;
    this.localLevel?.dispose();
    this.localLevel = null;
    if (track) {
      this.microphoneId = track.getSettings?.().deviceId ?? this.microphoneId;
      track.addEventListener?.("ended", () => void this.deviceLost("audio", track));
      this.localLevel = this.deps.meter?.(track) ?? null;
    }
    for (const peer of this.peers.values()) this.attachAudio(peer);
    this.emit();
  }

  private setVideoTrack(track: MediaStreamTrack | null): void {
    const old = this.stream.video;
    if (old && old !== track) old.stop();
    this.stream.video = track;
    if (track) {
      this.cameraId = track.getSettings?.().deviceId ?? this.cameraId;
      track.addEventListener?.("ended", () => void this.deviceLost("video", track));
    }
    for (const peer of this.peers.values()) this.attachVideo(peer);
    this.emit();
  }

  /** A device unplugged mid-call: the default one takes over, and the person is told. */
  private async deviceLost(kind: "audio" | "video", track: MediaStreamTrack): Promise<void> {
    const current = kind === "audio" ? this.stream.audio : this.stream.video;
    if (current !== track || this.disposed || this.phase !== "speaking") return;
    const what = kind === "audio" ? "microphone" : "camera";
    const label = track.label || null;
    const next = await this.openDevice(kind, null);
    if (next) {
      if (kind === "audio") this.setAudioTrack(next);
      else this.setVideoTrack(next);
      this.notice = { text: voiceTexts.deviceLost(what, label), tone: "info" };
    } else {
      if (kind === "audio") this.setAudioTrack(null);
      else {
        this.setVideoTrack(null);
        this.camera = false;
        void this.deps.send({ v: PROTOCOL_VERSION, type: "voice.update", camera: false }).catch(() => undefined);
      }
      this.notice = { text: voiceTexts.deviceLostNoFallback(what), tone: "error" };
    }
    void this.refreshDevices();
    this.applyTransmit();
    this.emit();
  }

  private releaseLocal(): void {
    this.stream.audio?.stop();
    this.stream.video?.stop();
    this.stream = { audio: null, video: null, media: null };
    this.localLevel?.dispose();
    this.localLevel = null;
    this.camera = false;
    this.talkHeld = false;
    this.selfSpeaking = false;
  }

  private transmitting(): boolean {
    const hostMuted = this.voice.hostMuted.includes(this.deps.selfId);
    return this.phase === "speaking" && this.stream.audio !== null && !hostMuted && (this.talkHeld || !this.muted);
  }

  /** Puts the microphone on every sender, or null (nothing leaves), and tells the party what changed. */
  private applyTransmit(): void {
    for (const peer of this.peers.values()) this.attachAudio(peer);
    if (this.phase === "speaking") this.tellMuted();
    this.emit();
  }

  private tellMuted(): void {
    const muted = !(this.stream.audio !== null && (this.talkHeld || !this.muted));
    if (this.telling || muted === this.toldMuted) return;
    this.telling = true;
    this.toldMuted = muted;
    // One update in flight at a time: a burst of push-to-talk presses ends with the latest state.
    this.deps
      .send({ v: PROTOCOL_VERSION, type: "voice.update", muted })
      .catch((error: unknown) => {
        this.toldMuted = null;
        this.onSendError(error);
      })
      .finally(() => {
        this.telling = false;
        if (this.phase === "speaking" && !this.disposed) this.tellMuted();
      });
  }

  // ---- peers --------------------------------------------------------------------------------------

  private openPeer(id: string): Peer {
    const pc = this.deps.createPeerConnection({ iceServers: this.iceServers ?? [] });
    const polite = this.deps.selfId > id;
    const peer: Peer = {
      id,
      pc,
      polite,
      awaitingOffer: polite && this.phase === "speaking" && this.voice.members.some((m) => m.memberId === id),
      makingOffer: false,
      ignoreOffer: false,
      audioSender: null,
      videoSender: null,
      audio: null,
      video: null,
      level: null,
      speaking: false,
      status: "connecting",
      outbox: [],
      outboxTimer: null,
      inbox: [],
      restartTimer: null,
      firstConnectTimer: null,
      closed: false,
    };
    this.peers.set(id, peer);
    pc.onnegotiationneeded = () => void this.offer(peer);
    pc.onicecandidate = (event) => {
      if (event.candidate) this.queueCandidate(peer, event.candidate.toJSON ? event.candidate.toJSON() : (event.candidate as RTCIceCandidateInit));
      else this.flushCandidates(peer);
    };
    pc.ontrack = (event) => {
      if (peer.closed) return;
      const track = event.track;
      if (track.kind === "audio") {
        peer.audio = track;
        peer.level?.dispose();
        peer.level = this.deps.meter?.(track) ?? null;
      } else {
        peer.video = track;
      }
      this.emit();
    };
    pc.onconnectionstatechange = () => this.onConnectionState(peer);
    peer.firstConnectTimer = this.deps.setTimeout(() => {
      peer.firstConnectTimer = null;
      if (peer.closed || peer.awaitingOffer || peer.pc.connectionState === "connected") return;
      void this.negotiateAgain(peer);
    }, FIRST_CONNECT_MS);
    // A listener sends nothing: only the speakers' side adds tracks.
    if (this.phase === "speaking" && !peer.awaitingOffer) {
      this.attachAudio(peer);
      this.attachVideo(peer);
      // Without a microphone there is no track to add, and the first offer is still ours to make.
      if (!peer.audioSender) pc.addTransceiver("audio", { direction: "recvonly" });
    }
    return peer;
  }

  private attachAudio(peer: Peer): void {
    if (peer.closed || peer.awaitingOffer) return;
    const send = this.transmitting() ? this.stream.audio : null;
    if (!peer.audioSender) {
      // Added once with the real track (a transceiver from addTrack pairs with the other side's
      // offer, so crossing offers share one m-line), then swapped for null while muted.
      if (!this.stream.audio || this.phase !== "speaking") return;
      peer.audioSender = peer.pc.addTrack(this.stream.audio);
    }
    if (peer.audioSender.track !== send) void peer.audioSender.replaceTrack(send).catch(() => undefined);
  }

  /**
   * Camera on: the track is added (a first time: a new m-line, renegotiated) or put back on the
   * video sender with the transceiver sending again; off: the sender carries nothing and the
   * transceiver only receives, renegotiated so the other side's video ends. Reusing the transceiver
   * keeps the offer from growing an m-line each time the camera goes on.
   */
  private attachVideo(peer: Peer): void {
    if (peer.closed || peer.awaitingOffer) return;
    const track = this.stream.video;
    if (!peer.videoSender) {
      if (!track || this.phase !== "speaking") return;
      peer.videoSender = peer.pc.addTrack(track);
      return;
    }
    const transceiver = peer.pc.getTransceivers().find((t) => t.sender === peer.videoSender);
    if (peer.videoSender.track !== track) void peer.videoSender.replaceTrack(track).catch(() => undefined);
    if (transceiver) {
      const direction: RTCRtpTransceiverDirection = track ? "sendrecv" : "recvonly";
      if (transceiver.direction !== direction) transceiver.direction = direction;
    }
  }

  private async offer(peer: Peer): Promise<void> {
    if (peer.closed) return;
    try {
      peer.makingOffer = true;
      await peer.pc.setLocalDescription();
      if (peer.closed) return;
      const description = peer.pc.localDescription;
      if (description) this.signal(peer, { kind: "description", description: { type: description.type, sdp: description.sdp } });
    } catch {
      // A negotiation overtaken by the other side's offer; the next negotiationneeded tries again.
    } finally {
      peer.makingOffer = false;
    }
  }

  private async onDescription(peer: Peer, description: RTCSessionDescriptionInit): Promise<void> {
    const pc = peer.pc;
    try {
      const collision = description.type === "offer" && (peer.makingOffer || pc.signalingState !== "stable");
      peer.ignoreOffer = !peer.polite && collision;
      if (peer.ignoreOffer) return;
      // The polite side's own offer, if any, is rolled back by setRemoteDescription itself.
      await pc.setRemoteDescription(description);
      if (peer.closed) return;
      for (const candidate of peer.inbox.splice(0)) await pc.addIceCandidate(candidate).catch(() => undefined);
      if (description.type === "offer" && peer.awaitingOffer) {
        // Their first offer: our tracks go on the transceivers it made, and out with the answer.
        peer.awaitingOffer = false;
        this.attachAudio(peer);
        this.attachVideo(peer);
      }
      if (description.type === "offer") {
        await pc.setLocalDescription();
        const answer = pc.localDescription;
        if (answer && !peer.closed) this.signal(peer, { kind: "description", description: { type: answer.type, sdp: answer.sdp } });
      }
    } catch {
      // A description that no longer fits (the connection moved on): the restart on failure repairs it.
    }
  }

  private async onCandidate(peer: Peer, candidate: RTCIceCandidateInit): Promise<void> {
    if (peer.closed) return;
    if (!peer.pc.remoteDescription) {
      peer.inbox.push(candidate);
      return;
    }
    try {
      await peer.pc.addIceCandidate(candidate);
    } catch {
      // A candidate of an offer we ignored (glare), or of an old ICE generation: nothing to do.
    }
  }

  private queueCandidate(peer: Peer, candidate: RTCIceCandidateInit): void {
    peer.outbox.push(candidate);
    if (peer.outboxTimer === null) peer.outboxTimer = this.deps.setTimeout(() => this.flushCandidates(peer), CANDIDATE_BATCH_MS);
  }

  private flushCandidates(peer: Peer): void {
    if (peer.outboxTimer !== null) this.deps.clearTimeout(peer.outboxTimer);
    peer.outboxTimer = null;
    while (peer.outbox.length > 0 && !peer.closed) {
      const candidates = peer.outbox.splice(0, VOICE_CANDIDATES_PER_SIGNAL);
      this.signal(peer, { kind: "candidates", candidates: candidates.map(({ candidate, sdpMid, sdpMLineIndex, usernameFragment }) => ({ candidate: candidate ?? "", sdpMid, sdpMLineIndex, usernameFragment })) });
    }
  }

  private signal(peer: Peer, signal: VoiceSignal): void {
    void this.deps.send({ v: PROTOCOL_VERSION, type: "voice.signal", to: peer.id, signal }).catch((error: unknown) => {
      if (codeOf(error) === "voice_peer_absent") {
        // They left voice (or the party) before our message got there.
        if (this.peers.get(peer.id) === peer) {
          this.closePeer(peer);
          this.notice = { text: voiceTexts.vanished(this.nameOf(peer.id)), tone: "info" };
          this.emit();
        }
        return;
      }
      this.onSendError(error);
    });
  }

  private onConnectionState(peer: Peer): void {
    if (peer.closed) return;
    const state = peer.pc.connectionState;
    const retrying = voiceTexts.retrying(this.nameOf(peer.id));
    if (state === "connected") {
      peer.status = "connected";
      if (peer.firstConnectTimer !== null) this.deps.clearTimeout(peer.firstConnectTimer);
      peer.firstConnectTimer = null;
      if (peer.restartTimer !== null) this.deps.clearTimeout(peer.restartTimer);
      peer.restartTimer = null;
      if (this.notice?.text === retrying) this.notice = null;
    } else if (state === "failed") {
      peer.status = "retrying";
      this.notice = { text: retrying, tone: "error" };
      this.restartIce(peer);
    }
    this.emit();
  }

  /** A fresh offer with ICE restarted; an offer of ours still unanswered (lost on the way) is rolled back first. */
  private async negotiateAgain(peer: Peer): Promise<void> {
    if (peer.pc.signalingState === "have-local-offer") await peer.pc.setLocalDescription({ type: "rollback" }).catch(() => undefined);
    if (peer.closed) return;
    peer.status = "retrying";
    this.emit();
    this.restartIce(peer);
  }

  /** An ICE restart now, and again every ICE_RESTART_EVERY_MS while the connection stays failed. */
  private restartIce(peer: Peer): void {
    if (peer.closed || peer.restartTimer !== null) return;
    peer.pc.restartIce();
    peer.restartTimer = this.deps.setTimeout(() => {
      peer.restartTimer = null;
      if (!peer.closed && peer.pc.connectionState !== "connected") this.restartIce(peer);
    }, ICE_RESTART_EVERY_MS);
  }

  private closePeer(peer: Peer): void {
    peer.closed = true;
    if (peer.outboxTimer !== null) this.deps.clearTimeout(peer.outboxTimer);
    if (peer.restartTimer !== null) this.deps.clearTimeout(peer.restartTimer);
    if (peer.firstConnectTimer !== null) this.deps.clearTimeout(peer.firstConnectTimer);
    peer.level?.dispose();
    peer.pc.onnegotiationneeded = null;
    peer.pc.onicecandidate = null;
    peer.pc.ontrack = null;
    peer.pc.onconnectionstatechange = null;
    peer.pc.close();
    this.peers.delete(peer.id);
    this.detector.forget(peer.id);
    const retrying = voiceTexts.retrying(this.nameOf(peer.id));
    if (this.notice?.text === retrying) this.notice = null;
  }

  private closeAll(): void {
    this.early = [];
    for (const peer of [...this.peers.values()]) this.closePeer(peer);
    if (this.levelTimer !== null) this.deps.clearTimeout(this.levelTimer);
    this.levelTimer = null;
    this.othersLoud = false;
  }

  // ---- levels -------------------------------------------------------------------------------------

  private ensureLevelTimer(): void {
    if (this.levelTimer !== null || !this.deps.meter || this.disposed) return;
    this.levelTimer = this.deps.setTimeout(() => {
      this.levelTimer = null;
      if (this.disposed || (this.phase !== "speaking" && this.phase !== "listening")) return;
      this.readLevels();
      this.ensureLevelTimer();
    }, LEVEL_POLL_MS);
  }

  private readLevels(): void {
    const now = this.deps.now();
    let changed = false;
    const selfLevel = this.transmitting() ? (this.localLevel?.read() ?? 0) : 0;
    const selfSpeaking = this.detector.update(this.deps.selfId, selfLevel, now);
    if (selfSpeaking !== this.selfSpeaking) {
      this.selfSpeaking = selfSpeaking;
      changed = true;
    }
    let loud = false;
    const silenced = new Set(this.voice.hostMuted);
    for (const m of this.voice.members) if (m.hostMuted) silenced.add(m.memberId);
    for (const peer of this.peers.values()) {
      // Nothing of a host-muted member plays, so nothing of theirs lights up or ducks the video.
      const level = silenced.has(peer.id) || (this.volumes.get(peer.id) ?? 1) === 0 ? 0 : (peer.level?.read() ?? 0);
      if (level >= SPEAKING_THRESHOLD) loud = true;
      const speaking = this.detector.update(peer.id, level, now);
      if (speaking !== peer.speaking) {
        peer.speaking = speaking;
        changed = true;
      }
    }
    if (loud !== this.othersLoud) {
      this.othersLoud = loud;
      changed = true;
    }
    if (changed) this.emit();
  }

  // ---- errors -------------------------------------------------------------------------------------

  private onSendError(error: unknown): void {
    if (this.disposed) return;
    if (codeOf(error) === "not_in_voice") {
      // The server no longer has us in voice (taken out while a message was on its way).
      if (this.phase !== "out") {
        this.wantsMode = null;
        this.closeAll();
        this.releaseLocal();
        this.notice = { text: VOICE_TEXTS.notInVoice, tone: "info" };
        this.setPhase("out");
      }
      return;
    }
    if (codeOf(error) === "rate_limited") {
      this.notice = { text: VOICE_TEXTS.tooFast, tone: "info" };
      this.emit();
    }
  }

  private refusal(error: unknown): string {
    if (codeOf(error) === "rate_limited") return VOICE_TEXTS.tooFast;
    // The server's own words (its `detail`), for refusals voice has no words of its own for.
    return error instanceof Error && error.message ? error.message : VOICE_TEXTS.failed;
  }

  private nameOf(id: string): string {
    return this.names.get(id) ?? "someone";
  }

  private emit(): void {
    if (this.disposed) return;
    this.cachedView = null;
    this.deps.onChange();
  }
}
