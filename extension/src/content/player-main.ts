/**
 * The player content script (every http(s) page and frame). Idle until this browser is in a party:
 * then the frame with the page's video asks the background whether its tab plays the party, and if so
 * connects the party port and runs the SyncSession and the overlay. The top frame also answers the
 * popup's probe ("can a party start here?").
 */
import { adapterForHost, adapterForUrl } from "../adapters/registry";
import type { PlayerControl, SiteAdapter } from "../../../lib/party-client/sync-player";
import { handleRequests, sendRequest } from "../messaging/messenger";
import { PARTY_PORT, type BackgroundProtocol, type ContentProtocol, type PartyCommand, type PlayerAssignment, type PortToBackground, type PortToContent, type TabProbe } from "../messaging/protocol";
import type { ContentExtensionApi, PortLike } from "../platform/extension-api";
import { learnedPlayer, saveLearnedPlayer } from "../storage/learned-players";
import { partyItem, viewerOffsetItem } from "../storage/storage-items";
import { Overlay } from "../overlay/overlay";
import { VoiceDock } from "../overlay/voice-dock";
import { volumeControlOf } from "../../../lib/party-client/voice/auto-duck";
import { VOICE_FRAME_PATH } from "../voice/frame-messages";
import { voiceAutoDuckItem, voiceDockOffsetItem, voiceFrameNonceItem } from "../storage/storage-items";
import { SyncSession } from "../../../lib/party-client/sync-session";
import { watchPageLeaving } from "../../../lib/party-client/page-leaving";
import { waitForVideo } from "./wait-for-video";

const VIDEO_WAIT_MS = 20_000;
const KEEPALIVE_MS = 20_000;
const RECONNECT_MS = 1000;
const VIDEO_CHECK_MS = 1000;
/** Hidden this long (a sleeping laptop, a long-forgotten tab): measure the clock again when shown. */
const HIDDEN_RESET_MS = 30_000;
const ENDED_NOTICE_MS = 8000;
/** How often what the engine learned about the player is saved (only when it changed). */
const LEARNED_SAVE_MS = 30_000;

/** Popup probe: whether this page can host a party. */
export function probePage(doc: Document, url: string): TabProbe {
  const parsed = new URL(url);
  const adapter = adapterForHost(parsed.hostname);
  const key = adapter.mediaKey(parsed);
  if (!key || !adapter.hasPlayer(doc)) return { status: "no-video", platform: adapter.platform };
  return {
    status: "ready",
    url,
    title: adapter.mediaTitle(doc, parsed),
    platform: adapter.platform,
    platformDomain: parsed.hostname.replace(/^www\./, ""),
  };
}

interface Active {
  partyId: string;
  port: PortLike;
  session: SyncSession;
  overlay: Overlay;
  voice: VoiceDock;
  control: PlayerControl;
  timers: ReturnType<typeof setInterval>[];
  cleanups: (() => void)[];
}

export class PlayerContentScript {
  private readonly adapter: SiteAdapter;
  private active: Active | null = null;
  private attaching: AbortController | null = null;
  private reqId = 0;
  private readonly pending = new Map<number, { resolve(): void; reject(error: Error): void }>();

  constructor(
    private readonly ext: ContentExtensionApi,
    private readonly win: Window,
  ) {
    this.adapter = adapterForHost(win.location.hostname);
  }

  start(): void {
    if (this.win === this.win.top) {
      handleRequests<ContentProtocol>(this.ext.runtime, {
        "tab:probe": () => probePage(this.win.document, this.win.location.href),
      });
    }
    partyItem.watch((party) => {
      const model = this.active?.session.model;
      if (!party && model && (model.connection === "closed" || model.party?.state === "ENDED")) {
        // The party ended: leave "The party has ended." on screen for a moment.
        const ended = this.active;
        this.win.setTimeout(() => {
          if (this.active === ended) this.stop();
        }, ENDED_NOTICE_MS);
        return;
      }
      if (!party || (this.active && this.active.partyId !== party.id)) this.stop();
      if (party) void this.tryAttach();
    });
    void partyItem.get().then((party) => {
      if (party) void this.tryAttach();
    });
  }

  private async tryAttach(): Promise<void> {
    if (this.active || this.attaching) return;
    const abort = new AbortController();
    this.attaching = abort;
    try {
      const video = await waitForVideo(this.adapter, this.win.document, VIDEO_WAIT_MS, abort.signal);
      if (!video || abort.signal.aborted) return;
      const assignment = await sendRequest<BackgroundProtocol, "player:hello">(this.ext.runtime, "player:hello", { frameUrl: this.win.location.href });
      if (!assignment || abort.signal.aborted || this.active) return;
      this.run(assignment, video);
    } catch {
      // the extension was reloaded or the background is restarting: the next storage change retries
    } finally {
      if (this.attaching === abort) this.attaching = null;
    }
  }

  private run(assignment: PlayerAssignment, video: HTMLVideoElement): void {
    const doc = this.win.document;
    const control = this.adapter.control(video, { tabUrl: new URL(assignment.tabUrl), doc });
    let port: PortLike = this.ext.runtime.connect({ name: PARTY_PORT });
    const session = new SyncSession(
      {
        now: () => this.win.performance.timeOrigin + this.win.performance.now(),
        setTimeout: (fn, ms) => this.win.setTimeout(fn, ms),
        clearTimeout: (handle) => this.win.clearTimeout(handle as number),
        send: (command) => this.send(command),
        navigate: (url) => this.post({ kind: "navigate", url }),
        render: (model) => {
          overlay.render(model);
          voice.update(model);
        },
        mediaKeyOf: (url) => {
          const adapter = adapterForUrl(url);
          return adapter ? adapter.mediaKey(new URL(url)) : null;
        },
      },
      { url: assignment.tabUrl, title: assignment.tabTitle },
    );
    const overlay = new Overlay(doc, {
      onChat: (text) => session.sendChat(text),
      onStroke: (stroke) => void session.sendStroke(stroke).catch(() => undefined),
      onClear: () => void session.clearDrawing().catch(() => undefined),
      onVote: (pollId, option) => session.vote(pollId, option),
      onRecord: (on) => session.setRecording(on),
      onTwitchVotes: (on) => session.setTwitchVotes(on),
      onWaitForEveryone: (on) => session.setWaitForEveryone(on),
      onPauseForAds: (on) => session.setPauseForAds(on),
      onReport: (messageId) => session.reportMessage(messageId),
      onSyncNow: () => session.syncNow(),
      onViewerOffset: (offsetMs) => {
        session.setViewerOffset(offsetMs);
        void viewerOffsetItem.set(session.model.viewerOffsetMs ?? 0).catch(() => undefined);
      },
      serverNow: () => {
        const clock = session.client.clock;
        return clock.sampleCount > 0 ? clock.toServerTime(this.win.performance.timeOrigin + this.win.performance.now()) : null;
      },
    });
    const voice = new VoiceDock(doc, {
      mount: { append: (node: Node) => overlay.mount(node) } as ParentNode,
      frameUrl: this.ext.runtime.getURL(VOICE_FRAME_PATH),
      storeNonce: (nonce) => voiceFrameNonceItem.set(nonce),
      send: (command) => this.send(command),
      autoDuck: voiceAutoDuckItem,
      position: voiceDockOffsetItem,
      reservedRight: () => overlay.reservedRight(),
    });
    void voice.start().catch(() => undefined);
    const unsubscribeVoice = session.onVoiceSignal((from, signal) => voice.signal(from, signal));
    overlay.setVideo(video);
    voice.setVideo(video, volumeControlOf(control));
    session.setPlayer(control);
    overlay.render(session.model);
    voice.update(session.model);
    void viewerOffsetItem
      .get()
      .then((stored) => {
        if (stored !== null) session.setViewerOffset(stored);
      })
      .catch(() => undefined);

    // What earlier sessions learned about this site's player (a slow DRM seek, a biased rate): the
    // first resync can use it. Saved back while it plays and when the party stops here.
    const site = this.win.location.hostname;
    const controller = session.client.controller;
    void learnedPlayer(site)
      .then((stored) => {
        if (stored && !controller.learnedPlayer()) controller.restoreLearned(stored);
      })
      .catch(() => undefined);
    let saved = "";
    const saveLearned = () => {
      const learned = controller.learnedPlayer();
      const key = JSON.stringify(learned);
      if (!learned || key === saved) return;
      saved = key;
      void saveLearnedPlayer(site, learned).catch(() => undefined);
    };

    const active: Active = { partyId: assignment.partyId, port, session, overlay, voice, control, timers: [], cleanups: [unsubscribeVoice] };
    this.active = active;
    active.timers.push(setInterval(saveLearned, LEARNED_SAVE_MS));
    active.cleanups.push(saveLearned);

    const onPortMessage = (raw: unknown) => this.receive(raw as PortToContent);
    const onPortGone = () => {
      if (this.active !== active) return;
      session.setConnection("reconnecting");
      // The background restarted (MV3 service workers stop when idle): ask again and reconnect.
      this.win.setTimeout(() => void this.reconnect(active, onPortMessage, onPortGone), RECONNECT_MS);
    };
    port.onMessage.addListener(onPortMessage);
    port.onDisconnect.addListener(onPortGone);
    active.cleanups.push(() => {
      port = active.port;
      port.onMessage.removeListener(onPortMessage);
      port.onDisconnect.removeListener(onPortGone);
      port.disconnect();
    });

    // The clock estimate is stale after a network change or a sleeping tab. (Not after a short tab
    // switch: until the estimate is rebuilt a host cannot report its playback.)
    const resetClock = () => session.resetClock();
    let hiddenSince = doc.hidden ? Date.now() : null;
    const onVisibility = () => {
      if (doc.hidden) hiddenSince = Date.now();
      else {
        if (hiddenSince !== null && Date.now() - hiddenSince >= HIDDEN_RESET_MS) resetClock();
        hiddenSince = null;
      }
    };
    this.win.addEventListener("online", resetClock);
    doc.addEventListener("visibilitychange", onVisibility);
    active.cleanups.push(watchPageLeaving(this.win, session));
    active.cleanups.push(() => {
      this.win.removeEventListener("online", resetClock);
      doc.removeEventListener("visibilitychange", onVisibility);
    });
    active.timers.push(setInterval(() => this.post({ kind: "keepalive" }), KEEPALIVE_MS));
    // Sites replace their element (a new episode, an ad break): follow the adapter's current choice.
    active.timers.push(
      setInterval(() => {
        // Diagnostics for support and the drift benchmark: the clock estimate, on the overlay's host.
        if (session.lastTick) overlay.host.dataset.vpClock = JSON.stringify(session.lastTick);
        const current = this.adapter.findVideo(doc);
        if (current && current !== active.control.video) {
          active.control.dispose();
          active.control = this.adapter.control(current, { tabUrl: new URL(assignment.tabUrl), doc });
          session.setPlayer(active.control);
          overlay.setVideo(current);
          voice.setVideo(current, volumeControlOf(active.control));
        }
      }, VIDEO_CHECK_MS),
    );
  }

  private async reconnect(active: Active, onMessage: (raw: unknown) => void, onGone: () => void): Promise<void> {
    if (this.active !== active) return;
    let assignment: PlayerAssignment | null = null;
    try {
      assignment = await sendRequest<BackgroundProtocol, "player:hello">(this.ext.runtime, "player:hello", { frameUrl: this.win.location.href });
    } catch {
      assignment = null;
    }
    if (this.active !== active) return;
    if (!assignment || assignment.partyId !== active.partyId) {
      this.stop();
      if (assignment) void this.tryAttach();
      return;
    }
    const port = this.ext.runtime.connect({ name: PARTY_PORT });
    port.onMessage.addListener(onMessage);
    port.onDisconnect.addListener(onGone);
    active.port = port;
  }

  private receive(message: PortToContent): void {
    const active = this.active;
    if (!active) return;
    switch (message.kind) {
      case "event":
        active.session.receive(message.event, message.receivedAt);
        return;
      case "connection":
        active.session.setConnection(message.state, message.error ?? null);
        return;
      case "tab":
        active.session.setTab(message.url, message.title);
        return;
      case "result": {
        const pending = this.pending.get(message.reqId);
        this.pending.delete(message.reqId);
        if (message.ok) pending?.resolve();
        // The code travels with the error: the voice mesh tells "voice is full" from "not in voice" by it.
        else pending?.reject(Object.assign(new Error(message.error ?? "The server refused the request."), message.code ? { code: message.code } : {}));
        return;
      }
      case "detached":
        this.stop();
        return;
    }
  }

  private send(command: PartyCommand): Promise<void> {
    const reqId = ++this.reqId;
    return new Promise<void>((resolve, reject) => {
      this.pending.set(reqId, { resolve, reject });
      if (!this.post({ kind: "command", command, reqId })) {
        this.pending.delete(reqId);
        reject(new Error("Not connected to the party."));
      }
    });
  }

  private post(message: PortToBackground): boolean {
    try {
      this.active?.port.postMessage(message);
      return this.active !== null;
    } catch {
      return false;
    }
  }

  stop(): void {
    this.attaching?.abort();
    this.attaching = null;
    const active = this.active;
    if (!active) return;
    this.active = null;
    for (const timer of active.timers) clearInterval(timer);
    for (const cleanup of active.cleanups) cleanup();
    active.voice.dispose();
    active.session.dispose();
    active.overlay.dispose();
    active.control.dispose();
    for (const pending of this.pending.values()) pending.reject(new Error("Left the party."));
    this.pending.clear();
  }
}
