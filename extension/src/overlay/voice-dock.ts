/**
 * Voice in the overlay, on the site's side: an iframe of the extension's voice frame (where the mesh,
 * the microphone and the tiles live: extension/src/voice/frame-messages.ts says why), docked at the
 * video's top-left corner, movable by its handle (dragged, or with the arrow keys; the place is kept
 * for the next page), never over the player's controls (dockRect).
 *
 * The dock is the frame's only line to the party: it hands the frame the voice state and the signals
 * for this member, sends the frame's voice commands (only those) through the party port, and answers
 * with the server's result and error code. It owns what needs the site's page: the overlay's
 * push-to-talk key (V held on the page) and auto-duck of the page's video while someone speaks.
 */
import type { PartyCommand } from "../../../lib/party-client/types";
import type { PartyViewModel } from "../../../lib/party-client/sync-session";
import { AutoDuck, type VolumeControl } from "../../../lib/party-client/voice/auto-duck";
import { isTalkKeyDown, isTalkKeyUp } from "../../../lib/party-client/voice/push-to-talk";
import { PROTOCOL_VERSION, type VoiceSignal } from "@/lib/sync";
import { fromFrameSchema, type ToFrame } from "../voice/frame-messages";
import { dockOffset, dockRect, type Rect } from "./geometry";

export interface VoiceDockDeps {
  /** Where the dock's elements go (the overlay's shadow root). */
  mount: ParentNode;
  /** The voice frame's address (runtime.getURL of VOICE_FRAME_PATH). */
  frameUrl: string;
  /** Stores the frame's one-time nonce in the extension's storage, before the frame is created. */
  storeNonce(nonce: string): Promise<void>;
  /** Sends a voice command to the party; rejects with an error carrying the server's `code`. */
  send(command: PartyCommand): Promise<void>;
  autoDuck: { get(): Promise<boolean | null>; set(on: boolean): Promise<void> };
  /** Where the person last put the tiles (from the video's top-left corner), kept across pages. */
  position: { get(): Promise<{ x: number; y: number } | null>; set(offset: { x: number; y: number }): Promise<void> };
  /** Pixels at the viewport's right edge taken by the party panel (the dock stays left of them). */
  reservedRight(): number;
}

const LAYOUT_MS = 500;
const DEFAULT_SIZE = { width: 260, height: 60 };
const HANDLE_HEIGHT = 22;
/** An arrow key moves the tiles this far (CSS px); with Shift, four times as far. */
const KEY_STEP = 16;

function randomNonce(win: Window): string {
  const bytes = new Uint8Array(24);
  win.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export class VoiceDock {
  readonly element: HTMLElement;
  readonly frame: HTMLIFrameElement;
  private readonly handle: HTMLButtonElement;
  private readonly win: Window;
  private port: MessagePort | null = null;
  private nonce: string | null = null;
  private state: Extract<ToFrame, { kind: "state" }> = { kind: "state", selfId: null, hostId: null, voice: null, autoDuck: true };
  private inVoice = false;
  private size = DEFAULT_SIZE;
  private offset: { x: number; y: number } | null = null;
  private video: HTMLVideoElement | null = null;
  private readonly duck: AutoDuck;
  private readonly cleanups: (() => void)[] = [];
  private disposed = false;

  constructor(
    private readonly doc: Document,
    private readonly deps: VoiceDockDeps,
  ) {
    const win = doc.defaultView;
    if (!win) throw new Error("The voice dock needs a window.");
    this.win = win;
    this.element = doc.createElement("div");
    this.element.className = "voice-dock";
    this.element.dataset.vp = "voice-dock";
    this.handle = doc.createElement("button");
    this.handle.type = "button";
    this.handle.className = "voice-handle";
    this.handle.dataset.vp = "voice-handle";
    this.handle.setAttribute("aria-label", "Move the voice tiles (drag, or arrow keys)");
    this.handle.textContent = "⠿ Voice";
    this.frame = doc.createElement("iframe");
    this.frame.className = "voice-frame";
    this.frame.dataset.vp = "voice-frame";
    this.frame.title = "ViewParty voice";
    // The frame asks for the microphone in ViewParty's name, only when the person presses Join voice.
    this.frame.allow = "microphone; camera; autoplay";
    this.frame.setAttribute("allow", "microphone; camera; autoplay");
    this.element.append(this.handle, this.frame);
    this.duck = new AutoDuck({ now: () => win.performance.now(), setTimeout: (fn, ms) => win.setTimeout(fn, ms), clearTimeout: (h) => win.clearTimeout(h as number) });
    this.installDrag();
    this.installTalkKey();
    const layout = () => this.layout();
    win.addEventListener("resize", layout);
    const timer = win.setInterval(layout, LAYOUT_MS);
    this.cleanups.push(() => {
      win.removeEventListener("resize", layout);
      win.clearInterval(timer);
    });
  }

  /** Creates the frame (after its nonce is stored) and opens the channel when it has loaded. */
  async start(): Promise<void> {
    const [stored, offset] = await Promise.all([this.deps.autoDuck.get().catch(() => null), this.deps.position.get().catch(() => null)]);
    this.state = { ...this.state, autoDuck: stored ?? true };
    // Unless the person has moved the tiles on this page already.
    this.offset ??= offset;
    this.duck.setEnabled(this.state.autoDuck);
    const nonce = randomNonce(this.win);
    await this.deps.storeNonce(nonce);
    if (this.disposed) return;
    this.nonce = nonce;
    this.frame.addEventListener("load", () => this.handshake());
    this.frame.src = this.deps.frameUrl;
    this.deps.mount.append(this.element);
    this.layout();
  }

  /** The party as the session shows it: this member, the host and the voice state. */
  update(model: PartyViewModel): void {
    const selfId = model.you?.userId ?? null;
    const hostId = model.party?.hostUserId ?? null;
    const voice = model.voice ?? null;
    if (selfId === this.state.selfId && hostId === this.state.hostId && voice === this.state.voice) return;
    this.state = { ...this.state, selfId, hostId, voice };
    this.post(this.state);
  }

  /** A `voice.signal` for this member. */
  signal(from: string, signal: VoiceSignal): void {
    this.post({ kind: "signal", from, signal });
  }

  /** The page's player: its video (for the dock's place) and its volume (for auto-duck). */
  setVideo(video: HTMLVideoElement | null, volume: VolumeControl | null): void {
    this.video = video;
    this.duck.setPlayer(volume);
    this.layout();
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.duck.dispose();
    // The frame goes with the page's overlay: its own leave could not reach the party any more.
    if (this.inVoice) void this.deps.send({ v: PROTOCOL_VERSION, type: "voice.leave" }).catch(() => undefined);
    this.port?.close();
    this.port = null;
    this.element.remove();
  }

  private handshake(): void {
    const target = this.frame.contentWindow;
    if (!target || !this.nonce || this.port || this.disposed) return;
    const channel = new MessageChannel();
    this.port = channel.port1;
    this.port.onmessage = (event) => this.receive(event.data);
    // Only the extension's origin may read the hello (the page never sees the nonce or the port).
    // (Spelled out: URL's `origin` is "null" for chrome-extension: and moz-extension: outside Chrome.)
    const url = new URL(this.deps.frameUrl);
    target.postMessage({ kind: "vp-voice-hello", nonce: this.nonce }, `${url.protocol}//${url.host}`, [channel.port2]);
    this.nonce = null;
    this.post(this.state);
  }

  private receive(raw: unknown): void {
    const parsed = fromFrameSchema.safeParse(raw);
    if (!parsed.success) return;
    const message = parsed.data;
    switch (message.kind) {
      case "command": {
        const { reqId } = message;
        this.deps.send(message.command as unknown as PartyCommand).then(
          () => this.post({ kind: "result", reqId, ok: true }),
          (error: unknown) => {
            const code = (error as { code?: unknown } | null)?.code;
            this.post({ kind: "result", reqId, ok: false, error: error instanceof Error ? error.message : String(error), ...(typeof code === "string" ? { code } : {}) });
          },
        );
        return;
      }
      case "loud":
        this.duck.setTalking(message.loud);
        this.element.dataset.othersLoud = String(message.loud);
        return;
      case "size":
        this.size = { width: message.width, height: message.height };
        this.layout();
        return;
      case "phase":
        this.inVoice = message.inVoice;
        this.element.dataset.inVoice = String(message.inVoice);
        if (!message.inVoice) this.duck.setTalking(false);
        return;
      case "autoDuck":
        this.state = { ...this.state, autoDuck: message.on };
        this.duck.setEnabled(message.on);
        void this.deps.autoDuck.set(message.on).catch(() => undefined);
        return;
    }
  }

  private post(message: ToFrame): void {
    this.port?.postMessage(message);
  }

  /** The dock's rectangle now (exposed for the layout's tests). */
  rect(): Rect {
    const viewport = { width: this.win.innerWidth, height: this.win.innerHeight };
    return dockRect(this.videoRect(), viewport, { width: this.size.width, height: this.size.height + HANDLE_HEIGHT }, this.offset, this.deps.reservedRight());
  }

  private videoRect(): Rect | null {
    const box = this.video?.isConnected ? this.video.getBoundingClientRect() : null;
    return box && box.width > 0 && box.height > 0 ? { left: box.left, top: box.top, width: box.width, height: box.height } : null;
  }

  private layout(): void {
    if (this.disposed) return;
    const rect = this.rect();
    const s = this.element.style;
    s.left = `${rect.left}px`;
    s.top = `${rect.top}px`;
    s.width = `${rect.width}px`;
    s.height = `${rect.height}px`;
    this.frame.style.height = `${Math.max(0, rect.height - HANDLE_HEIGHT)}px`;
  }

  private installDrag(): void {
    let from: { x: number; y: number; offset: { x: number; y: number } } | null = null;
    this.handle.addEventListener("pointerdown", (event) => {
      event.preventDefault();
      this.handle.setPointerCapture?.(event.pointerId);
      // Start from where the dock is now (clamped), so a drag never jumps.
      from = { x: event.clientX, y: event.clientY, offset: dockOffset(this.rect(), this.videoRect()) };
    });
    this.handle.addEventListener("pointermove", (event) => {
      if (!from) return;
      this.offset = { x: from.offset.x + event.clientX - from.x, y: from.offset.y + event.clientY - from.y };
      this.layout();
    });
    const end = () => {
      if (!from) return;
      from = null;
      this.keepPlace();
    };
    this.handle.addEventListener("pointerup", end);
    this.handle.addEventListener("pointercancel", end);
    // The handle is a button: arrow keys move the tiles for a person without a pointer.
    const steps: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    this.handle.addEventListener("keydown", (event) => {
      const step = steps[event.key];
      if (!step) return;
      event.preventDefault();
      event.stopPropagation();
      const at = dockOffset(this.rect(), this.videoRect());
      const distance = event.shiftKey ? KEY_STEP * 4 : KEY_STEP;
      this.offset = { x: at.x + step[0] * distance, y: at.y + step[1] * distance };
      this.layout();
      this.keepPlace();
    });
  }

  /** Keeps where the tiles are now (as placed: clamped clear of the controls) for the next page. */
  private keepPlace(): void {
    this.offset = dockOffset(this.rect(), this.videoRect());
    void this.deps.position.set(this.offset).catch(() => undefined);
  }

  /** The overlay's own push-to-talk: V held on the site's page while in voice (the page still gets the key). */
  private installTalkKey(): void {
    let held = false;
    const down = (event: KeyboardEvent) => {
      if (!this.inVoice || held || !isTalkKeyDown(event)) return;
      held = true;
      this.post({ kind: "talk", held: true });
    };
    const release = () => {
      if (!held) return;
      held = false;
      this.post({ kind: "talk", held: false });
    };
    const up = (event: KeyboardEvent) => {
      if (isTalkKeyUp(event)) release();
    };
    this.win.addEventListener("keydown", down, true);
    this.win.addEventListener("keyup", up, true);
    this.win.addEventListener("blur", release);
    this.cleanups.push(() => {
      this.win.removeEventListener("keydown", down, true);
      this.win.removeEventListener("keyup", up, true);
      this.win.removeEventListener("blur", release);
    });
  }
}
