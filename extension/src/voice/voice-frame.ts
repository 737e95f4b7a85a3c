/**
 * The voice frame's controller (an extension page the overlay embeds; see frame-messages.ts for why):
 * takes the dock's port after checking the one-time nonce, runs the VoiceMesh with this page's
 * WebRTC and microphone, renders the VoicePanel, and tells the dock what it needs (the voice
 * commands to send, whether someone else is loud, the panel's size).
 */
import { emptyVoice, PROTOCOL_VERSION, VOICE_COMMAND_TYPES, type VoiceCommand, type VoiceState } from "@/lib/sync";
import type { PartyCommand } from "../../../lib/party-client/types";
import type { VoiceMesh, VoiceView } from "../../../lib/party-client/voice/voice-mesh";
import { frameHelloSchema, toFrameSchema, type FromFrame, type ToFrame } from "./frame-messages";
import { VoicePanel, type VoiceModeration } from "./voice-panel";

export interface VoiceFrameDeps {
  /** The nonce the dock stored for this frame (read once; null when none). */
  claimNonce(): Promise<string | null>;
  /** A mesh for this member; `send` goes to the party through the dock. */
  createMesh(selfId: string, send: (command: PartyCommand) => Promise<unknown>, onChange: () => void): VoiceMesh;
}

export class VoiceFrame {
  private port: MessagePort | null = null;
  private nonce: Promise<string | null> | null = null;
  private mesh: VoiceMesh | null = null;
  private selfId: string | null = null;
  private voice: VoiceState = emptyVoice();
  private hostId: string | null = null;
  /** The server's refusal of the host's last moderation, until dismissed or the next one. */
  private moderationError: string | null = null;
  private readonly panel: VoicePanel;
  private reqId = 0;
  private readonly pending = new Map<number, { resolve(): void; reject(error: Error): void }>();
  private told: { loud: boolean | null; inVoice: boolean | null; size: string } = { loud: null, inVoice: null, size: "" };

  constructor(
    private readonly win: Window,
    private readonly deps: VoiceFrameDeps,
  ) {
    this.panel = new VoicePanel(win.document, {
      join: (mode) => void this.mesh?.join(mode),
      leave: () => void this.mesh?.leave(),
      setMuted: (muted) => void this.mesh?.setMuted(muted),
      setTalkHeld: (held) => this.mesh?.setTalkHeld(held),
      setCamera: (on) => void this.mesh?.setCamera(on),
      setVolume: (id, volume) => this.mesh?.setVolume(id, volume),
      setMicrophone: (id) => void this.mesh?.setMicrophone(id),
      setCameraDevice: (id) => void this.mesh?.setCameraDevice(id),
      setAutoDuck: (on) => this.post({ kind: "autoDuck", on }),
      dismissNotice: () => {
        this.moderationError = null;
        this.mesh?.dismissNotice();
        this.render();
      },
      moderate: (memberId, action) => this.moderate(memberId, action),
    });
  }

  start(mount: HTMLElement): void {
    mount.append(this.panel.element);
    this.win.addEventListener("message", (event) => void this.onHello(event));
    this.win.addEventListener("pagehide", () => this.dispose());
    // Tiles come and go and cameras start: the dock sizes the iframe to the panel.
    const Observer = (this.win as Window & { ResizeObserver?: typeof ResizeObserver }).ResizeObserver;
    if (Observer) new Observer(() => this.render()).observe(this.panel.element);
    this.render();
  }

  get view(): VoiceView | null {
    return this.mesh?.view() ?? null;
  }

  dispose(): void {
    this.mesh?.dispose();
    this.mesh = null;
    for (const pending of this.pending.values()) pending.reject(new Error("The voice frame closed."));
    this.pending.clear();
  }

  /** Only the parent's hello with the stored nonce opens the channel, once; anything else is ignored. */
  private async onHello(event: MessageEvent): Promise<void> {
    if (this.port || event.source !== this.win.parent) return;
    const hello = frameHelloSchema.safeParse(event.data);
    const port = event.ports[0];
    if (!hello.success || !port) return;
    this.nonce ??= this.deps.claimNonce().catch(() => null);
    const nonce = await this.nonce;
    if (this.port || nonce === null || nonce !== hello.data.nonce) return;
    this.port = port;
    port.onmessage = (message) => this.receive(message.data);
    this.render();
  }

  private receive(raw: unknown): void {
    const parsed = toFrameSchema.safeParse(raw);
    if (!parsed.success) return;
    const message: ToFrame = parsed.data;
    switch (message.kind) {
      case "state":
        this.panel.setAutoDuck(message.autoDuck);
        if (message.selfId !== this.selfId) {
          this.mesh?.dispose();
          this.mesh = null;
          this.selfId = message.selfId;
          if (message.selfId) this.mesh = this.deps.createMesh(message.selfId, (command) => this.send(command), () => this.render());
        }
        this.voice = message.voice ?? emptyVoice();
        this.hostId = message.hostId;
        this.mesh?.update(this.voice, this.hostId);
        this.render();
        return;
      case "signal":
        this.mesh?.receiveSignal(message.from, message.signal);
        return;
      case "result": {
        const pending = this.pending.get(message.reqId);
        this.pending.delete(message.reqId);
        if (message.ok) pending?.resolve();
        else pending?.reject(Object.assign(new Error(message.error ?? "The server refused the request."), message.code ? { code: message.code } : {}));
        return;
      }
      case "talk":
        this.mesh?.setTalkHeld(message.held);
        return;
    }
  }

  /** The host mutes, unmutes or removes someone in voice; a refusal (no longer host, say) shows in the panel. */
  private moderate(memberId: string, action: VoiceModeration): void {
    this.moderationError = null;
    const command: PartyCommand =
      action === "remove" ? { v: PROTOCOL_VERSION, type: "voice.remove", memberId } : { v: PROTOCOL_VERSION, type: "voice.mute", memberId, muted: action === "mute" };
    this.send(command).catch((error: unknown) => {
      this.moderationError = error instanceof Error ? error.message : "That did not work. Please try again.";
      this.render();
    });
    this.render();
  }

  private send(command: PartyCommand): Promise<void> {
    const reqId = ++this.reqId;
    return new Promise<void>((resolve, reject) => {
      if (!this.port) return reject(new Error("Not connected to the party."));
      if (!isVoiceCommand(command)) return reject(new Error("Only voice commands leave the voice frame."));
      this.pending.set(reqId, { resolve, reject });
      this.post({ kind: "command", reqId, command });
    });
  }

  private render(): void {
    const view = this.mesh?.view();
    if (view) {
      const host = this.selfId !== null && this.selfId === this.hostId;
      this.panel.render(view, { host, ...(this.moderationError ? { notice: { text: this.moderationError, tone: "error" as const } } : {}) });
    }
    this.panel.element.hidden = !this.mesh;
    const inVoice = view?.phase === "speaking" || view?.phase === "listening";
    const loud = view?.othersLoud ?? false;
    if (loud !== this.told.loud) {
      this.told.loud = loud;
      this.post({ kind: "loud", loud });
    }
    if (inVoice !== this.told.inVoice) {
      this.told.inVoice = inVoice;
      this.post({ kind: "phase", inVoice });
    }
    const box = this.panel.element.getBoundingClientRect();
    const size = { width: Math.ceil(box.width), height: Math.ceil(this.panel.element.scrollHeight || box.height) };
    const key = `${size.width}x${size.height}`;
    if (key !== this.told.size) {
      this.told.size = key;
      this.post({ kind: "size", ...size });
    }
  }

  private post(message: FromFrame): void {
    if (!this.port) {
      // Nothing is told before the channel opens; what matters is told again on the next render.
      if (message.kind === "loud") this.told.loud = null;
      if (message.kind === "phase") this.told.inVoice = null;
      if (message.kind === "size") this.told.size = "";
      return;
    }
    this.port.postMessage(message);
  }
}

function isVoiceCommand(command: PartyCommand): command is VoiceCommand {
  return (VOICE_COMMAND_TYPES as readonly string[]).includes(command.type);
}
