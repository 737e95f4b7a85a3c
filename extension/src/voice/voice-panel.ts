/**
 * The voice panel inside the voice frame: the controls (Join voice, mute, hold to talk, camera,
 * leave, the settings with the device pickers and auto-duck) and a tile per person (name, a ring
 * while they speak, a muted mark, their camera, a volume slider for this person's own mix). Every
 * other member's audio plays here, in an <audio> per tile; the tracks never leave the frame.
 *
 * Plain DOM: the frame is small and its whole state is one VoiceView, rendered on every change.
 */
import { VOICE_TEXTS, voiceTexts } from "../../../lib/party-client/voice/voice-texts";
import type { VoicePeerView, VoiceView } from "../../../lib/party-client/voice/voice-mesh";
import type { VoiceJoinMode } from "@/lib/sync";

export interface VoicePanelActions {
  join(mode: VoiceJoinMode): void;
  leave(): void;
  setMuted(muted: boolean): void;
  setTalkHeld(held: boolean): void;
  setCamera(on: boolean): void;
  setVolume(memberId: string, volume: number): void;
  setMicrophone(deviceId: string): void;
  setCameraDevice(deviceId: string): void;
  setAutoDuck(on: boolean): void;
  dismissNotice(): void;
  /** The host's moderation of someone in voice (the server refuses it from anyone else). */
  moderate(memberId: string, action: VoiceModeration): void;
}

export type VoiceModeration = "mute" | "unmute" | "remove";

/** What the panel shows beside the mesh's view. */
export interface VoicePanelContext {
  /** This member hosts the party: each tile offers muting and removing that person. */
  host: boolean;
  /** A notice of the frame's own (a refused moderation), shown where the mesh's notices go. */
  notice?: VoiceView["notice"];
}

/** The overlay's push-to-talk key (held), shown on the hold button. */
export const PUSH_TO_TALK_LABEL = "V";

function el<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, attrs: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Plays one track in a media element, replacing the stream only when the track changes. */
function play(media: HTMLMediaElement, track: MediaStreamTrack | null): void {
  const current = (media.srcObject as MediaStream | null)?.getTracks?.()[0] ?? null;
  if (current === track) return;
  media.srcObject = track ? new MediaStream([track]) : null;
  if (track) void media.play?.()?.catch(() => undefined);
}

interface TileNodes {
  item: HTMLLIElement;
  face: HTMLElement;
  video: HTMLVideoElement;
  initial: HTMLElement;
  audio: HTMLAudioElement;
  name: HTMLElement;
  mark: HTMLElement;
  state: HTMLElement;
  volume: HTMLInputElement;
  hostRow: HTMLElement;
  hostMute: HTMLButtonElement;
  hostRemove: HTMLButtonElement;
}

export class VoicePanel {
  readonly element: HTMLElement;
  private readonly notice: HTMLElement;
  private readonly noticeText: HTMLElement;
  private readonly status: HTMLElement;
  private readonly outControls: HTMLElement;
  private readonly fullControls: HTMLElement;
  private readonly inControls: HTMLElement;
  private readonly mute: HTMLButtonElement;
  private readonly talk: HTMLButtonElement;
  private readonly camera: HTMLButtonElement;
  private readonly settings: HTMLDetailsElement;
  private readonly microphones: HTMLSelectElement;
  private readonly cameras: HTMLSelectElement;
  private readonly autoDuck: HTMLInputElement;
  private readonly tiles: HTMLUListElement;
  private readonly self: HTMLVideoElement;
  private readonly tileNodes = new Map<string, TileNodes>();
  private view: VoiceView | null = null;
  private host = false;

  constructor(
    private readonly doc: Document,
    private readonly actions: VoicePanelActions,
  ) {
    this.element = el(doc, "section", { class: "voice", "aria-label": "Voice", "data-vp": "voice" });
    this.status = el(doc, "p", { class: "status", role: "status", "data-vp": "voice-status" });
    this.notice = el(doc, "div", { class: "notice", role: "alert", "data-vp": "voice-notice", hidden: "" });
    this.noticeText = el(doc, "span");
    const dismiss = el(doc, "button", { type: "button", class: "link", "aria-label": "Dismiss" }, "×");
    this.notice.append(this.noticeText, dismiss);

    this.outControls = el(doc, "div", { class: "row" });
    const join = el(doc, "button", { type: "button", "data-vp": "voice-join" }, VOICE_TEXTS.join);
    this.outControls.append(join, el(doc, "span", { class: "small" }, VOICE_TEXTS.notRecorded));

    this.fullControls = el(doc, "div", { class: "row", hidden: "" });
    const listen = el(doc, "button", { type: "button", class: "secondary", "data-vp": "voice-listen" }, VOICE_TEXTS.listen);
    const wait = el(doc, "button", { type: "button", class: "secondary", "data-vp": "voice-wait" }, VOICE_TEXTS.wait);
    this.fullControls.append(listen, wait);

    this.inControls = el(doc, "div", { class: "row", hidden: "" });
    this.mute = el(doc, "button", { type: "button", class: "secondary", "aria-pressed": "false", "data-vp": "voice-mute" }, "Mute");
    this.talk = el(doc, "button", { type: "button", class: "secondary", "data-vp": "voice-talk", title: `Hold to talk (or hold ${PUSH_TO_TALK_LABEL} on the page)` }, `Hold to talk (${PUSH_TO_TALK_LABEL})`);
    this.camera = el(doc, "button", { type: "button", class: "secondary", "aria-pressed": "false", "data-vp": "voice-camera" }, "Camera");
    const leave = el(doc, "button", { type: "button", class: "danger", "data-vp": "voice-leave" }, VOICE_TEXTS.leave);
    this.inControls.append(this.mute, this.talk, this.camera, leave);

    this.settings = el(doc, "details", { class: "settings", "data-vp": "voice-settings" });
    const summary = el(doc, "summary", {}, "Voice settings");
    this.microphones = el(doc, "select", { "aria-label": "Microphone", "data-vp": "voice-microphone" });
    this.cameras = el(doc, "select", { "aria-label": "Camera", "data-vp": "voice-camera-device" });
    const duckLabel = el(doc, "label", { class: "check" });
    this.autoDuck = el(doc, "input", { type: "checkbox", "data-vp": "voice-auto-duck" });
    this.autoDuck.checked = true;
    duckLabel.append(this.autoDuck, doc.createTextNode(" Lower the video while someone speaks"));
    const micLabel = el(doc, "label", {}, "Microphone ");
    micLabel.append(this.microphones);
    const camLabel = el(doc, "label", {}, "Camera ");
    camLabel.append(this.cameras);
    this.settings.append(summary, micLabel, camLabel, duckLabel);

    this.self = el(doc, "video", { class: "self", muted: "", playsinline: "", autoplay: "", "aria-label": "Your camera", "data-vp": "voice-self", hidden: "" });
    this.self.muted = true;
    this.tiles = el(doc, "ul", { class: "tiles", "aria-label": "People in voice", "data-vp": "voice-tiles" });
    this.element.append(this.status, this.notice, this.outControls, this.fullControls, this.inControls, this.settings, this.self, this.tiles);

    join.addEventListener("click", () => actions.join("speak"));
    listen.addEventListener("click", () => actions.join("listen"));
    wait.addEventListener("click", () => actions.join("wait"));
    leave.addEventListener("click", () => actions.leave());
    dismiss.addEventListener("click", () => actions.dismissNotice());
    this.mute.addEventListener("click", () => actions.setMuted(!this.view?.muted));
    this.camera.addEventListener("click", () => actions.setCamera(!this.view?.camera));
    // Hold to talk: pointer capture keeps the hold when the finger or cursor slides off the button.
    this.talk.addEventListener("pointerdown", (event) => {
      this.talk.setPointerCapture?.(event.pointerId);
      actions.setTalkHeld(true);
    });
    for (const type of ["pointerup", "pointercancel", "lostpointercapture"] as const) this.talk.addEventListener(type, () => actions.setTalkHeld(false));
    this.microphones.addEventListener("change", () => actions.setMicrophone(this.microphones.value));
    this.cameras.addEventListener("change", () => actions.setCameraDevice(this.cameras.value));
    this.autoDuck.addEventListener("change", () => actions.setAutoDuck(this.autoDuck.checked));
  }

  setAutoDuck(on: boolean): void {
    this.autoDuck.checked = on;
  }

  render(view: VoiceView, context: VoicePanelContext = { host: false }): void {
    this.view = view;
    this.host = context.host;
    const notice = context.notice ?? view.notice;
    const phase = view.phase;
    const inVoice = phase === "speaking" || phase === "listening" || phase === "waiting";
    this.element.dataset.phase = phase;
    this.status.textContent =
      phase === "joining" ? VOICE_TEXTS.joining
      : phase === "full" ? VOICE_TEXTS.full
      : phase === "listening" ? VOICE_TEXTS.listening
      : phase === "waiting" ? VOICE_TEXTS.waiting
      : phase === "speaking" ? voiceTexts.seatsTaken(view.speakers)
      : "";
    this.status.hidden = this.status.textContent === "";
    this.noticeText.textContent = notice?.text ?? "";
    this.notice.hidden = !notice;
    this.notice.className = `notice ${notice?.tone ?? ""}`.trim();
    this.outControls.hidden = phase !== "out";
    this.fullControls.hidden = phase !== "full";
    this.inControls.hidden = !inVoice;
    const speaking = phase === "speaking";
    this.mute.hidden = !speaking;
    this.talk.hidden = !speaking;
    this.camera.hidden = !speaking;
    this.mute.setAttribute("aria-pressed", String(view.muted));
    this.mute.textContent = view.hostMuted ? "Muted by host" : view.muted ? "Unmute" : "Mute";
    this.mute.disabled = view.hostMuted;
    this.talk.classList.toggle("held", view.talkHeld);
    this.talk.hidden = !speaking || !view.muted || view.hostMuted;
    this.camera.setAttribute("aria-pressed", String(view.camera));
    this.camera.textContent = view.camera ? "Camera off" : "Camera on";
    this.element.dataset.transmitting = String(view.transmitting);
    this.element.dataset.selfSpeaking = String(view.selfSpeaking);
    this.settings.hidden = !speaking;
    this.options(this.microphones, view.microphones, view.microphoneId);
    this.options(this.cameras, view.cameras, view.cameraId);
    this.self.hidden = !view.selfVideo;
    play(this.self, view.selfVideo);
    this.renderTiles(view.peers);
  }

  private options(select: HTMLSelectElement, devices: VoiceView["microphones"], selected: string | null): void {
    const key = JSON.stringify(devices);
    if (select.dataset.key !== key) {
      select.dataset.key = key;
      select.replaceChildren(...devices.map((d) => el(this.doc, "option", { value: d.deviceId }, d.label)));
    }
    if (selected !== null && select.value !== selected) select.value = selected;
    select.disabled = devices.length < 2;
  }

  private renderTiles(peers: readonly VoicePeerView[]): void {
    const seen = new Set<string>();
    for (const peer of peers) {
      seen.add(peer.memberId);
      const nodes = this.tileNodes.get(peer.memberId) ?? this.newTile(peer.memberId);
      const silent = peer.hostMuted || peer.muted;
      nodes.item.dataset.speaking = String(peer.speaking && !silent);
      nodes.item.dataset.muted = String(silent);
      nodes.item.dataset.connection = peer.connection;
      nodes.name.textContent = peer.displayName;
      nodes.initial.textContent = (peer.displayName.trim()[0] ?? "?").toUpperCase();
      nodes.mark.hidden = !silent;
      nodes.mark.textContent = peer.hostMuted ? "muted by host" : "muted";
      nodes.state.hidden = peer.connection === "connected";
      nodes.state.textContent = peer.connection === "retrying" ? "Reconnecting…" : "Connecting…";
      const showVideo = peer.camera && peer.video !== null;
      nodes.video.hidden = !showVideo;
      nodes.initial.hidden = showVideo;
      play(nodes.video, showVideo ? peer.video : null);
      play(nodes.audio, peer.audio);
      nodes.audio.volume = peer.volume;
      nodes.audio.muted = peer.hostMuted;
      nodes.volume.value = String(Math.round(peer.volume * 100));
      nodes.volume.setAttribute("aria-label", `Volume for ${peer.displayName}`);
      nodes.volume.disabled = peer.hostMuted;
      nodes.hostRow.hidden = !this.host;
      nodes.hostMute.textContent = peer.hostMuted ? "Unmute" : "Mute";
      nodes.hostMute.setAttribute("aria-label", `${peer.hostMuted ? "Unmute" : "Mute"} ${peer.displayName} in voice`);
      nodes.hostMute.dataset.muted = String(peer.hostMuted);
      nodes.hostRemove.setAttribute("aria-label", `Remove ${peer.displayName} from voice`);
      this.tiles.append(nodes.item);
    }
    for (const [id, nodes] of this.tileNodes) {
      if (seen.has(id)) continue;
      play(nodes.audio, null);
      play(nodes.video, null);
      nodes.item.remove();
      this.tileNodes.delete(id);
    }
  }

  private newTile(memberId: string): TileNodes {
    const doc = this.doc;
    const item = el(doc, "li", { class: "tile", "data-member-id": memberId });
    const face = el(doc, "div", { class: "face" });
    const video = el(doc, "video", { autoplay: "", playsinline: "", "data-vp": "voice-video" });
    video.muted = true;
    const initial = el(doc, "span", { class: "initial", "aria-hidden": "true" });
    const state = el(doc, "span", { class: "conn" });
    face.append(video, initial, state);
    const audio = el(doc, "audio", { autoplay: "", "data-vp": "voice-audio" });
    const line = el(doc, "div", { class: "line" });
    const name = el(doc, "span", { class: "name" });
    const mark = el(doc, "span", { class: "mark", "data-vp": "voice-muted" });
    line.append(name, mark);
    const volume = el(doc, "input", { type: "range", min: "0", max: "100", step: "5", "data-vp": "voice-volume" });
    volume.addEventListener("input", () => this.actions.setVolume(memberId, Number(volume.value) / 100));
    // The host's tools for this person: mute them for everyone (kept if they rejoin), or take them out of voice.
    const hostRow = el(doc, "div", { class: "host-row", hidden: "" });
    const hostMute = el(doc, "button", { type: "button", class: "secondary", "data-vp": "voice-host-mute" }, "Mute");
    const hostRemove = el(doc, "button", { type: "button", class: "secondary", "data-vp": "voice-host-remove", title: "They can join voice again" }, "Remove");
    hostRow.append(hostMute, hostRemove);
    hostMute.addEventListener("click", () => this.actions.moderate(memberId, hostMute.dataset.muted === "true" ? "unmute" : "mute"));
    hostRemove.addEventListener("click", () => this.actions.moderate(memberId, "remove"));
    item.append(face, audio, line, volume, hostRow);
    const nodes = { item, face, video, initial, audio, name, mark, state, volume, hostRow, hostMute, hostRemove };
    this.tileNodes.set(memberId, nodes);
    return nodes;
  }
}
