/**
 * One tab's part in a live party: feeds server events and the page's player into the engine's
 * SyncClient (lib/sync — all sync decisions are made there), performs the actions it returns on the
 * player (guests), forwards its commands (pings; the host's playback reports), and keeps the model
 * the overlay shows (members, host, chat, drawing, connection and sync status).
 *
 * Ticks: every `tickMs`, on the player's own events, and at the engine's `wakeAt`, with a monotonic
 * clock. A guest's page is mapped to the party's media id only when it shows the party's media; a
 * guest on another page is sent to the party's URL once per media, and a host who opens another video
 * changes the party's media. A live stream (adapter `seekable: false`) follows play and pause only.
 */
import {
  foldPartyEvent,
  MUTED_MESSAGE,
  PROTOCOL_VERSION,
  removalMessage,
  stateFromSnapshot,
  HostWait,
  SyncClient,
  type ChatMessage,
  type ChatReport,
  type LivePartyState,
  type MemberRef,
  type ModerationState,
  type PartyMeta,
  type PlayerAction,
  type Poll,
  type QueueState,
  type RecordingState,
  type RecordingStop,
  type RemovalReason,
  type Role,
  type RosterMember,
  type ServerEvent,
  type Stroke,
  type SyncClientConfig,
  type SyncStatus,
  type VoiceSignal,
  type VoiceState,
} from "@/lib/sync";
import type { SyncPlayer } from "./sync-player";
import type { ConnectionState, PartyCommand } from "./types";

export const AUTOPLAY_NOTICE = "Your browser blocked playback: click play once so the video can follow the host.";

export interface PartyViewModel {
  role: Role | null;
  you: { userId: string; displayName: string } | null;
  party: PartyMeta | null;
  members: number;
  /** Who is here, by name (host first, bounded); null from a server that does not send it. */
  roster: readonly RosterMember[] | null;
  hostOnline: boolean;
  connection: ConnectionState;
  connectionError: string | null;
  status: SyncStatus;
  driftMs: number | null;
  chat: readonly ChatMessage[];
  strokes: readonly Stroke[];
  /** The party's queue (items, requests, settings, the next start), as the party's state folds it; absent before the first snapshot. */
  queue?: QueueState;
  /** The party's moderation (muted members, slow mode, lock, the host's policies); absent before the first snapshot. */
  moderation?: ModerationState;
  /** Why the host removed this viewer (the stream closes next and a reconnect is refused); null: not removed. */
  removal?: RemovalReason | null;
  /** A problem the viewer should know about (blocked autoplay, a chat message refused…). */
  notice: string | null;
  /** The party's latest poll (tallies only) and the option you voted for in it (null: none). */
  poll?: Poll | null;
  pollVote?: number | null;
  /** Chat reports: every one for the host, your own for anyone else (your view hides those messages). */
  reports?: readonly ChatReport[];
  /** The recording in progress (everyone sees the badge and that chat is recorded); null: none. */
  recording?: RecordingState | null;
  /** The recording that just stopped by itself (a size or length limit) and why; null: none. */
  recordingStopped?: RecordingStop | null;
  /** Whether `!vote N` in the streamer's Twitch chat counts in the party's polls (a Twitch-chat party). */
  twitchVotes?: boolean;
  /** This viewer's own offset from the host (ms, positive: ahead). */
  viewerOffsetMs?: number;
  /** Other members whose players are buffering (they said so), in the order they started. */
  buffering?: readonly { memberId: string; displayName: string }[];
  /** The party's buffering policy: the host's player waits for buffering members (BUFFERING_WAIT_MAX_MS at most). */
  waitForEveryone?: boolean;
  /** The host's player is paused, waiting for the buffering members. */
  waitingForBuffering?: boolean;
  /** Members whose player shows an ad (they said so; never yourself), in the order they started. */
  ads?: readonly MemberRef[];
  /** The party's ad policy: the host's player pauses while someone watches an ad (AD_WAIT_MAX_MS at most). */
  pauseForAds?: boolean;
  /** The host's player is paused, waiting for members' ads to end. */
  waitingForAds?: boolean;
  /** This viewer's own player shows an ad. */
  inAd?: boolean;
  /** Who is in voice, listening to the host or waiting for a seat, and whom the host muted there; absent before the first snapshot. */
  voice?: VoiceState;
}

/** A `voice.signal` for this member: handed to the voice mesh, never folded into the party's state. */
export type VoiceSignalListener = (from: string, signal: VoiceSignal) => void;

/** How long a guest's player must buffer before the host is told (ms): a blip is not worth a word. */
export const BUFFERING_REPORT_MS = 1000;
/**
 * How long an ad must show, or be gone, before the party is told (ms): a class that flickers on is not
 * an ad, and the gap between two ads of one break is not its end.
 */
export const AD_REPORT_MS = 1000;

/**
 * How long a page that said it is leaving keeps what its player does to itself (ms): a navigation
 * cancelled at the page's own prompt, or slower than this, finds the page still here and reports again.
 */
export const LEAVING_HOLD_MS = 3000;

export interface SyncSessionDeps {
  /** Monotonic ms (performance.timeOrigin + performance.now()). */
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Sends a command to the party; resolves with the server's answer body, rejects with the server's message. */
  send(command: PartyCommand): Promise<unknown>;
  /** Opens the party's media in this tab (guests). */
  navigate(url: string): void;
  render(model: PartyViewModel): void;
  mediaKeyOf(url: string): string | null;
  tickMs?: number;
  config?: SyncClientConfig;
}

export class SyncSession {
  readonly client: SyncClient;
  private player: SyncPlayer | null = null;
  private unsubscribePlayer: (() => void) | null = null;
  private tabUrl: string;
  private tabTitle: string;
  private followedMediaId: string | null = null;
  private reportedMediaKey: string | null = null;
  private wake: { at: number; handle: unknown } | null = null;
  private regular: unknown = null;
  private tickQueued = false;
  private disposed = false;
  /** The host's latest play/pause (live streams follow only this). */
  private hostPaused: boolean | null = null;
  private bufferingSince: number | null = null;
  private bufferingReported = false;
  /** The host's waits: for buffering members ("wait for everyone") and members' ads ("pause for ads"). */
  private readonly hostWait = new HostWait();
  /** What the party was told about this member's ad, and since when the player says otherwise. */
  private adReported = false;
  private adChangedSince: number | null = null;
  private lastLivePlayAt = Number.NEGATIVE_INFINITY;
  /** Until when the page is leaving (see `leaving`): its player is neither steered nor reported. */
  private leavingUntil = Number.NEGATIVE_INFINITY;
  private readonly voiceSignalListeners = new Set<VoiceSignalListener>();
  /** The party's state, folded by the same reducer as the server's replica (null until the first snapshot). */
  private state: LivePartyState | null = null;
  /** The clock estimate at the last tick (shown as diagnostics). */
  lastTick: { at: number; offsetMs: number; errorMs: number; samples: number } | null = null;
  readonly model: PartyViewModel = {
    role: null,
    you: null,
    party: null,
    members: 0,
    roster: null,
    hostOnline: true,
    connection: "connecting",
    connectionError: null,
    status: "idle",
    driftMs: null,
    chat: [],
    strokes: [],
    notice: null,
  };

  constructor(
    private readonly deps: SyncSessionDeps,
    tab: { url: string; title: string },
  ) {
    this.client = new SyncClient(deps.config);
    this.tabUrl = tab.url;
    this.tabTitle = tab.title;
    this.scheduleRegular();
  }

  get role(): Role | null {
    return this.client.role;
  }

  /** The party's state as this member's stream folded it (the server's replica runs the same fold); null before the first snapshot. */
  get partyState(): LivePartyState | null {
    return this.state;
  }

  /**
   * Sends any command to the party — the protocol's, the host's moderation and recording ones —
   * the one way every command goes (the command socket when the server offers it, else POST).
   * Resolves with the server's answer body; rejects with its error (ApiRequestError: `code`, `detail`).
   */
  send(command: PartyCommand): Promise<unknown> {
    return this.deps.send(command);
  }

  setPlayer(player: SyncPlayer | null): void {
    if (player === this.player) return;
    this.unsubscribePlayer?.();
    this.player = player;
    this.unsubscribePlayer = player ? player.onChange(() => this.queueTick()) : null;
    this.queueTick();
  }

  setTab(url: string, title: string): void {
    this.tabUrl = url;
    this.tabTitle = title;
    this.maybeChangeMedia();
    this.followMedia();
    this.queueTick();
  }

  setConnection(state: ConnectionState, error: string | null = null): void {
    this.model.connection = state;
    this.model.connectionError = error;
    // A new stream may come from another server instance or network path: measure the clock again.
    if (state === "open") this.client.resetClock(this.deps.now());
    this.render();
  }

  /** This viewer's own offset from the host (ms, positive: ahead); see DriftController.setViewerOffset. */
  setViewerOffset(offsetMs: number): void {
    this.client.controller.setViewerOffset(offsetMs);
    this.model.viewerOffsetMs = this.client.controller.viewerOffset;
    this.render();
    this.queueTick();
  }

  /** "Sync now": a guest asks to be put on the host's position at once. */
  syncNow(): void {
    if (this.role !== "guest") return;
    this.client.controller.syncNow();
    this.queueTick();
  }

  /**
   * The page is going away (a reload, a link, a closed tab: see watchPageLeaving). Its player stalls
   * and stops as the page unloads, and that is not the viewer's doing: reported by a host, every guest
   * would hold on that frame, and stay held if the page died before the player's recovery was told.
   * Nothing the player does is reported or acted on for LEAVING_HOLD_MS; a page still here then (its
   * navigation was cancelled) carries on, reporting what its player shows by then.
   */
  leaving(): void {
    this.leavingUntil = this.deps.now() + LEAVING_HOLD_MS;
  }

  /** The network or the page's visibility changed: the clock estimate may be stale. */
  resetClock(): void {
    this.client.resetClock(this.deps.now());
    this.queueTick();
  }

  /** Voice signals for this member (the voice mesh listens); returns the unsubscribe. */
  onVoiceSignal(listener: VoiceSignalListener): () => void {
    this.voiceSignalListeners.add(listener);
    return () => this.voiceSignalListeners.delete(listener);
  }

  /** `receivedAt`: when the event came off the network, if the transport stamped it (pongs). */
  receive(event: ServerEvent, receivedAt?: number): void {
    if (event.type === "voice.signal") {
      // One member's signalling, no part of the party's state (nor of what the overlay shows).
      if (event.to === this.model.you?.userId) for (const listener of this.voiceSignalListeners) listener(event.from, event.signal);
      return;
    }
    const now = this.deps.now();
    // Another context's clock (the background worker): only trusted within what is possible here.
    const arrived = receivedAt !== undefined && event.type === "pong" ? Math.min(now, Math.max(event.t0, receivedAt)) : now;
    this.client.receive(event, now, arrived);
    const m = this.model;
    const before = this.state;
    if (event.type === "snapshot") {
      // A snapshot does not say who is buffering: keep what we knew (the next roster drops whoever left).
      const state = stateFromSnapshot(event);
      this.state = before ? { ...state, buffering: before.buffering } : state;
    } else if (event.type !== "pong" && before) {
      // Every stream starts with a snapshot: nothing comes before it to fold into.
      this.state = foldPartyEvent(before, event);
    }
    // What the party's state means for this viewer, and what this tab does about it.
    switch (event.type) {
      case "playback":
        this.hostPaused = event.state.paused;
        break;
      case "snapshot":
        this.hostPaused = event.playback.paused;
        m.role = event.role;
        m.you = event.you;
        m.pollVote = event.pollVote ?? null;
        // Back after a reload mid-ad: the party still has us in it until we say it is over.
        this.adReported = (event.ads ?? []).some((a) => a.memberId === event.you.userId);
        this.reportedMediaKey = this.keyOf(event.party.media.url);
        this.followMedia();
        // A host whose tab moved on to another video while disconnected (a full page load).
        this.maybeChangeMedia();
        break;
      case "party":
        // A hand-over switches this member's role live (the engine decided it above).
        m.role = this.client.role;
        this.followMedia();
        break;
      case "poll":
        if (event.poll.id !== before?.poll?.id) m.pollVote = null;
        break;
      case "member.removed":
        // This member's stream closes next and the reconnect is refused; say why meanwhile.
        if (m.you && event.memberId === m.you.userId) {
          m.removal = event.reason;
          m.notice = removalMessage(event.reason);
        }
        break;
      case "moderation":
        if (m.you && event.moderation.muted.includes(m.you.userId)) m.notice = MUTED_MESSAGE;
        else if (m.notice === MUTED_MESSAGE) m.notice = null;
        break;
      default:
        break;
    }
    if (event.type !== "pong") this.show();
    // Pongs and playback states change nothing the overlay shows (the tick renders the sync status).
    if (event.type !== "pong" && event.type !== "playback") this.render();
    this.queueTick();
  }

  async sendChat(text: string): Promise<void> {
    await this.sendOrNotice({ v: PROTOCOL_VERSION, type: "chat", text });
  }

  /** Reports someone else's chat message to the host; it shows as reported once the server's echo arrives. Rejects with the server's message. */
  async reportMessage(messageId: string): Promise<void> {
    await this.send({ v: PROTOCOL_VERSION, type: "chat.report", messageId });
  }

  /** The host starts or stops recording the party (the server refuses what the party cannot record). */
  async setRecording(on: boolean): Promise<void> {
    if (this.role !== "host") return;
    await this.sendOrNotice(on ? { v: PROTOCOL_VERSION, type: "recording.start", includeChat: true } : { v: PROTOCOL_VERSION, type: "recording.stop" });
  }

  /** The host lets `!vote N` in the streamer's Twitch chat count in polls, or stops it. */
  async setTwitchVotes(enabled: boolean): Promise<void> {
    if (this.role !== "host") return;
    await this.sendOrNotice({ v: PROTOCOL_VERSION, type: "room.twitchvotes", enabled });
  }

  /** The host's buffering policy: wait for everyone (true) or keep going (false). */
  async setWaitForEveryone(enabled: boolean): Promise<void> {
    if (this.role !== "host") return;
    await this.sendOrNotice({ v: PROTOCOL_VERSION, type: "room.waitforall", enabled });
  }

  /** The host's ad policy: pause while someone watches an ad (true) or keep going (false). */
  async setPauseForAds(enabled: boolean): Promise<void> {
    if (this.role !== "host") return;
    await this.sendOrNotice({ v: PROTOCOL_VERSION, type: "room.pauseforads", enabled });
  }

  /** Votes in the open poll (a changed vote replaces the previous one); shown as yours once the server took it. */
  async vote(pollId: string, option: number): Promise<void> {
    await this.sendOrNotice({ v: PROTOCOL_VERSION, type: "poll.vote", pollId, option });
    if (this.model.poll?.id === pollId) {
      this.model.pollVote = option;
      this.render();
    }
  }

  /** The host draws: shown at once, echoed by the server to everyone (the fold ignores the echo). */
  async sendStroke(stroke: Stroke): Promise<void> {
    if (this.role !== "host" || !this.state) return;
    this.state = foldPartyEvent(this.state, { v: PROTOCOL_VERSION, type: "draw.stroke", stroke });
    this.show();
    this.render();
    await this.sendOrNotice({ v: PROTOCOL_VERSION, type: "draw.stroke", stroke });
  }

  async clearDrawing(): Promise<void> {
    if (this.role !== "host" || !this.state) return;
    this.state = foldPartyEvent(this.state, { v: PROTOCOL_VERSION, type: "draw.clear" });
    this.show();
    this.render();
    await this.sendOrNotice({ v: PROTOCOL_VERSION, type: "draw.clear" });
  }

  tick(): void {
    this.tickQueued = false;
    if (this.disposed) return;
    const now = this.deps.now();
    // The regular tick carries on once the hold is over.
    if (now < this.leavingUntil) return;
    const player = this.player;
    const reading = player ? { ...player.read(), mediaId: this.mediaId() } : null;
    const out = this.client.tick(now, reading, player?.seekable ?? true);
    if (player && this.client.role === "guest") {
      if (player.seekable) for (const action of out.actions) this.perform(player, action);
      else this.followPlayPause(player, reading?.mediaId ?? null);
    } else if (player) {
      // A host acts only to adopt the party's state after (re)joining it (a reload: its player
      // restarted at 0:00), and to resume a party its stalled predecessor left waiting.
      for (const action of out.actions) this.perform(player, action);
    }
    for (const command of out.commands) {
      // A host command that never arrived is re-reported from the player (see HostReporter).
      void this.send(command).catch(() => {
        this.client.commandFailed(command, this.deps.now());
        this.queueTick();
      });
    }
    this.lastTick = { at: now, offsetMs: this.client.clock.offset, errorMs: this.client.clock.errorBound, samples: this.client.clock.sampleCount };
    this.reportBuffering(now, out.status === "buffering" && this.client.role === "guest");
    this.reportAd(now, reading?.ad === true && reading.mediaId !== null);
    this.waitForMembers(now, player, reading);
    if (out.status !== this.model.status || out.driftMs !== this.model.driftMs) {
      this.model.status = out.status;
      this.model.driftMs = out.driftMs;
      this.render();
    }
    if (out.wakeAt !== null) this.scheduleWake(out.wakeAt, now);
  }

  /**
   * The host's waits ("Wait for everyone", "Pause for ads"): the host's player pauses while members
   * buffer or watch ads, and plays on when they are back (see HostWait).
   */
  private waitForMembers(now: number, player: SyncPlayer | null, reading: { paused: boolean; ad?: boolean } | null): void {
    const m = this.model;
    if (this.client.role !== "host" || !player || !reading) {
      this.hostWait.reset();
    } else {
      const ids = (list: readonly MemberRef[] | undefined) => (list ?? []).map((member) => member.memberId);
      const action = this.hostWait.tick({
        now,
        paused: reading.paused || reading.ad === true,
        buffering: { members: ids(m.buffering), enabled: m.waitForEveryone === true },
        ad: { members: ids(m.ads), enabled: m.pauseForAds === true },
      });
      if (action) this.perform(player, { type: action });
    }
    const reasons = this.hostWait.reasons;
    const waitingForBuffering = reasons.includes("buffering");
    const waitingForAds = reasons.includes("ad");
    if ((m.waitingForBuffering ?? false) === waitingForBuffering && (m.waitingForAds ?? false) === waitingForAds) return;
    m.waitingForBuffering = waitingForBuffering;
    m.waitingForAds = waitingForAds;
    this.render();
  }

  /** Tells the party when an ad shows on this member's player, and when the media is back. */
  private reportAd(now: number, inAd: boolean): void {
    if (this.model.inAd !== inAd) {
      this.model.inAd = inAd;
      this.render();
    }
    if (inAd === this.adReported) {
      this.adChangedSince = null;
      return;
    }
    this.adChangedSince ??= now;
    if (now - this.adChangedSince < AD_REPORT_MS) return;
    this.adReported = inAd;
    this.adChangedSince = null;
    void this.send({ v: PROTOCOL_VERSION, type: "ad", on: inAd }).catch(() => (this.adReported = !inAd));
  }

  /** Tells the party when this guest's player has buffered for a while, and when it plays again. */
  private reportBuffering(now: number, buffering: boolean): void {
    const send = (on: boolean) => this.send({ v: PROTOCOL_VERSION, type: "buffering", on });
    if (buffering) {
      this.bufferingSince ??= now;
      if (this.bufferingReported || now - this.bufferingSince < BUFFERING_REPORT_MS) return;
      this.bufferingReported = true;
      void send(true).catch(() => (this.bufferingReported = false));
      return;
    }
    this.bufferingSince = null;
    if (!this.bufferingReported) return;
    this.bufferingReported = false;
    void send(false).catch(() => undefined);
  }

  dispose(): void {
    this.disposed = true;
    this.unsubscribePlayer?.();
    if (this.wake) this.deps.clearTimeout(this.wake.handle);
    if (this.regular !== null) this.deps.clearTimeout(this.regular);
  }

  private keyOf(url: string): string | null {
    return this.deps.mediaKeyOf(url);
  }

  /** The party's media id when this page shows the party's media and the player has loaded it. */
  private mediaId(): string | null {
    const party = this.client.party;
    if (!party || !this.player?.loaded()) return null;
    const here = this.keyOf(this.tabUrl);
    return here !== null && here === this.keyOf(party.media.url) ? party.media.id : null;
  }

  private followMedia(): void {
    const party = this.client.party;
    if (!party || this.client.role !== "guest") return;
    if (this.keyOf(this.tabUrl) === this.keyOf(party.media.url)) {
      this.followedMediaId = party.media.id;
      return;
    }
    if (this.followedMediaId === party.media.id) return;
    this.followedMediaId = party.media.id;
    this.deps.navigate(party.media.url);
  }

  private maybeChangeMedia(): void {
    const party = this.client.party;
    if (!party || this.client.role !== "host" || !this.player) return;
    const key = this.keyOf(this.tabUrl);
    if (key === null || key === this.keyOf(party.media.url) || key === this.reportedMediaKey) return;
    this.reportedMediaKey = key;
    const duration = this.player.video?.duration ?? Number.NaN;
    const command = this.client.changeMedia(this.deps.now(), {
      url: this.tabUrl,
      title: this.tabTitle.slice(0, 300),
      duration: Number.isFinite(duration) && duration > 0 ? duration : null,
    });
    void this.send(command).catch(() => undefined);
  }

  /**
   * A live stream has no shared timeline (every viewer sits at their own live edge), so the engine's
   * seek-and-hold cannot apply: follow the host's play and pause, nothing else.
   */
  private followPlayPause(player: SyncPlayer, mediaId: string | null): void {
    const party = this.client.party;
    if (this.hostPaused === null || !party || mediaId !== party.media.id) return;
    const { paused } = player.read();
    if (this.hostPaused && !paused) this.perform(player, { type: "pause" });
    else if (!this.hostPaused && paused && this.deps.now() - this.lastLivePlayAt > 1000) {
      this.lastLivePlayAt = this.deps.now();
      this.perform(player, { type: "play" });
    }
  }

  private perform(player: SyncPlayer, action: PlayerAction): void {
    switch (action.type) {
      case "play":
        player.play().then(
          () => this.setNotice(null, AUTOPLAY_NOTICE),
          (error: unknown) => {
            if (error instanceof Error && error.name === "NotAllowedError") this.setNotice(AUTOPLAY_NOTICE);
          },
        );
        return;
      case "pause":
        player.pause();
        return;
      case "seek":
        player.seek(action.position);
        return;
      case "setRate":
        player.setRate(action.rate);
        return;
    }
  }

  private async sendOrNotice(command: PartyCommand): Promise<void> {
    try {
      await this.send(command);
    } catch (error) {
      this.setNotice(error instanceof Error ? error.message : String(error));
      throw error;
    }
  }

  /** Sets the notice; with `onlyIf`, clears it only when it currently shows that text. */
  private setNotice(notice: string | null, onlyIf?: string): void {
    if (onlyIf !== undefined && this.model.notice !== onlyIf) return;
    if (this.model.notice === notice) return;
    this.model.notice = notice;
    this.render();
  }

  /**
   * Puts the party's state into the model. Parts the last event did not change keep their identity,
   * so the overlay redraws the chat and the drawing only when they changed.
   */
  private show(): void {
    const state = this.state;
    if (!state) return;
    const m = this.model;
    m.party = state.party;
    m.members = state.members;
    m.roster = state.roster;
    m.hostOnline = state.hostOnline;
    m.chat = state.chat;
    m.strokes = state.strokes;
    m.poll = state.poll;
    m.queue = state.queue;
    m.moderation = state.moderation;
    m.reports = state.reports;
    m.recording = state.recording;
    m.recordingStopped = state.recordingStopped ?? null;
    m.twitchVotes = state.moderation.twitchVotes === true;
    m.waitForEveryone = state.moderation.waitForEveryone === true;
    m.pauseForAds = state.moderation.pauseForAds === true;
    // Your own player's buffering is no news to you (and a host does not wait for itself).
    m.buffering = state.buffering.filter((b) => b.memberId !== m.you?.userId);
    // Nor your own ad (the status says it).
    m.ads = state.ads.filter((a) => a.memberId !== m.you?.userId);
    m.voice = state.voice;
  }

  private render(): void {
    if (!this.disposed) this.deps.render(this.model);
  }

  private queueTick(): void {
    if (this.tickQueued || this.disposed) return;
    this.tickQueued = true;
    // A microtask, not a timer: background tabs throttle timers to 1/s (or 1/min), and a host's pause
    // must be reported at once even when its video tab is not the visible one.
    queueMicrotask(() => this.tick());
  }

  private scheduleRegular(): void {
    this.regular = this.deps.setTimeout(() => {
      if (this.disposed) return;
      this.tick();
      this.scheduleRegular();
    }, this.deps.tickMs ?? 250);
  }

  private scheduleWake(at: number, now: number): void {
    // At least 1 ms ahead, and only the earliest wake is kept.
    const target = Math.max(at, now + 1);
    if (this.wake && this.wake.at <= target && this.wake.at > now) return;
    if (this.wake) this.deps.clearTimeout(this.wake.handle);
    const handle = this.deps.setTimeout(() => {
      this.wake = null;
      this.tick();
    }, target - now);
    this.wake = { at: target, handle };
  }
}
