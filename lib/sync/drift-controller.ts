/**
 * The guest's drift controller: compares the local player with where the host is (see `syncTarget`)
 * and asks the player to seek, change rate, play or pause.
 *
 * Strategy (constants chosen with the simulation in tests/unit/sync-simulation.test.ts; the figures
 * quoted are from it: 20–80 ms jittered one-way delay, ±30 ms clock skew, 50–300 ms seek latency):
 * - Small drift (12 ms … 400 ms): a bounded, planned rate change. The rate is hostRate × (1 ∓ δ) with
 *   δ ≈ drift / 1 s, quantized to the player's 0.01 steps and capped at ±8 %; it is held for exactly
 *   drift / Δrate (we return a `wakeAt` so the caller ticks us at that moment) and then restored. Being
 *   open-loop over a known duration it lands on ~0 instead of oscillating around the threshold (unlike
 *   Syncplay's fixed 0.95× above 1.5 s), and a 2 s hold-off stops a new correction unless drift > 60 ms.
 * - Large drift (> 400 ms), a late join, a resume, or a guest's own seek/pause: "seek ahead and hold".
 *   Pause, seek to where the host will be after our learned seek latency plus a margin, and once the
 *   seek landed (wherever it landed: we read it back) stay paused until the host reaches that frame,
 *   then play — started early by the learned play latency. Seek latency and landing error stop
 *   mattering (a compensated seek alone would miss by the latency's jitter); the cost is a frozen frame
 *   of about the margin. Both latencies are learned per player; the residual measured right after is
 *   trimmed by rate at once.
 * - Buffering: no correction while the player cannot play; the drift it leaves is corrected after.
 * - An ad (the site's player says one plays): the player is left alone — no correction, not even the
 *   host's pause, which would hold the ad (and a party that pauses for ads) forever — and the first
 *   tick after it resyncs at once.
 * - Host paused: pause and align on the exact frame (seek while paused if more than 25 ms off). A host
 *   whose seek is under way (a stall marked `seeking`): seek alongside, a little past its target. A host
 *   that moves on while our (slow) seek is under way, landing long before it: start ours again at once,
 *   aimed by the new state, when its landing would leave us too far behind to catch up by rate.
 * - The host's buffered horizon (the media position up to which its player has data, when it says):
 *   never played past. The host stalls there for want of data, so a guest stops on the same frame
 *   when it gets there, before the news of the stall can reach it (which takes the host's uplink and
 *   our downlink); when the host plays on, so do we. A horizon that held us longer than any news
 *   takes (`horizonHoldMaxMs`) is stale and dropped.
 * - Media change: nothing until the adapter reports the new media loaded.
 * A guest's own pause, play, seek or rate change is undone by the same rules: the host's state is the
 * only target.
 */
import type { PlayerAction, PlayerReading } from "./player";
import { onlyHorizonChanged } from "./playback-model";
import type { PlaybackState } from "./protocol";
import { StateTimeline, syncTarget } from "./streamer";

export interface DriftConfig {
  /**
   * Start a rate correction when the smoothed drift exceeds this (ms). Well under one 40 ms frame, and
   * above what the clock estimate and read noise wobble by (a few ms). Simulated, 8 seeds: 8 ms starts
   * occasional corrections at steady state; 12 ms none (steady p95 6.7 ms); 20 ms p95 8.2 ms; 30 ms
   * 10.5 ms.
   */
  enterMs: number;
  /** After a resync, a residual above this (ms) is corrected at once, dead band or not. */
  trimMs: number;
  /** Drift samples (one per tick) whose median is the smoothed drift; and how old they may be (ms). */
  smoothingSamples: number;
  smoothingWindowMs: number;
  /** A rate correction aims to cancel the drift in about this long (ms): δ = drift / horizon. */
  correctionHorizonMs: number;
  /** Largest rate change, as a fraction of the host's rate (pitch-preserved playback hides ≤ 8 %). */
  maxRateDelta: number;
  /** Granularity of playbackRate the sites apply; the controller plans with the rounded rate. */
  rateStep: number;
  /** After a correction, no new one for this long (ms)… */
  holdOffMs: number;
  /** …unless the drift exceeds this (ms). */
  urgentMs: number;
  /**
   * Above this drift (ms) seek instead: at ±8 % a 400 ms drift already takes 5 s to remove by rate,
   * a seek-and-hold ~0.4 s (Jellyfin seeks above 400 ms too).
   */
  seekThresholdMs: number;
  /**
   * Paused while the host plays and behind by more than this (ms): seek ahead and hold rather than
   * play and catch up by rate (the host resumed, or the guest paused).
   */
  resumeCatchUpMs: number;
  /** Seek latency assumed before the first measurement (ms); generous, as landing early only costs a wait. */
  initialSeekLatencyMs: number;
  /**
   * Margin added to the learned seek latency (ms): at least this, and `seekLeadSigmas` standard
   * deviations of how far short of its aim a seek-and-hold falls (the seek latency's spread, the
   * landing error and, while unsettled, the clock error: independent, so added in quadrature).
   */
  minSeekMarginMs: number;
  /**
   * Landing ahead costs a hold of as many ms; landing behind costs a catch-up by rate of 1 /
   * maxRateDelta ms per ms. The lead that minimises the expected time to sync lands behind with
   * probability maxRateDelta / (1 + maxRateDelta) (7.4 % at 8 %): the 92.6 % point of a normal, 1.45 σ.
   */
  seekLeadSigmas: number;
  /** Delay between play() and the frames moving, assumed before it is learned (ms). */
  initialPlayLatencyMs: number;
  /** When the host is paused, re-seek if we are further than this (ms) from its frame. */
  pausedToleranceMs: number;
  /** Seeks in a row (without reaching sync) before backing off. */
  maxSeekRetries: number;
  backoffMs: number;
  /** A seek that has not landed after this long (ms) is given up. */
  seekTimeoutMs: number;
  /** After play(), how long (ms) drift samples are gathered to learn the play latency. */
  settleMs: number;
  /** play() attempts are repeated at most this often (ms): autoplay may be blocked. */
  playRetryMs: number;
  /**
   * Learning the player's rate bias (a player that plays 0.3–1 % off the rate it is given): the drift
   * our own rate changes do not explain is fitted over at least `biasMinSpanMs` of steady playback,
   * and a slope beyond `biasMinSlope` (fraction of the rate) moves the estimate, which then offsets
   * the base rate. Without it such a player needs a correction every couple of seconds.
   */
  biasMinSpanMs: number;
  biasMinSlope: number;
  /**
   * A busy page (a long task, a throttled tab): ticks this far apart (ms) mean our timers can fire
   * seconds late, for `jankMemoryMs` after the last such gap. Meanwhile nothing relies on a timer:
   * a resync seeks to where the host will be once the seek lands and lets the player play on (the
   * media element keeps time on its own), no hold; a rate correction ends when the drift crosses 0.
   */
  jankGapMs: number;
  jankMemoryMs: number;
  /** Largest bias believed (fraction): a larger apparent one is something else (a stuck player). */
  maxBias: number;
  /**
   * A host's seek under way (a stall marked `seeking`) is joined at once by players whose learned seek
   * latency is at least this (ms); quicker ones wait for the host's landing.
   */
  seekAlongsideMinMs: number;
  /** A guest playing on past a stalled host's frame pauses once this far ahead (ms) of it. */
  stallRunAheadMs: number;
  /**
   * A slow player (a learned seek latency of `seekAlongsideMinMs` or more: DRM sites, 1.5–3 s) that is
   * behind plays faster, by up to this fraction, instead of seeking again, when that makes the delay
   * up sooner than a seek-and-hold would (and for at most `fastCatchUpMaxMs` behind): another seek takes
   * seconds, lands ± its landing error and may land behind once more (three seeks in a row cost a
   * guest ~9 s after a host's seek), while 0.5 s behind is made up in `fastCatchUpHorizonMs` at 1.7×.
   * Jellyfin SyncPlay's SpeedToSync does the same (1 + delay / 1 s, for delays up to 3 s). Quick
   * players keep the seek-and-hold (exact in a fraction of a second) and the gentle rate band.
   */
  fastCatchUpRateDelta: number;
  fastCatchUpMaxMs: number;
  fastCatchUpHorizonMs: number;
  /**
   * Held on the host's horizon this long (ms) with no news (neither the host's stall nor a further
   * horizon): the horizon is stale, and we follow the state alone. Longer than the news of a stall
   * takes on a slow uplink (a 3 s POST), short enough that a stale horizon costs one pause.
   */
  horizonHoldMaxMs: number;
}

export const DEFAULT_DRIFT_CONFIG: DriftConfig = {
  enterMs: 12,
  trimMs: 4,
  smoothingSamples: 5,
  smoothingWindowMs: 700,
  correctionHorizonMs: 1000,
  maxRateDelta: 0.08,
  rateStep: 0.01,
  holdOffMs: 2000,
  urgentMs: 60,
  seekThresholdMs: 400,
  resumeCatchUpMs: 40,
  initialSeekLatencyMs: 300,
  minSeekMarginMs: 30,
  seekLeadSigmas: 1.45,
  initialPlayLatencyMs: 20,
  pausedToleranceMs: 25,
  maxSeekRetries: 3,
  backoffMs: 3000,
  seekTimeoutMs: 5000,
  settleMs: 400,
  playRetryMs: 1000,
  biasMinSpanMs: 6000,
  biasMinSlope: 0.0015,
  jankGapMs: 400,
  jankMemoryMs: 30_000,
  maxBias: 0.03,
  seekAlongsideMinMs: 800,
  stallRunAheadMs: 100,
  fastCatchUpRateDelta: 1,
  fastCatchUpMaxMs: 3000,
  fastCatchUpHorizonMs: 700,
  horizonHoldMaxMs: 5000,
};

/** What a guest's controller learned about a player: worth keeping per site across sessions. */
export interface LearnedPlayer {
  seekLatencyMs: number;
  /** Standard deviation of the seek latency (ms). */
  seekDeviationMs: number;
  /** Root mean square of where seeks land minus where they were aimed (ms); absent: not measured. */
  seekLandingErrorMs?: number;
  playLatencyMs: number;
  /** The player plays at its rate × (1 + this). */
  rateBias: number;
}

export type SyncStatus =
  | "idle" // no state yet
  | "clock" // waiting for the clock estimate
  | "media" // waiting for the party's media to load
  | "buffering"
  | "ad" // an ad plays on this player: left alone until it ends
  | "user-seek" // the guest is seeking; pulled back once it lands
  | "seeking"
  | "holding" // landed ahead, paused until the host reaches this frame
  | "settling" // just started playing; learning the play latency
  | "correcting" // rate correction under way
  | "synced"
  | "paused" // host paused, aligned
  | "host-buffering" // the host's player stalls: the party waits on its frame
  | "host-seeking" // the host's player is seeking (a slow seek): the party follows it there
  | "host"; // this client is the host: the reference, never corrected

export interface DriftInput {
  /** Local monotonic clock (ms): the same clock `wakeAt` is expressed in. */
  now: number;
  /** Estimated server time (ms) now, or null before the first clock sample. */
  serverNow: number | null;
  /**
   * False while the clock estimate rests on a few samples (just joined). The controller still seeks
   * then — adding `clockErrorMs` to the margin, as the hold that follows is timed with the estimate of
   * that later moment — but starts no fine rate correction. Default true.
   */
  clockSettled?: boolean;
  /** How wrong `serverNow` may be (ms) while not settled. Default 0. */
  clockErrorMs?: number;
  player: PlayerReading | null;
}

export interface DriftDecision {
  actions: PlayerAction[];
  status: SyncStatus;
  /** Player position minus target (ms, positive = ahead); null when not comparable. */
  driftMs: number | null;
  /** Local time at which the controller wants to be ticked again (null: the regular tick will do). */
  wakeAt: number | null;
}

interface PendingSeek {
  issuedAt: number;
  to: number;
  sawSeeking: boolean;
  /** The host's state the seek was aimed by. */
  seq: number;
}

/** How far a viewer may set their own offset from the host, either way (ms). */
export const VIEWER_OFFSET_MAX_MS = 10_000;

export class DriftController {
  readonly config: DriftConfig;
  private readonly timeline = new StateTimeline();
  private latencyMs = 0;
  private viewerOffsetMs = 0;
  private syncNowRequested = false;

  private lastSeq = -1;
  private lastState: PlaybackState | null = null;
  /** Since when (local ms) we hold on the host's horizon; null: not holding there. */
  private horizonHoldSince: number | null = null;
  /** A horizon we held on for too long (stale): ignored until the host reports another. */
  private staleHorizon: number | null = null;
  /** No seek aims past this (the host's horizon, this tick). */
  private aimCap = Number.POSITIVE_INFINITY;
  private samples: { at: number; drift: number }[] = [];
  private previousDrift: number | null = null;
  private pendingSeek: PendingSeek | null = null;
  private correction: { rate: number; endAt: number; sign: number } | null = null;
  private holdOffUntil = Number.NEGATIVE_INFINITY;
  private settle: { until: number; drifts: number[] } | null = null;
  private seeksInARow = 0;
  private backoffUntil = Number.NEGATIVE_INFINITY;
  private pausedSeeks = 0;
  private lastPlayAt = Number.NEGATIVE_INFINITY;
  private lastPauseAt = Number.NEGATIVE_INFINITY;
  private clockErrorMs = 0;
  private clockSettled = true;

  private lastTickAt: number | null = null;
  private janky = false;
  private jankyUntil = Number.NEGATIVE_INFINITY;
  /** The longest gap between ticks (ms) since the page became busy: how late a timer may fire now. */
  private longestGapMs = 0;
  /** The player plays at its rate × (1 + this); learned (see biasMinSpanMs). */
  private rateBias = 0;
  /**
   * Drift unexplained by our own rate settings since `from`: points (t, ms) fitted for the bias.
   * `predicted` integrates (set rate × (1 + bias) − host rate) over time.
   */
  private biasTrack: { from: number; drift0: number; lastT: number; lastRate: number; predicted: number; points: [number, number][] } | null = null;

  /** Learned per player (ms). */
  private seekLatency: number;
  /** Variance of the seek latency (ms²), as a population variance over the samples weighed in. */
  private seekLatencyVar = 0;
  private seekMeasured = false;
  /** Seeks measured (a restored estimate counts as a few). */
  private seekSamples = 0;
  /** Mean square landing error (ms²) over `landingSamples` paused seeks. */
  private landingVar = 0;
  private landingSamples = 0;
  private playLatency: number;

  constructor(config: Partial<DriftConfig> = {}) {
    this.config = { ...DEFAULT_DRIFT_CONFIG, ...config };
    this.seekLatency = this.config.initialSeekLatencyMs;
    this.playLatency = this.config.initialPlayLatencyMs;
  }

  /** A state from the server (`playback` event). */
  pushState(state: PlaybackState): void {
    this.timeline.push(state);
  }

  /** A snapshot: the history starts over. */
  resetState(state: PlaybackState): void {
    this.timeline.reset(state);
  }

  /**
   * Ticks start again after a pause that was ours, not the page's (this member was the host and
   * steered nothing): the gap since the last tick says nothing about a busy event loop.
   */
  resumeTicking(): void {
    this.lastTickAt = null;
  }

  /** Streamer mode: trail the host by this much (ms); 0 turns it off. */
  setLatency(latencyMs: number): void {
    this.latencyMs = Math.max(0, latencyMs);
  }

  get latency(): number {
    return this.latencyMs;
  }

  /**
   * This viewer's own offset (ms): their player runs this far ahead of the host (negative: behind),
   * for a setup of their own, e.g. a TV behind a capture card. Kept within ±VIEWER_OFFSET_MAX_MS.
   */
  setViewerOffset(offsetMs: number): void {
    const next = Math.round(Math.min(VIEWER_OFFSET_MAX_MS, Math.max(-VIEWER_OFFSET_MAX_MS, offsetMs)));
    if (next === this.viewerOffsetMs) return;
    this.viewerOffsetMs = next;
    this.newEpisode(this.lastSeq);
  }

  get viewerOffset(): number {
    return this.viewerOffsetMs;
  }

  /**
   * The viewer asks to be put in sync now: whatever made the controller hold back (a back-off after
   * failed seeks, the dead band, a settled paused frame) is forgotten, and the next tick seeks to the
   * target unless the player is within urgentMs (the rate correction then starts at once).
   */
  syncNow(): void {
    this.newEpisode(this.lastSeq);
    this.backoffUntil = Number.NEGATIVE_INFINITY;
    this.syncNowRequested = true;
  }

  /** What the controller has learned about the player (ms). */
  get learned(): { seekLatencyMs: number; seekMarginMs: number; playLatencyMs: number; rateBias: number } {
    return { seekLatencyMs: this.seekLatency, seekMarginMs: this.seekMargin(), playLatencyMs: this.playLatency, rateBias: this.rateBias };
  }

  /** The player's measured behaviour, once a seek was measured (null before: nothing worth keeping). */
  learnedPlayer(): LearnedPlayer | null {
    if (!this.seekMeasured) return null;
    const learned: LearnedPlayer = {
      seekLatencyMs: this.seekLatency,
      seekDeviationMs: this.seekLatencyDeviation(),
      playLatencyMs: this.playLatency,
      rateBias: this.rateBias,
    };
    if (this.landingSamples > 0) learned.seekLandingErrorMs = Math.sqrt(this.landingVar);
    return learned;
  }

  /**
   * Start from what an earlier session learned about this site's player: the first resync then
   * leads by the real seek latency (a 2 s DRM seek no longer lands behind, then retries).
   */
  restoreLearned(learned: LearnedPlayer): void {
    const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
    this.seekLatency = clamp(learned.seekLatencyMs, 0, this.config.seekTimeoutMs);
    // Stored as a sample deviation: back to the population variance of the 5 samples it counts as.
    this.seekLatencyVar = clamp(learned.seekDeviationMs, 0, this.config.seekTimeoutMs) ** 2 * (4 / 5);
    this.playLatency = clamp(learned.playLatencyMs, 0, 250);
    this.rateBias = clamp(learned.rateBias, -this.config.maxBias, this.config.maxBias);
    this.seekMeasured = true;
    this.seekSamples = 5;
    if (learned.seekLandingErrorMs !== undefined) {
      this.landingVar = clamp(learned.seekLandingErrorMs, 0, this.config.seekTimeoutMs) ** 2;
      this.landingSamples = 5;
    }
  }

  /**
   * The horizon that bounds the target: the host's, while it plays from a known buffered range that
   * is not behind its position, and not one found stale.
   */
  private horizonOf(state: PlaybackState): number | null {
    const horizon = state.horizon;
    if (horizon === undefined || state.paused || horizon < state.position) return null;
    if (horizon === this.staleHorizon) return null;
    this.staleHorizon = null;
    return horizon;
  }

  /** The rate to set for the player to play at `rate` (its learned bias compensated). */
  private baseRate(rate: number): number {
    return roundTo(rate / (1 + this.rateBias), this.config.rateStep);
  }

  private trackBias(now: number, driftMs: number, setRate: number, hostRate: number): void {
    const track = this.biasTrack;
    if (!track) {
      this.biasTrack = { from: now, drift0: driftMs, lastT: now, lastRate: setRate, predicted: 0, points: [[now, 0]] };
      return;
    }
    track.predicted += (track.lastRate * (1 + this.rateBias) - hostRate) * (now - track.lastT);
    track.lastT = now;
    track.lastRate = setRate;
    track.points.push([now, driftMs - track.drift0 - track.predicted]);
    if (now - track.from < this.config.biasMinSpanMs || track.points.length < 20) return;
    const slope = fitSlope(track.points) / hostRate;
    this.biasTrack = null;
    if (Math.abs(slope) < this.config.biasMinSlope) return;
    this.rateBias = Math.max(-this.config.maxBias, Math.min(this.config.maxBias, this.rateBias + slope));
  }

  tick(input: DriftInput): DriftDecision {
    const { now, serverNow, player } = input;
    this.janky = now < this.jankyUntil;
    if (!this.janky) this.longestGapMs = 0;
    this.clockSettled = input.clockSettled ?? true;
    // A landing seen after a long gap happened anywhere in it: not a measurement of the seek latency.
    const promptTick = this.lastTickAt !== null && now - this.lastTickAt <= this.config.jankGapMs;
    if (this.lastTickAt !== null && !promptTick) {
      this.jankyUntil = now + this.config.jankMemoryMs;
      this.longestGapMs = Math.max(this.longestGapMs, now - this.lastTickAt);
    }
    this.lastTickAt = now;
    this.clockErrorMs = this.clockSettled ? 0 : Math.min(input.clockErrorMs ?? 0, 200);
    const actions: PlayerAction[] = [];
    /** When the player, playing, reaches the host's horizon (local ms): we must be ticked then. */
    let horizonWake: number | null = null;
    const done = (status: SyncStatus, driftMs: number | null = null, wakeAt: number | null = null): DriftDecision => ({
      actions,
      status,
      driftMs,
      wakeAt: horizonWake === null ? wakeAt : Math.min(horizonWake, wakeAt ?? Number.POSITIVE_INFINITY),
    });

    if (serverNow === null) return done(this.timeline.latest() ? "clock" : "idle");
    // Streamer mode trails the host; a viewer's own offset moves them ahead (or further behind).
    const shiftMs = this.latencyMs - this.viewerOffsetMs;
    const target = syncTarget(this.timeline, serverNow, shiftMs);
    if (!target || !player) return done("idle");
    if (shiftMs > 0) this.timeline.prune(serverNow - shiftMs);
    const { state } = target;

    if (player.mediaId !== state.mediaId) {
      this.pendingSeek = null;
      this.newEpisode(-1);
      return done("media");
    }
    // The host changed something: whatever we were correcting is moot. A seek in flight still lands
    // and is then judged against the new target. Only its horizon moving on changes no target.
    if (state.seq !== this.lastSeq) {
      if (this.lastState && this.lastSeq !== -1 && onlyHorizonChanged(this.lastState, state)) this.lastSeq = state.seq;
      else this.newEpisode(state.seq);
    }
    this.lastState = state;

    const hostRate = state.rate;

    // 0. An ad plays: its time is not the media's, and it must run out. Whatever was under way is
    // dropped (our rate correction undone: the ad plays at the party's rate), and the back-off too, so
    // the first tick after the ad acts on the drift it left at once.
    if (player.ad) {
      this.pendingSeek = null;
      if (this.correction) this.setRate(actions, this.baseRate(hostRate));
      this.newEpisode(state.seq);
      this.backoffUntil = Number.NEGATIVE_INFINITY;
      return done("ad");
    }

    // The host cannot be past its horizon (it has no data there): neither is the target.
    let horizon = this.horizonOf(state);
    let targetPosition = horizon === null ? target.position : Math.min(target.position, horizon);
    let driftMs = (player.currentTime - targetPosition) * 1000;
    this.aimCap = horizon ?? Number.POSITIVE_INFINITY;
    if (horizon === null) this.horizonHoldSince = null;

    // 1. Our own seek in flight.
    if (this.pendingSeek) {
      const seek = this.pendingSeek;
      if (player.seeking) seek.sawSeeking = true;
      // Landed unseen (between two ticks): the player reads about where we sent it or, playing, up
      // to as far past it as it can have played since (a busy page, playing through its resync, may
      // first look seconds later: the frame then says nothing of a seek still under way).
      const playedS = player.paused ? 0 : ((now - seek.issuedAt) * Math.max(1, player.playbackRate)) / 1000;
      const offS = player.currentTime - seek.to;
      const landed = !player.seeking && (seek.sawSeeking || (offS > -0.5 && offS < 0.5 + playedS));
      if (!landed) {
        // The host moved on while our seek is under way (a slow one: seconds), typically its own seek
        // landing sooner than the one we joined it on: where ours lands, the host will be ahead. Too
        // far behind to catch up by rate, the landing would only start another seek: start it now,
        // aimed by the new state, a whole seek sooner (a quick host's landing cost slow guests ~5 s).
        if (seek.seq !== state.seq && !state.paused && this.restartPays(seek, now, targetPosition, hostRate)) {
          this.resync(actions, now, targetPosition, hostRate);
          return done("seeking", driftMs);
        }
        if (now - seek.issuedAt < this.config.seekTimeoutMs) return done("seeking", driftMs);
        this.pendingSeek = null; // never landed: judge from scratch
      } else {
        this.pendingSeek = null;
        if (seek.sawSeeking && promptTick) {
          this.learnSeekLatency(now - seek.issuedAt);
          // A paused frame reads exactly where the seek put it.
          if (player.paused) this.learnLandingError((player.currentTime - seek.to) * 1000);
        }
      }
    }

    // 2. The player cannot play: don't fight it.
    if (player.buffering) {
      this.biasTrack = null;
      this.samples = [];
      this.previousDrift = null;
      if (this.correction) {
        this.correction = null;
        this.setRate(actions, hostRate);
      }
      this.settle = null;
      // The host paused: a buffering player pauses too (it would play on once its data arrives, and
      // some players stay "buffering" until they are told something).
      if (state.paused && !player.paused && now - this.lastPauseAt >= this.config.playRetryMs) this.pause(actions, now);
      return done("buffering", driftMs);
    }

    // 3. The guest is seeking on its own: let it land, then pull it back.
    if (player.seeking) {
      this.biasTrack = null;
      this.samples = [];
      this.previousDrift = null;
      return done("user-seek", driftMs);
    }

    // 4. Host paused: pause on its exact frame.
    if (state.paused) {
      this.biasTrack = null;
      this.correction = null;
      this.settle = null;
      this.syncNowRequested = false;
      const pausedStatus: SyncStatus = state.seeking ? "host-seeking" : state.stalled ? "host-buffering" : "paused";
      // Seeking alongside the host pays off for slow players only: one that seeks in a fraction of a
      // second follows the landing sooner than it can guess it. Nor can a busy page time the hold
      // that follows (its timers fire late). Both play on through the host's seek and follow the
      // landing like any jump.
      if (state.seeking && (this.janky || this.seekLatency < this.config.seekAlongsideMinMs)) return done(pausedStatus, driftMs);
      // The host's player stalls: play on until we are this far past its frame. A blip of a few tens
      // of ms (common when a stream switches segments) then costs guests nothing, while a real stall
      // stops them at most this far ahead (or at once, when its news took longer).
      if (state.stalled && !state.seeking && !player.paused && driftMs >= 0 && driftMs < this.config.stallRunAheadMs) {
        return done(pausedStatus, driftMs, now + (this.config.stallRunAheadMs - driftMs) / Math.max(0.1, player.playbackRate));
      }
      if (!player.paused) this.pause(actions, now);
      if (!sameRate(player.playbackRate, hostRate, this.config.rateStep)) this.setRate(actions, hostRate);
      if (state.seeking) {
        // The host is seeking there (slow players take seconds) and plays on from wherever it lands,
        // close to that frame. Seek alongside, aiming past it by the landing uncertainty: landing
        // ahead only costs a hold once the host plays, landing behind costs another seek.
        // The host set off when the news left (`at`): we land later by as much, give or take the
        // spread of two seeks (ours and the host's, on a player like ours: √2 × one seek's margin).
        const lateMs = Math.max(0, serverNow - state.at);
        const aheadMs = lateMs + Math.SQRT2 * this.seekMargin();
        if (driftMs >= -this.config.pausedToleranceMs && driftMs <= aheadMs + this.config.seekThresholdMs) {
          return done(pausedStatus, driftMs);
        }
        if (this.pausedSeeks < 1) {
          this.pausedSeeks += 1;
          this.seek(actions, now, targetPosition + (aheadMs / 1000) * hostRate);
          return done("seeking", driftMs);
        }
        return done(pausedStatus, driftMs);
      }
      if (Math.abs(driftMs) <= this.config.pausedToleranceMs) {
        this.pausedSeeks = 0;
        return done(pausedStatus, driftMs);
      }
      // Landing is only so precise (±20 ms on some sites): a few attempts, then accept the frame.
      if (this.pausedSeeks < this.config.maxSeekRetries) {
        this.pausedSeeks += 1;
        this.seek(actions, now, targetPosition);
        return done("seeking", driftMs);
      }
      return done(pausedStatus, driftMs);
    }

    // 5. Host playing.
    if (horizon !== null) {
      // Up to the host's horizon, and no further: stop there (the host stalls there) and wait for news.
      const leftMs = (horizon - player.currentTime) * 1000;
      if (leftMs > HORIZON_REACHED_MS) {
        this.horizonHoldSince = null;
        if (!player.paused) horizonWake = now + leftMs / Math.max(0.1, player.playbackRate * (1 + this.rateBias));
      } else {
        this.horizonHoldSince ??= now;
        if (now - this.horizonHoldSince < this.config.horizonHoldMaxMs) {
          this.correction = null;
          this.settle = null;
          this.samples = [];
          this.previousDrift = null;
          this.biasTrack = null;
          if (!player.paused) this.pause(actions, now);
          return done("host-buffering", driftMs, this.horizonHoldSince + this.config.horizonHoldMaxMs);
        }
        // No news for this long: the host has more than it said. Follow the state alone.
        this.staleHorizon = horizon;
        this.horizonHoldSince = null;
        horizon = null;
        this.aimCap = Number.POSITIVE_INFINITY;
        targetPosition = target.position;
        driftMs = (player.currentTime - targetPosition) * 1000;
      }
    }
    if (player.paused) return this.whilePaused(input, player, targetPosition, hostRate, driftMs, actions, done);

    const expectedRate = this.correction?.rate ?? this.baseRate(hostRate);
    if (!sameRate(player.playbackRate, expectedRate, this.config.rateStep)) this.setRate(actions, expectedRate);
    this.trackBias(now, driftMs, expectedRate, hostRate);

    if (this.syncNowRequested) {
      this.syncNowRequested = false;
      if (Math.abs(driftMs) > this.config.urgentMs && this.resync(actions, now, targetPosition, hostRate)) return done("seeking", driftMs);
    }

    // A slow player made up a little behind by playing faster, not by seeking (see fastCatchUpRateDelta).
    const large = Math.abs(driftMs) > (driftMs < 0 && this.fastCatchUp() ? Math.max(this.config.seekThresholdMs, this.catchUpMs()) : this.config.seekThresholdMs);
    // After a discontinuity (new host state, a seek or stall that just ended) previousDrift is null and
    // a jump is expected: act on it at once. In steady playback one odd reading is not enough.
    const confirmedLarge =
      large && (this.previousDrift === null || Math.abs(this.previousDrift) > this.config.seekThresholdMs);
    this.previousDrift = driftMs;
    if (confirmedLarge && now >= this.backoffUntil && this.resync(actions, now, targetPosition, hostRate)) {
      return done("seeking", driftMs);
    }
    // A single large sample may be a glitch: act on the second one (one tick later).
    if (large && !confirmedLarge) return done(this.correction ? "correcting" : "synced", driftMs);

    if (this.settle) {
      this.settle.drifts.push(driftMs);
      if (now < this.settle.until) return done("settling", driftMs, this.settle.until);
      const settled = median(this.settle.drifts);
      this.learnPlayLatency(settled, hostRate);
      this.settle = null;
      this.samples = [];
      // A well-measured residual right after a resync: trim it now rather than leave it in the dead band.
      if (Math.abs(settled) > this.config.trimMs && this.clockSettled && !this.correction) {
        return done("correcting", driftMs, this.startCorrection(actions, now, settled, hostRate));
      }
    }

    if (this.correction) {
      const crossed = this.janky && Math.sign(driftMs) !== this.correction.sign;
      if (now >= this.correction.endAt - 1 || crossed) {
        this.correction = null;
        this.setRate(actions, this.baseRate(hostRate));
        this.holdOffUntil = now + this.config.holdOffMs;
        this.samples = [];
        return done("synced", driftMs);
      }
      return done("correcting", driftMs, this.correction.endAt);
    }

    this.samples.push({ at: now, drift: driftMs });
    this.samples = this.samples
      .filter((s) => now - s.at <= this.config.smoothingWindowMs)
      .slice(-this.config.smoothingSamples);
    if (this.samples.length < 3) return done("synced", driftMs);
    const smoothed = median(this.samples.map((s) => s.drift));
    const due = now >= this.holdOffUntil || Math.abs(smoothed) > this.config.urgentMs;
    if (Math.abs(smoothed) > this.config.enterMs && this.clockSettled && due) {
      this.seeksInARow = 0;
      return done("correcting", driftMs, this.startCorrection(actions, now, smoothed, hostRate));
    }
    if (Math.abs(smoothed) <= this.config.enterMs) this.seeksInARow = 0;
    return done("synced", driftMs);
  }

  /** Host playing, our player paused: after our own seek (hold), or the guest paused it. */
  private whilePaused(
    input: DriftInput,
    player: PlayerReading,
    targetPosition: number,
    hostRate: number,
    driftMs: number,
    actions: PlayerAction[],
    done: (status: SyncStatus, driftMs?: number | null, wakeAt?: number | null) => DriftDecision,
  ): DriftDecision {
    const { now } = input;
    this.correction = null;
    this.samples = [];
    this.previousDrift = null;
    this.biasTrack = null;
    if (!sameRate(player.playbackRate, this.baseRate(hostRate), this.config.rateStep)) this.setRate(actions, this.baseRate(hostRate));

    if (this.janky && !this.pendingSeek) {
      // A hold's timer may fire seconds late: play now, seeking first if far off.
      if (Math.abs(driftMs) > this.config.seekThresholdMs && now >= this.backoffUntil) {
        this.resync(actions, now, targetPosition, hostRate);
      }
      const blockedPlay = this.lastPlayAt > this.lastPauseAt && now - this.lastPlayAt < this.config.playRetryMs;
      if (!blockedPlay) this.play(actions, now);
      return done(this.pendingSeek ? "seeking" : "synced", driftMs);
    }
    // Wall-clock ms until the host reaches our frame, minus the time play() takes to get going.
    const waitMs = driftMs / hostRate - this.playLatency;
    const maxHold = this.seekLatency + this.seekMargin() + this.config.seekThresholdMs;
    if (waitMs > 1 && waitMs <= maxHold) return done("holding", driftMs, now + waitMs);
    // Behind: a player that is paused anyway can seek ahead and hold at no visible cost, which is exact
    // in ~seek latency; playing and catching up by rate takes seconds. Only a frame or so behind, play.
    // Behind by less than what a rate correction makes up in the time a seek-and-hold takes (a slow
    // player's seek takes seconds): playing and catching up is the quicker way.
    const tooFar = waitMs > maxHold || -driftMs > this.catchUpMs();
    if (tooFar && now >= this.backoffUntil && this.resync(actions, now, targetPosition, hostRate)) {
      return done("seeking", driftMs);
    }
    // Time to go (or only a little behind: play and let the rate correction catch up). A play() that
    // did not stick (autoplay blocked, or the guest paused again) is retried only every playRetryMs.
    const blocked = this.lastPlayAt > this.lastPauseAt && now - this.lastPlayAt < this.config.playRetryMs;
    if (blocked) return done("settling", driftMs, this.lastPlayAt + this.config.playRetryMs);
    this.play(actions, now);
    // Behind: a slow player makes it up at once (another seek would take seconds); others let the
    // rate correction take over.
    if (waitMs < -10 && this.fastCatchUp() && this.clockSettled) {
      return done("correcting", driftMs, this.startCorrection(actions, now, driftMs - this.playLatency * hostRate, hostRate));
    }
    if (Math.abs(waitMs) > 10) return done("synced", driftMs); // behind: the rate correction takes over
    // On time: watch how late the frames start, to start earlier next time.
    this.seeksInARow = 0;
    this.settle = { until: now + this.config.settleMs, drifts: [] };
    return done("settling", driftMs, now + this.config.settleMs);
  }

  /**
   * Behind by less than this (ms), a paused player plays and catches up by rate: what a rate correction
   * makes up in the time a seek-and-hold takes (a slow player's seek takes seconds).
   */
  private catchUpMs(): number {
    const seekAndHoldMs = this.seekLatency + this.seekMargin();
    const gentle = Math.max(this.config.resumeCatchUpMs, this.config.maxRateDelta * seekAndHoldMs);
    if (!this.fastCatchUp()) return gentle;
    return Math.max(gentle, Math.min(this.config.fastCatchUpMaxMs, this.config.fastCatchUpRateDelta * seekAndHoldMs));
  }

  /** Whether this player catches up faster than the gentle rate band (see `fastCatchUpRateDelta`). */
  private fastCatchUp(): boolean {
    return this.seekMeasured && this.seekLatency >= this.config.seekAlongsideMinMs && !this.janky;
  }

  /**
   * Whether a seek under way is better started again, aimed by the state now. Where the host, playing
   * at `targetPosition` now, will be once the seek took its learned latency, against where it aimed:
   * too far behind to catch up by rate, and with time left to win: at least the seek's margin (one
   * about due may land any moment, and late or early by that much; started again, it takes a whole one).
   */
  private restartPays(seek: PendingSeek, now: number, targetPosition: number, hostRate: number): boolean {
    const leftMs = seek.issuedAt + this.seekLatency - now;
    if (leftMs < this.seekMargin()) return false;
    const behindMs = (targetPosition + (leftMs / 1000) * hostRate - seek.to) * 1000;
    if (behindMs > this.catchUpMs()) return true;
    // A player that catches up fast: landing behind costs the rest of this seek and the catch-up,
    // starting again costs a whole seek-and-hold. The cheaper one.
    return this.fastCatchUp() && behindMs > 0 && leftMs + behindMs / this.config.fastCatchUpRateDelta > this.seekLatency + this.seekMargin();
  }

  /** Seek ahead and hold. False when too many seeks failed in a row (then: back off for a while). */
  private resync(actions: PlayerAction[], now: number, targetPosition: number, hostRate: number): boolean {
    this.biasTrack = null;
    this.correction = null;
    this.settle = null;
    this.seeksInARow += 1;
    if (this.seeksInARow > this.config.maxSeekRetries) {
      // Something keeps us from landing (a site that ignores seeks, a seek that always stalls): stop
      // hammering it and fall back to rate corrections for a while.
      this.seeksInARow = 0;
      this.backoffUntil = now + this.config.backoffMs;
      return false;
    }
    if (this.janky) {
      // Playing through: land where the host will be when the seek lands.
      this.seek(actions, now, Math.min(this.aimCap, targetPosition + (this.seekLatency / 1000) * hostRate));
      return true;
    }
    const leadMs = this.seekLatency + this.seekMargin();
    this.pause(actions, now);
    // Not past the host's horizon: it will be standing there.
    this.seek(actions, now, Math.min(this.aimCap, targetPosition + (leadMs / 1000) * hostRate));
    return true;
  }

  /** Plan and start a rate correction; returns when it ends. */
  private startCorrection(actions: PlayerAction[], now: number, driftMs: number, hostRate: number): number {
    const { rateStep, maxRateDelta, correctionHorizonMs } = this.config;
    // A busy page may sleep through the correction's end by as long as its longest long task (G). At
    // the usual pace (the drift in 1 s) that overshoots by up to 3 × the drift for G = 3 s: 40 ms ahead
    // became 200 ms behind, and the next correction overshot again. Planned over G / 2 longer, a task
    // at its end overshoots by at most 1.2 × the drift (0.6 × on average), and the pace still makes up
    // a resync's residual in a couple of seconds (over G longer, the resync under load took longer).
    const fast = driftMs < 0 && this.fastCatchUp();
    const horizonMs = (fast ? this.config.fastCatchUpHorizonMs : correctionHorizonMs) + (this.janky ? this.longestGapMs / 2 : 0);
    const maxDelta = fast ? Math.max(maxRateDelta, this.config.fastCatchUpRateDelta) : maxRateDelta;
    const delta = Math.min(maxDelta, Math.abs(driftMs) / horizonMs);
    const base = this.baseRate(hostRate);
    let rate = roundTo(base * (1 - Math.sign(driftMs) * delta), rateStep);
    if (rate === base) rate = roundTo(base - Math.sign(driftMs) * rateStep, rateStep);
    const deltaRate = rate * (1 + this.rateBias) - hostRate; // s of media per s, opposite sign to the drift
    const durationMs = -driftMs / deltaRate;
    this.correction = { rate, endAt: now + durationMs, sign: Math.sign(driftMs) };
    this.setRate(actions, rate);
    return now + durationMs;
  }

  /** How much later than planned a seek-and-hold may land (ms), see `seekLeadSigmas`. */
  private seekMargin(): number {
    const variance = this.seekLatencyDeviation() ** 2 + this.landingVar + this.clockErrorMs ** 2;
    return Math.max(this.config.minSeekMarginMs, this.config.seekLeadSigmas * Math.sqrt(variance));
  }

  /** The seek latency's sample standard deviation (ms): the population one, unbiased. */
  private seekLatencyDeviation(): number {
    const n = Math.min(this.seekSamples, 1 / SLOWEST_WEIGHT);
    return Math.sqrt(n > 1 ? (this.seekLatencyVar * n) / (n - 1) : this.seekLatencyVar);
  }

  private learnSeekLatency(measuredMs: number): void {
    if (!this.seekMeasured) {
      this.seekMeasured = true;
      this.seekSamples = 1;
      this.seekLatency = measuredMs;
      // Unknown spread yet: assume a deviation of 10 %, then learn it.
      this.seekLatencyVar = (0.1 * measuredMs) ** 2;
      return;
    }
    // A running mean and variance over the first seeks, then slowly moving ones: a site's player keeps
    // its habits, and every lead is planned with these (a noisy estimate lands behind, costing another
    // seek).
    this.seekSamples += 1;
    const weight = Math.max(1 / this.seekSamples, SLOWEST_WEIGHT);
    const error = measuredMs - this.seekLatency;
    this.seekLatency += weight * error;
    this.seekLatencyVar = (1 - weight) * (this.seekLatencyVar + weight * error * error);
  }

  private learnLandingError(errorMs: number): void {
    this.landingSamples += 1;
    const weight = Math.max(1 / this.landingSamples, SLOWEST_WEIGHT);
    this.landingVar += weight * (errorMs * errorMs - this.landingVar);
  }

  private learnPlayLatency(settledDriftMs: number, hostRate: number): void {
    // Behind by x ms of media → play() took x / rate ms longer than we assumed.
    const next = this.playLatency - 0.5 * (settledDriftMs / hostRate);
    this.playLatency = Math.min(250, Math.max(0, next));
  }

  /** Forget what was measured and planned against the previous target. */
  private newEpisode(seq: number): void {
    this.lastSeq = seq;
    this.correction = null;
    this.settle = null;
    this.samples = [];
    this.previousDrift = null;
    this.seeksInARow = 0;
    this.pausedSeeks = 0;
    this.holdOffUntil = Number.NEGATIVE_INFINITY;
    this.biasTrack = null;
  }

  private seek(actions: PlayerAction[], now: number, position: number): void {
    const to = Math.max(0, position);
    actions.push({ type: "seek", position: to });
    this.pendingSeek = { issuedAt: now, to, sawSeeking: false, seq: this.lastSeq };
  }

  private setRate(actions: PlayerAction[], rate: number): void {
    actions.push({ type: "setRate", rate });
  }

  private play(actions: PlayerAction[], now: number): void {
    actions.push({ type: "play" });
    this.lastPlayAt = now;
  }

  private pause(actions: PlayerAction[], now: number): void {
    actions.push({ type: "pause" });
    this.lastPauseAt = now;
  }
}

/** A player this close (ms of media) to the host's horizon has reached it. */
const HORIZON_REACHED_MS = 2;

/** Learned means move by at least this fraction of each new sample (about the last 10 count). */
const SLOWEST_WEIGHT = 0.1;

function sameRate(a: number, b: number, step: number): boolean {
  return Math.abs(a - b) < step / 2;
}

/** Round to a multiple of `step` without binary noise (0.97, not 0.9700000000000001). */
function roundTo(value: number, step: number): number {
  const inverse = Math.round(1 / step);
  return Math.round(value * inverse) / inverse;
}

/** Least-squares slope of y over x. */
function fitSlope(points: [number, number][]): number {
  const n = points.length;
  let sx = 0;
  let sy = 0;
  for (const [x, y] of points) {
    sx += x;
    sy += y;
  }
  const mx = sx / n;
  const my = sy / n;
  let num = 0;
  let den = 0;
  for (const [x, y] of points) {
    num += (x - mx) * (y - my);
    den += (x - mx) * (x - mx);
  }
  return den === 0 ? 0 : num / den;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  if (sorted.length === 0) return 0;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
