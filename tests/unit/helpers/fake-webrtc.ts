/**
 * A stand-in for the browser's WebRTC peer connection, for VoiceMesh's unit tests: what perfect
 * negotiation depends on, as the WebRTC spec has it — the signalling states (stable, have-local-offer,
 * have-remote-offer), the operations chain (descriptions and candidates applied one at a time, in
 * call order), implicit rollback of a local offer by a remote one and an explicit one, negotiationneeded fired only
 * in the stable state (held until then) and only when the m-lines differ from the last negotiation's
 * (a track the answer already carries asks for nothing), addTrack reusing a transceiver the remote offer made, ICE
 * candidates refused before a remote description, restartIce asking for a negotiation.
 *
 * Where it differs: the "SDP" is only the list of m-lines (`m=audio sendrecv`); no media flows (a
 * remote track appears, via ontrack, when a remote description first carries a sending m-line of its
 * kind); connection states change only when a test sets them.
 */

export class FakeTrack {
  enabled = true;
  readyState: "live" | "ended" = "live";
  readonly stop = jest.fn(() => {
    this.readyState = "ended";
  });
  private listeners = new Map<string, (() => void)[]>();
  constructor(
    readonly kind: "audio" | "video",
    readonly label = `${kind} device`,
    readonly deviceId = "default",
  ) {}
  getSettings() {
    return { deviceId: this.deviceId };
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  /** The device went away (unplugged). */
  end() {
    this.readyState = "ended";
    for (const listener of this.listeners.get("ended") ?? []) listener();
  }
}

export class FakeSender {
  readonly replaced: (FakeTrack | null)[] = [];
  constructor(public track: FakeTrack | null) {}
  replaceTrack(track: FakeTrack | null): Promise<void> {
    this.track = track;
    this.replaced.push(track);
    return Promise.resolve();
  }
}

export class FakeTransceiver {
  /** The sender has sent at some point (addTrack will not reuse it). */
  sent = false;
  private dir: RTCRtpTransceiverDirection;
  constructor(
    readonly kind: "audio" | "video",
    readonly sender: FakeSender,
    direction: RTCRtpTransceiverDirection,
    private readonly onChange: () => void,
    /** Made by a remote offer (and associated with its m-line). */
    readonly fromRemote = false,
  ) {
    this.dir = direction;
    if (direction.startsWith("send")) this.sent = true;
  }
  get direction() {
    return this.dir;
  }
  set direction(value: RTCRtpTransceiverDirection) {
    if (value === this.dir) return;
    this.dir = value;
    if (value.startsWith("send")) this.sent = true;
    this.onChange();
  }
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

let nextId = 1;

export class FakePeerConnection {
  static all: FakePeerConnection[] = [];
  readonly id = nextId++;
  signalingState: RTCSignalingState = "stable";
  connectionState: RTCPeerConnectionState = "new";
  localDescription: { type: RTCSdpType; sdp: string } | null = null;
  remoteDescription: { type: RTCSdpType; sdp: string } | null = null;
  onnegotiationneeded: (() => void) | null = null;
  onicecandidate: ((event: { candidate: { toJSON(): RTCIceCandidateInit } | null }) => void) | null = null;
  ontrack: ((event: { track: FakeTrack; streams: unknown[] }) => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;
  readonly transceivers: FakeTransceiver[] = [];
  readonly candidates: RTCIceCandidateInit[] = [];
  offers = 0;
  answers = 0;
  rollbacks = 0;
  restarts = 0;
  closed = false;
  private negotiationQueued = false;
  private negotiationHeld = false;
  /** The m-lines as last negotiated: negotiationneeded fires only when they would change (or for an ICE restart). */
  private negotiated = "";
  private restartPending = false;
  private remoteKinds = new Set<string>();
  /** The spec's operations chain: descriptions and candidates are applied one at a time, in call order. */
  private operations: Promise<unknown> = Promise.resolve();

  private chained<T>(operation: () => Promise<T>): Promise<T> {
    const run = this.operations.then(operation);
    this.operations = run.catch(() => undefined);
    return run;
  }

  constructor(readonly config: RTCConfiguration) {
    FakePeerConnection.all.push(this);
  }

  addTrack(track: FakeTrack): FakeSender {
    const reusable = this.transceivers.find((t) => t.kind === track.kind && t.sender.track === null && !t.sent);
    if (reusable) {
      reusable.sender.track = track;
      reusable.direction = "sendrecv";
      return reusable.sender;
    }
    const transceiver = new FakeTransceiver(track.kind, new FakeSender(track), "sendrecv", () => this.needNegotiation());
    this.transceivers.push(transceiver);
    this.needNegotiation();
    return transceiver.sender;
  }

  addTransceiver(kind: "audio" | "video", init: { direction?: RTCRtpTransceiverDirection } = {}): FakeTransceiver {
    const transceiver = new FakeTransceiver(kind, new FakeSender(null), init.direction ?? "sendrecv", () => this.needNegotiation());
    this.transceivers.push(transceiver);
    this.needNegotiation();
    return transceiver;
  }

  getTransceivers() {
    return this.transceivers;
  }

  setLocalDescription(description?: { type: "rollback" }): Promise<void> {
    return this.chained(() => this.applyLocal(description?.type === "rollback"));
  }

  private async applyLocal(rollback = false): Promise<void> {
    await tick();
    this.assertOpen();
    if (rollback) {
      // An explicit rollback of our unanswered offer; the negotiation it held is needed again.
      if (this.signalingState !== "have-local-offer") throw Object.assign(new Error(`rollback in ${this.signalingState}`), { name: "InvalidStateError" });
      this.rollbacks += 1;
      this.localDescription = null;
      this.signalingState = "stable";
      this.needNegotiation();
      return;
    }
    if (this.signalingState === "stable") {
      this.offers += 1;
      this.localDescription = { type: "offer", sdp: this.sdp() };
      this.signalingState = "have-local-offer";
    } else if (this.signalingState === "have-remote-offer") {
      this.answers += 1;
      this.localDescription = { type: "answer", sdp: this.sdp() };
      this.signalingState = "stable";
      this.negotiated = this.sdp();
      this.restartPending = false;
      this.stable();
    } else {
      throw Object.assign(new Error(`setLocalDescription in ${this.signalingState}`), { name: "InvalidStateError" });
    }
  }

  setRemoteDescription(description: RTCSessionDescriptionInit): Promise<void> {
    return this.chained(() => this.applyRemoteDescription(description));
  }

  private async applyRemoteDescription(description: RTCSessionDescriptionInit): Promise<void> {
    await tick();
    this.assertOpen();
    if (description.type === "offer") {
      if (this.signalingState === "have-local-offer") {
        // Implicit rollback (the spec's, and every current browser's).
        this.rollbacks += 1;
        this.localDescription = null;
        this.signalingState = "stable";
      } else if (this.signalingState !== "stable") {
        throw Object.assign(new Error(`offer in ${this.signalingState}`), { name: "InvalidStateError" });
      }
      this.remoteDescription = { type: "offer", sdp: description.sdp ?? "" };
      this.signalingState = "have-remote-offer";
      this.applyRemote(description.sdp ?? "");
    } else if (description.type === "answer") {
      if (this.signalingState !== "have-local-offer") throw Object.assign(new Error(`answer in ${this.signalingState}`), { name: "InvalidStateError" });
      this.remoteDescription = { type: "answer", sdp: description.sdp ?? "" };
      this.signalingState = "stable";
      this.applyRemote(description.sdp ?? "");
      this.negotiated = this.localDescription?.sdp ?? "";
      this.restartPending = false;
      this.stable();
    }
  }

  addIceCandidate(candidate: RTCIceCandidateInit): Promise<void> {
    return this.chained(() => this.applyCandidate(candidate));
  }

  private async applyCandidate(candidate: RTCIceCandidateInit): Promise<void> {
    await tick();
    if (!this.remoteDescription) throw Object.assign(new Error("no remote description"), { name: "InvalidStateError" });
    this.candidates.push(candidate);
  }

  restartIce(): void {
    this.restarts += 1;
    this.restartPending = true;
    this.needNegotiation();
  }

  close(): void {
    this.closed = true;
    this.signalingState = "closed";
    this.connectionState = "closed";
  }

  // ---- for tests ----

  gather(candidate: string): void {
    const init = { candidate, sdpMid: "0", sdpMLineIndex: 0 };
    this.onicecandidate?.({ candidate: { toJSON: () => init } });
  }

  setConnectionState(state: RTCPeerConnectionState): void {
    this.connectionState = state;
    this.onconnectionstatechange?.();
  }

  sender(kind: "audio" | "video"): FakeSender | undefined {
    return this.transceivers.find((t) => t.kind === kind && t.sent)?.sender;
  }

  private sdp(): string {
    return this.transceivers.map((t) => `m=${t.kind} ${t.direction}`).join("\n");
  }

  private applyRemote(sdp: string): void {
    for (const line of sdp.split("\n").filter(Boolean)) {
      const [, kind, direction] = /^m=(audio|video) (\w+)$/.exec(line) ?? [];
      if (!kind || !direction) continue;
      if (!this.transceivers.some((t) => t.kind === kind)) {
        this.transceivers.push(new FakeTransceiver(kind as "audio" | "video", new FakeSender(null), "recvonly", () => this.needNegotiation(), true));
      }
      if (direction.startsWith("send") && !this.remoteKinds.has(kind)) {
        this.remoteKinds.add(kind);
        this.ontrack?.({ track: new FakeTrack(kind as "audio" | "video", `remote ${kind}`), streams: [] });
      }
    }
  }

  private needNegotiation(): void {
    if (this.negotiationQueued || this.closed) return;
    this.negotiationQueued = true;
    queueMicrotask(() => {
      this.negotiationQueued = false;
      if (this.closed) return;
      if (this.signalingState !== "stable") this.negotiationHeld = true;
      else if (this.restartPending || this.sdp() !== this.negotiated) this.onnegotiationneeded?.();
    });
  }

  private stable(): void {
    if (!this.negotiationHeld) return;
    this.negotiationHeld = false;
    this.needNegotiation();
  }

  private assertOpen(): void {
    if (this.closed) throw Object.assign(new Error("closed"), { name: "InvalidStateError" });
  }
}

/** Timers on a simulated clock: `advance(ms)` runs what falls due, in order. */
export class FakeClock {
  time = 0;
  private timers: { at: number; fn: () => void; id: number }[] = [];
  private next = 1;
  now = () => this.time;
  setTimeout = (fn: () => void, ms: number): unknown => {
    const id = this.next++;
    this.timers.push({ at: this.time + ms, fn, id });
    return id;
  };
  clearTimeout = (handle: unknown): void => {
    this.timers = this.timers.filter((t) => t.id !== handle);
  };
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.time = due.at;
      due.fn();
    }
    this.time = end;
  }
}

/** Lets every pending promise and microtask settle (the fakes resolve on setImmediate). */
export async function settle(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i += 1) await tick();
}
