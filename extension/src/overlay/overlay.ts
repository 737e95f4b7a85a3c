/**
 * The in-page overlay, isolated in a shadow root on a zero-footprint fixed host (the page's layout and
 * styles are untouched): a collapsible sidebar with the party's chat (built-in, or the streamer's
 * Twitch chat embed), member count, host, connection ("Reconnecting...") and sync status; and a
 * drawing canvas laid over the video's picture. Only the host gets the drawing tools; everyone sees
 * the strokes scaled to their own picture. Key presses inside the overlay never reach the page's
 * shortcuts, and the page's keys are never intercepted.
 */
import { parseMediaUrl } from "@/lib/media/parse-media-url";
import { recordingNotice, type ChatMessage, type Stroke } from "@/lib/sync";
import type { PartyViewModel } from "../../../lib/party-client/sync-session";
import { drawStroke, newStrokeId, pictureRect, simplify, toRelative, type Rect } from "./geometry";
import { OVERLAY_CSS } from "./overlay-styles";
import { PollSection } from "./poll-section";
import { AD_WAIT_TEXT, connectionBadge, hostBufferingText, membersText, partyAdsText, syncStatusText, VIEWER_OFFSET_STEP_MS, viewerOffsetText } from "../../../lib/party-client/status-text";

export interface OverlayHandlers {
  onChat(text: string): Promise<void>;
  onStroke(stroke: Stroke): void;
  onClear(): void;
  /** Votes in the party's poll (the overlay shows the poll only when given). */
  onVote?(pollId: string, option: number): Promise<void>;
  /** The estimated server time (ms) for the poll's countdown, or null. */
  serverNow?(): number | null;
  /** The host starts (true) or stops recording; the button shows for YouTube parties only. */
  onRecord?(on: boolean): Promise<void>;
  /** The host turns `!vote N` from the streamer's Twitch chat on or off (Twitch-chat parties). */
  onTwitchVotes?(on: boolean): Promise<void>;
  /** Reports someone else's chat message to the host. */
  onReport?(messageId: string): Promise<void>;
  /** The host's buffering policy: wait for everyone (true) or keep going. */
  onWaitForEveryone?(on: boolean): Promise<void>;
  /** The host's ad policy: pause while someone watches an ad (true) or keep going. */
  onPauseForAds?(on: boolean): Promise<void>;
  /** A guest's "Sync now" and own offset from the host (ms, positive: ahead); shown to guests when given. */
  onSyncNow?(): void;
  onViewerOffset?(offsetMs: number): void;
}

/** How long a first press of Report waits for the second that confirms it (ms). */
const REPORT_CONFIRM_MS = 4000;

export const DEFAULT_STROKE_COLOR = "#ff3b6b";
/** Line width as a fraction of the picture's height. */
export const STROKE_WIDTH = 0.008;

function el<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, attrs: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

export class Overlay {
  readonly host: HTMLElement;
  private readonly root: ShadowRoot;
  private readonly panel: HTMLElement;
  private readonly tab: HTMLButtonElement;
  private readonly badge: HTMLElement;
  private readonly members: HTMLElement;
  private readonly hostName: HTMLElement;
  private readonly status: HTMLElement;
  /** The host's view of who is buffering. */
  private readonly bufferingLine: HTMLElement;
  /** Everyone's view of who is watching an ad (and, for the host, whether the party waits). */
  private readonly adsLine: HTMLElement;
  private readonly notice: HTMLElement;
  /** "● Recording" and what is recorded, while the host records the party. */
  private readonly recording: HTMLElement;
  private readonly tools: HTMLElement;
  private readonly drawToggle: HTMLButtonElement;
  private readonly color: HTMLInputElement;
  private readonly recordButton: HTMLButtonElement;
  private readonly twitchVotesButton: HTMLButtonElement;
  private readonly waitButton: HTMLButtonElement;
  private readonly adsButton: HTMLButtonElement;
  /** A guest's own sync: Sync now and the offset stepper. */
  private readonly guestSync: HTMLElement;
  private readonly offsetText: HTMLElement;
  private renderedReports: unknown = null;
  private armedReport: { id: string; until: number } | null = null;
  private readonly chat: HTMLElement;
  private readonly messages: HTMLUListElement;
  private readonly form: HTMLFormElement;
  private readonly input: HTMLInputElement;
  private readonly poll: PollSection | null;
  private twitchFrame: HTMLIFrameElement | null = null;
  readonly canvas: HTMLCanvasElement;
  private video: HTMLVideoElement | null = null;
  private model: PartyViewModel | null = null;
  private renderedChat: unknown = null;
  private renderedStrokes: unknown = null;
  private picture: Rect | null = null;
  private drawing = false;
  private current: [number, number][] | null = null;
  private readonly cleanups: (() => void)[] = [];
  private layoutTimer: ReturnType<typeof setInterval>;

  constructor(
    private readonly doc: Document,
    private readonly handlers: OverlayHandlers,
  ) {
    this.host = el(doc, "viewparty-overlay" as "div");
    this.root = this.host.attachShadow({ mode: "open" });
    const style = el(doc, "style", {}, OVERLAY_CSS);
    this.canvas = el(doc, "canvas", { class: "canvas", "data-vp": "canvas" });

    this.panel = el(doc, "aside", { class: "panel", "aria-label": "ViewParty", "data-vp": "panel" });
    const head = el(doc, "div", { class: "head" });
    const title = el(doc, "div", { class: "title" });
    this.badge = el(doc, "span", { class: "badge", role: "status", "data-vp": "badge" });
    const collapse = el(doc, "button", { class: "secondary collapse", type: "button", "aria-label": "Hide the party panel" }, "Hide");
    title.append(el(doc, "span", {}, "ViewParty"), this.badge, collapse);
    const meta = el(doc, "div", { class: "meta" });
    this.members = el(doc, "span", { "data-vp": "members" });
    this.hostName = el(doc, "span", { "data-vp": "host" });
    meta.append(this.members, this.hostName);
    this.status = el(doc, "div", { class: "status", "data-vp": "sync-status" });
    this.bufferingLine = el(doc, "div", { class: "status", role: "status", "data-vp": "buffering", hidden: "" });
    this.adsLine = el(doc, "div", { class: "status", role: "status", "data-vp": "ads", hidden: "" });
    head.append(title, meta, this.status, this.bufferingLine, this.adsLine);
    this.notice = el(doc, "div", { class: "notice", role: "alert", "data-vp": "notice", hidden: "" });
    this.recording = el(doc, "div", { class: "recording", role: "status", "data-vp": "recording", hidden: "" });

    this.tools = el(doc, "div", { class: "tools", "data-vp": "draw-tools", hidden: "" });
    this.drawToggle = el(doc, "button", { type: "button", class: "secondary", "aria-pressed": "false", "data-vp": "draw" }, "Draw");
    this.color = el(doc, "input", { type: "color", value: DEFAULT_STROKE_COLOR, "aria-label": "Pen colour", "data-vp": "color" });
    const clear = el(doc, "button", { type: "button", class: "secondary", "data-vp": "clear" }, "Clear");
    this.recordButton = el(doc, "button", { type: "button", class: "secondary", "data-vp": "record", hidden: "" }, "Record");
    this.twitchVotesButton = el(doc, "button", { type: "button", class: "secondary", "aria-pressed": "false", "data-vp": "twitch-votes", hidden: "" }, "Twitch !vote");
    this.waitButton = el(doc, "button", { type: "button", class: "secondary", "aria-pressed": "false", "data-vp": "wait-for-everyone", hidden: "" }, "Wait for everyone: off");
    this.adsButton = el(doc, "button", { type: "button", class: "secondary", "aria-pressed": "false", "data-vp": "pause-for-ads", hidden: "" }, "Pause for ads: off");
    this.tools.append(this.drawToggle, this.color, clear, this.recordButton, this.twitchVotesButton, this.waitButton, this.adsButton);

    this.guestSync = el(doc, "div", { class: "tools", role: "group", "aria-label": "Your sync", "data-vp": "guest-sync", hidden: "" });
    const syncNow = el(doc, "button", { type: "button", class: "secondary", "data-vp": "sync-now" }, "Sync now");
    const earlier = el(doc, "button", { type: "button", class: "secondary", "aria-label": "Offset: 0.1 s more behind", "data-vp": "offset-down" }, "−0.1 s");
    this.offsetText = el(doc, "output", { "aria-live": "polite", "data-vp": "viewer-offset" });
    const later = el(doc, "button", { type: "button", class: "secondary", "aria-label": "Offset: 0.1 s more ahead", "data-vp": "offset-up" }, "+0.1 s");
    this.guestSync.append(syncNow, earlier, this.offsetText, later);
    const step = (sign: 1 | -1) => {
      const current = this.model?.viewerOffsetMs ?? 0;
      this.handlers.onViewerOffset?.(Math.round((current + sign * VIEWER_OFFSET_STEP_MS) / VIEWER_OFFSET_STEP_MS) * VIEWER_OFFSET_STEP_MS);
    };
    syncNow.addEventListener("click", () => this.handlers.onSyncNow?.());
    earlier.addEventListener("click", () => step(-1));
    later.addEventListener("click", () => step(1));

    this.chat = el(doc, "section", { class: "chat", "aria-label": "Party chat" });
    this.messages = el(doc, "ul", { class: "messages", "data-vp": "chat-messages", "aria-live": "polite" });
    this.form = el(doc, "form", { "data-vp": "chat-form" });
    this.input = el(doc, "input", { type: "text", maxlength: "500", placeholder: "Say something…", "aria-label": "Chat message", "data-vp": "chat-input" });
    this.form.append(this.input, el(doc, "button", { type: "submit" }, "Send"));
    this.chat.append(this.messages, this.form);

    const onVote = handlers.onVote?.bind(handlers);
    this.poll = onVote ? new PollSection(doc, (pollId, option) => void onVote(pollId, option).catch(() => undefined), () => handlers.serverNow?.() ?? null) : null;

    this.panel.append(head, this.recording, this.notice, this.tools, this.guestSync, ...(this.poll ? [this.poll.element] : []), this.chat);
    this.tab = el(doc, "button", { class: "tab", type: "button", hidden: "", "aria-label": "Show the party panel", "data-vp": "show" }, "VP");
    this.root.append(style, this.canvas, this.panel, this.tab);

    collapse.addEventListener("click", () => this.setCollapsed(true));
    this.tab.addEventListener("click", () => this.setCollapsed(false));
    this.drawToggle.addEventListener("click", () => this.setDrawing(!this.drawing));
    clear.addEventListener("click", () => this.handlers.onClear());
    this.recordButton.addEventListener("click", () => void this.handlers.onRecord?.(!this.model?.recording).catch(() => undefined));
    this.twitchVotesButton.addEventListener("click", () => void this.handlers.onTwitchVotes?.(this.model?.twitchVotes !== true).catch(() => undefined));
    this.waitButton.addEventListener("click", () => void this.handlers.onWaitForEveryone?.(this.model?.waitForEveryone !== true).catch(() => undefined));
    this.adsButton.addEventListener("click", () => void this.handlers.onPauseForAds?.(this.model?.pauseForAds !== true).catch(() => undefined));
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = this.input.value.trim();
      if (!text) return;
      this.handlers.onChat(text).then(
        () => {
          if (this.input.value.trim() === text) this.input.value = "";
        },
        () => undefined,
      );
    });
    // Typing in the overlay must not trigger the site's shortcuts (space = pause, f = fullscreen…).
    for (const type of ["keydown", "keyup", "keypress"] as const) this.panel.addEventListener(type, (event) => event.stopPropagation());
    this.installDrawing();

    (doc.fullscreenElement ?? doc.documentElement).append(this.host);
    const onFullscreen = () => this.placeHost();
    doc.addEventListener("fullscreenchange", onFullscreen);
    this.cleanups.push(() => doc.removeEventListener("fullscreenchange", onFullscreen));
    const win = doc.defaultView;
    const onLayout = () => {
      this.layout();
      this.poll?.tick();
    };
    win?.addEventListener("resize", onLayout);
    win?.addEventListener("scroll", onLayout, true);
    this.cleanups.push(() => {
      win?.removeEventListener("resize", onLayout);
      win?.removeEventListener("scroll", onLayout, true);
    });
    // Players change size without resize events (theatre mode, a sidebar opening): check twice a second.
    this.layoutTimer = setInterval(onLayout, 500);
  }

  /** Adds a part (the voice dock) to the overlay's shadow root: the page's styles stay out of it. */
  mount(node: Node): void {
    this.root.append(node);
  }

  /** Pixels the party panel (or its tab) takes at the viewport's right edge. */
  reservedRight(): number {
    return this.panel.hidden ? 48 : 324;
  }

  setVideo(video: HTMLVideoElement | null): void {
    this.video = video;
    this.layout();
  }

  render(model: PartyViewModel): void {
    this.model = model;
    const badge = connectionBadge(model);
    this.badge.textContent = badge.text;
    this.badge.className = `badge ${badge.tone === "ok" ? "" : badge.tone}`.trim();
    this.members.textContent = membersText(model.members);
    const hostName = model.party?.hostDisplayName ?? "";
    this.hostName.textContent = model.role === "host" ? "Host: you" : hostName ? `Host: ${hostName}` : "";
    this.status.textContent = syncStatusText(model);
    const buffering = hostBufferingText(model);
    this.bufferingLine.textContent = buffering ?? "";
    this.bufferingLine.hidden = buffering === null;
    const ads = partyAdsText(model);
    this.adsLine.textContent = ads ?? "";
    this.adsLine.hidden = ads === null;
    this.notice.textContent = model.notice ?? "";
    this.notice.hidden = !model.notice;
    const recording = model.recording ?? null;
    this.recording.textContent = recording ? `● Recording · ${recordingNotice(recording)}` : "";
    this.recording.hidden = !recording;
    const isHost = model.role === "host";
    this.tools.hidden = !isHost;
    const youtube = model.party ? parseMediaUrl(model.party.media.url)?.platform === "youtube" : false;
    this.recordButton.hidden = !this.handlers.onRecord || !youtube;
    this.recordButton.textContent = recording ? "Stop recording" : "Record";
    this.twitchVotesButton.hidden = !this.handlers.onTwitchVotes || model.party?.chatProvider !== "twitch";
    this.twitchVotesButton.setAttribute("aria-pressed", String(model.twitchVotes === true));
    this.twitchVotesButton.textContent = model.twitchVotes ? "Twitch !vote: on" : "Twitch !vote: off";
    this.guestSync.hidden = model.role !== "guest" || !this.handlers.onSyncNow;
    this.offsetText.textContent = viewerOffsetText(model.viewerOffsetMs ?? 0);
    this.waitButton.hidden = !this.handlers.onWaitForEveryone;
    this.waitButton.setAttribute("aria-pressed", String(model.waitForEveryone === true));
    this.waitButton.textContent = model.waitForEveryone ? "Wait for everyone: on" : "Wait for everyone: off";
    this.waitButton.title = "Pause while someone buffers (up to 30 s)";
    this.adsButton.hidden = !this.handlers.onPauseForAds;
    this.adsButton.setAttribute("aria-pressed", String(model.pauseForAds === true));
    this.adsButton.textContent = model.pauseForAds ? "Pause for ads: on" : "Pause for ads: off";
    this.adsButton.title = `Pause while someone watches an ad (up to ${AD_WAIT_TEXT}), so nobody misses the scene`;
    if (!isHost && this.drawing) this.setDrawing(false);
    this.poll?.render(model.poll ?? null, model.pollVote ?? null);
    this.renderChat(model);
    if (model.strokes !== this.renderedStrokes) this.redraw();
  }

  dispose(): void {
    clearInterval(this.layoutTimer);
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.host.remove();
  }

  private setCollapsed(collapsed: boolean): void {
    this.panel.hidden = collapsed;
    this.tab.hidden = !collapsed;
  }

  private setDrawing(on: boolean): void {
    this.drawing = on && this.model?.role === "host";
    this.drawToggle.setAttribute("aria-pressed", String(this.drawing));
    this.canvas.classList.toggle("drawing", this.drawing);
  }

  private placeHost(): void {
    // In fullscreen only the fullscreen element's subtree is shown: go there (not into a bare <video>).
    const full = this.doc.fullscreenElement;
    const parent = full && !(full instanceof HTMLVideoElement) ? full : this.doc.documentElement;
    if (this.host.parentNode !== parent) parent.append(this.host);
    this.layout();
  }

  private renderChat(model: PartyViewModel): void {
    const twitch = model.party?.chatProvider === "twitch" && model.party.chatChannel ? model.party.chatChannel : null;
    if (twitch) {
      if (!this.twitchFrame) {
        const parent = this.doc.location.hostname;
        this.twitchFrame = el(this.doc, "iframe", {
          class: "twitch",
          title: `${twitch} Twitch chat`,
          "data-vp": "twitch-chat",
          src: `https://www.twitch.tv/embed/${encodeURIComponent(twitch)}/chat?parent=${encodeURIComponent(parent)}&darkpopout`,
        });
        this.messages.hidden = true;
        this.form.hidden = true;
        this.chat.append(this.twitchFrame);
      }
      return;
    }
    if (model.chat === this.renderedChat && model.reports === this.renderedReports) return;
    this.renderedChat = model.chat;
    this.renderedReports = model.reports;
    const atBottom = this.messages.scrollTop + this.messages.clientHeight >= this.messages.scrollHeight - 8;
    const youId = model.you?.userId ?? null;
    const reportedByYou = new Set((model.reports ?? []).filter((r) => r.reporterId === youId).map((r) => r.messageId));
    this.messages.replaceChildren(...model.chat.map((message) => this.chatItem(message, youId, reportedByYou.has(message.id))));
    if (atBottom) this.messages.scrollTop = this.messages.scrollHeight;
  }

  /** A message; one you reported stays hidden in your view. Others' messages offer Report (press twice: the second confirms). */
  private chatItem(message: ChatMessage, youId: string | null, reported: boolean): HTMLLIElement {
    const item = el(this.doc, "li");
    if (reported) {
      item.append(el(this.doc, "em", { class: "reported" }, `Message from ${message.displayName} reported`));
      return item;
    }
    item.append(el(this.doc, "span", { class: "who" }, message.displayName), this.doc.createTextNode(message.text));
    const onReport = this.handlers.onReport;
    if (!onReport || youId === null || message.userId === youId) return item;
    const button = el(this.doc, "button", { type: "button", class: "link report", "aria-label": `Report message from ${message.displayName}`, "data-vp": "report" }, "Report");
    button.addEventListener("click", () => {
      const now = Date.now();
      if (this.armedReport?.id !== message.id || now > this.armedReport.until) {
        this.armedReport = { id: message.id, until: now + REPORT_CONFIRM_MS };
        button.textContent = "Confirm report";
        return;
      }
      this.armedReport = null;
      button.disabled = true;
      onReport(message.id).catch(() => {
        button.disabled = false;
        button.textContent = "Report";
      });
    });
    item.append(button);
    return item;
  }

  private layout(): void {
    const video = this.video;
    if (!video || !video.isConnected) {
      this.canvas.style.display = "none";
      this.picture = null;
      return;
    }
    const box = video.getBoundingClientRect();
    const fit = this.doc.defaultView?.getComputedStyle(video).objectFit ?? "contain";
    const picture = pictureRect({ left: box.left, top: box.top, width: box.width, height: box.height }, video.videoWidth, video.videoHeight, fit);
    const same =
      this.picture &&
      Math.abs(this.picture.left - picture.left) < 0.5 &&
      Math.abs(this.picture.top - picture.top) < 0.5 &&
      Math.abs(this.picture.width - picture.width) < 0.5 &&
      Math.abs(this.picture.height - picture.height) < 0.5;
    if (same) return;
    this.picture = picture;
    const s = this.canvas.style;
    s.display = picture.width > 0 && picture.height > 0 ? "block" : "none";
    s.left = `${picture.left}px`;
    s.top = `${picture.top}px`;
    s.width = `${picture.width}px`;
    s.height = `${picture.height}px`;
    const ratio = this.doc.defaultView?.devicePixelRatio ?? 1;
    this.canvas.width = Math.max(1, Math.round(picture.width * ratio));
    this.canvas.height = Math.max(1, Math.round(picture.height * ratio));
    this.redraw();
  }

  private redraw(): void {
    const strokes = this.model?.strokes ?? [];
    this.renderedStrokes = this.model?.strokes ?? null;
    const ctx = this.canvas.getContext("2d");
    if (!ctx) return;
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    for (const stroke of strokes) drawStroke(ctx, stroke, this.canvas.width, this.canvas.height);
    if (this.current) drawStroke(ctx, { points: this.current, color: this.color.value, width: STROKE_WIDTH }, this.canvas.width, this.canvas.height);
  }

  private installDrawing(): void {
    const point = (event: PointerEvent): [number, number] | null => (this.picture ? toRelative(event.clientX, event.clientY, this.picture) : null);
    this.canvas.addEventListener("pointerdown", (event) => {
      if (!this.drawing) return;
      const p = point(event);
      if (!p) return;
      event.preventDefault();
      this.canvas.setPointerCapture?.(event.pointerId);
      this.current = [p];
      this.redraw();
    });
    this.canvas.addEventListener("pointermove", (event) => {
      if (!this.current) return;
      const p = point(event);
      if (!p) return;
      this.current.push(p);
      this.redraw();
    });
    const finish = (event: PointerEvent) => {
      if (!this.current) return;
      const p = point(event);
      if (p) this.current.push(p);
      const points = simplify(this.current);
      this.current = null;
      this.handlers.onStroke({ id: newStrokeId(), points, color: this.color.value, width: STROKE_WIDTH });
    };
    this.canvas.addEventListener("pointerup", finish);
    this.canvas.addEventListener("pointercancel", finish);
  }
}
