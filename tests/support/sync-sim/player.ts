/**
 * A simulated HTML5 media element with the behaviour that makes sync hard:
 * - a seek takes a while (a per-player base latency, ±jitter per seek), the clock is frozen meanwhile,
 *   `currentTime` reads the requested position, and it lands slightly off;
 * - play() takes a few ms before frames move; pause is immediate;
 * - playbackRate is rounded to 0.01 and takes effect after a short lag (reported at once, as browsers do);
 * - its media clock runs a few ppm off true time; readings carry ~1 ms of noise;
 * - it has a buffered range: data arrives at `downloadRate` (media s per s) until `maxBufferAheadS`
 *   are ahead of the playhead; when the playhead reaches the buffered end it stalls (`waiting`), and
 *   plays on once `resumeAheadS` are buffered again. A seek out of the range starts a new one where it
 *   lands (holding what arrived during the seek). `cutDownload` stops the data for a while (a network
 *   that drops out): the player plays its buffer out, then stalls;
 * - a stall unrelated to the buffer (a decoder hiccup) on demand with `stall`;
 * - loading a new source takes a while and starts paused at 0.
 * Time is the simulation's true time in ms.
 */
import type { Rng } from "./rng";
import type { Scheduler } from "./scheduler";

export interface SimPlayerProfile {
  seekLatencyMs: number;
  /** Per-seek variation of the latency, as a fraction (0.15 = ±15 %). */
  seekJitter: number;
  /** Landing error, ± ms. */
  seekLandErrorMs: number;
  playLatencyMs: number;
  playJitterMs: number;
  rateStep: number;
  rateLagMinMs: number;
  rateLagMaxMs: number;
  readNoiseMs: number;
  /** Media clock error vs true time, parts per million. */
  clockPpm: number;
  /**
   * The rate the player really plays at is the requested one × (1 + this): some players (a decoder
   * that drops frames, a site that re-times) play 0.3–1 % off, and report the requested rate.
   */
  rateBias: number;
  loadMs: number;
  /** Media seconds downloaded per second while the network delivers. */
  downloadRate: number;
  /** The player stops downloading this far (s) ahead of the playhead. */
  maxBufferAheadS: number;
  /** After running dry, playback resumes once this much (s) is buffered ahead (HAVE_FUTURE_DATA). */
  resumeAheadS: number;
}

/** A plausible player: seek latency 50–300 ms, play latency 5–40 ms, ±50 ppm media clock. */
export function randomPlayerProfile(rng: Rng, overrides: Partial<SimPlayerProfile> = {}): SimPlayerProfile {
  return {
    seekLatencyMs: rng.uniform(50, 300),
    seekJitter: 0.15,
    seekLandErrorMs: 20,
    playLatencyMs: rng.uniform(5, 40),
    playJitterMs: 5,
    rateStep: 0.01,
    rateLagMinMs: 0,
    rateLagMaxMs: 40,
    readNoiseMs: 1,
    clockPpm: rng.spread(50),
    rateBias: 0,
    loadMs: rng.uniform(800, 2000),
    // Constants (no draw): the figures of every seed stay what they were before the buffer was modelled.
    downloadRate: 4,
    maxBufferAheadS: 30,
    resumeAheadS: 2,
    ...overrides,
  };
}

export type SimPlayerEvent = "seeked" | "playing" | "pause" | "ratechange" | "waiting" | "loadeddata";

export class SimPlayer {
  src: string | null = null;
  private loading = false;
  private anchorPos = 0;
  /** True time from which the position advances (may lie ahead: play latency). */
  private anchorT = 0;
  private appliedRate = 1;
  private reportedRate = 1;
  private pausedValue = true;
  private seekingTo: number | null = null;
  private bufferingUntil = Number.NEGATIVE_INFINITY;
  /** The buffered end (s) at true time `bufferedAt`, growing at `downloadRate` from there (capped). */
  private bufferedEndAnchor = 0;
  private bufferedAt = 0;
  /** Media s per s arriving now (0 while the download is cut). */
  private downloading: number;
  /** The playhead reached the buffered end: frozen until `resumeAheadS` are buffered. */
  private starved = false;
  /** Bumped on every change that moves when the playhead runs dry or resumes. */
  private bufferPlan = 0;
  private version = 0;
  private listener: (event: SimPlayerEvent) => void = () => {};

  constructor(
    private readonly scheduler: Scheduler,
    private readonly rng: Rng,
    readonly profile: SimPlayerProfile,
  ) {
    this.downloading = profile.downloadRate;
  }

  onEvent(listener: (event: SimPlayerEvent) => void): void {
    this.listener = listener;
  }

  get paused(): boolean {
    return this.pausedValue;
  }

  get seeking(): boolean {
    return this.seekingTo !== null;
  }

  get loaded(): boolean {
    return this.src !== null && !this.loading;
  }

  buffering(t = this.scheduler.now): boolean {
    return !this.pausedValue && (this.starved || t < this.bufferingUntil);
  }

  /** The end (s) of the buffered range the playhead is in (`HTMLMediaElement.buffered`). */
  bufferedEnd(t = this.scheduler.now): number {
    if (this.loading || this.src === null) return 0;
    return Math.min(this.downloadedTo(t), this.truePosition(t) + this.profile.maxBufferAheadS);
  }

  /**
   * The network stops delivering media for `durationMs` (it still carries the party's messages: a CDN
   * that drops out, a congested downlink): the player plays what it has buffered, then stalls.
   */
  cutDownload(durationMs: number): void {
    this.setDownloading(0);
    this.scheduler.after(durationMs, () => this.setDownloading(this.profile.downloadRate));
  }

  get playbackRate(): number {
    return this.reportedRate;
  }

  /** The frame on screen (no read noise): what the tests measure. */
  truePosition(t = this.scheduler.now): number {
    if (this.pausedValue || this.seekingTo !== null || this.loading || this.starved || t < this.bufferingUntil) return this.anchorPos;
    const elapsed = Math.max(0, t - this.anchorT);
    // Never past the data (the stall's timer marks it `starved` at that instant).
    return Math.min(this.anchorPos + (elapsed / 1000) * this.speed(), Math.max(this.anchorPos, this.downloadedTo(t)));
  }

  /** Media s per true s while frames move. */
  private speed(): number {
    return this.appliedRate * (1 + this.profile.rateBias) * (1 + this.profile.clockPpm / 1e6);
  }

  /** How far the download has got by `t` (before the cap on what is ahead of the playhead). */
  private downloadedTo(t: number): number {
    return this.bufferedEndAnchor + (Math.max(0, t - this.bufferedAt) / 1000) * this.downloading;
  }

  /** `currentTime` as a script reads it. */
  currentTime(t = this.scheduler.now): number {
    if (this.seekingTo !== null) return this.seekingTo;
    const moving = !this.pausedValue && !this.buffering(t) && t > this.anchorT;
    const noise = moving ? this.rng.spread(this.profile.readNoiseMs) / 1000 : 0;
    return Math.max(0, this.truePosition(t) + noise);
  }

  seek(to: number): void {
    const t = this.scheduler.now;
    this.reanchor(t);
    const from = this.anchorPos;
    this.starved = false;
    this.seekingTo = Math.max(0, to);
    this.planBuffer();
    const version = ++this.version;
    const { seekLatencyMs, seekJitter, seekLandErrorMs } = this.profile;
    const latency = seekLatencyMs * (1 + this.rng.spread(seekJitter));
    this.scheduler.after(latency, () => {
      if (version !== this.version || this.seekingTo === null) return;
      const landed = Math.max(0, this.seekingTo + this.rng.spread(seekLandErrorMs) / 1000);
      const now = this.scheduler.now;
      const end = this.bufferedEnd(now);
      if (landed < from || landed > end) {
        // Out of the buffered range: a new one starts where it lands, with what arrived meanwhile.
        const fetched = this.downloading > 0 ? Math.max(this.profile.resumeAheadS, (latency / 1000) * this.downloading) : 0;
        this.bufferedEndAnchor = landed + Math.min(this.profile.maxBufferAheadS, fetched);
      } else {
        this.bufferedEndAnchor = end;
      }
      this.bufferedAt = now;
      this.anchorPos = landed;
      this.anchorT = now;
      this.seekingTo = null;
      this.planBuffer();
      this.listener("seeked");
    });
  }

  play(): void {
    if (!this.pausedValue || this.loading) return;
    const t = this.scheduler.now;
    this.reanchor(t);
    this.pausedValue = false;
    const latency = Math.max(0, this.profile.playLatencyMs + this.rng.spread(this.profile.playJitterMs));
    this.anchorT = t + latency;
    this.planBuffer();
    const version = this.version;
    this.scheduler.after(latency, () => {
      if (version === this.version && !this.pausedValue) this.listener("playing");
    });
  }

  pause(): void {
    if (this.pausedValue) return;
    this.reanchor(this.scheduler.now);
    this.pausedValue = true;
    this.starved = false;
    this.planBuffer();
    this.listener("pause");
  }

  setRate(rate: number): void {
    const rounded = Math.round(rate / this.profile.rateStep) * this.profile.rateStep;
    this.reportedRate = rounded;
    const lag = this.rng.uniform(this.profile.rateLagMinMs, this.profile.rateLagMaxMs);
    this.scheduler.after(lag, () => {
      if (this.reportedRate !== rounded) return;
      this.reanchor(this.scheduler.now);
      this.appliedRate = rounded;
      this.planBuffer();
    });
    this.listener("ratechange");
  }

  /**
   * A stall starting now that the buffer does not explain (a decoder hiccup, a site's player that
   * hangs): nothing announced it. A stall for want of data is `cutDownload`'s.
   */
  stall(durationMs: number): void {
    const t = this.scheduler.now;
    this.reanchor(t);
    this.bufferingUntil = t + durationMs;
    this.planBuffer();
    this.listener("waiting");
    this.scheduler.after(durationMs, () => {
      this.anchorT = Math.max(this.anchorT, this.scheduler.now);
      this.planBuffer();
      this.listener("playing");
    });
  }

  /** Open a source (a navigation): paused at 0 once loaded. */
  load(src: string): void {
    this.src = src;
    this.loading = true;
    this.pausedValue = true;
    this.seekingTo = null;
    this.anchorPos = 0;
    this.anchorT = this.scheduler.now;
    this.starved = false;
    this.planBuffer();
    const version = ++this.version;
    this.scheduler.after(this.profile.loadMs, () => {
      if (version !== this.version) return;
      this.loading = false;
      const { maxBufferAheadS, resumeAheadS } = this.profile;
      this.bufferedEndAnchor = Math.min(maxBufferAheadS, Math.max(resumeAheadS, (this.profile.loadMs / 1000) * this.downloading));
      this.bufferedAt = this.scheduler.now;
      this.listener("loadeddata");
    });
  }

  private setDownloading(rate: number): void {
    const t = this.scheduler.now;
    this.bufferedEndAnchor = this.bufferedEnd(t);
    this.bufferedAt = t;
    this.downloading = rate;
    this.planBuffer();
  }

  /**
   * When the playhead runs dry (playing faster than the data arrives) or, dry, has enough to resume:
   * one timer, replanned on every change of the position's or the download's course.
   */
  private planBuffer(): void {
    const plan = ++this.bufferPlan;
    const now = this.scheduler.now;
    if (this.loading || this.src === null || this.seekingTo !== null || this.pausedValue || now < this.bufferingUntil) return;
    this.bufferedEndAnchor = this.bufferedEnd(now);
    this.bufferedAt = now;
    const d = this.downloading;
    if (this.starved) {
      if (d <= 0) return; // until the data flows again (setDownloading replans)
      const wait = ((this.anchorPos + this.profile.resumeAheadS - this.bufferedEndAnchor) / d) * 1000;
      this.scheduler.after(Math.max(0, wait), () => {
        if (plan !== this.bufferPlan) return;
        this.starved = false;
        this.anchorT = this.scheduler.now;
        this.planBuffer();
        this.listener("playing");
      });
      return;
    }
    const v = this.speed();
    if (v <= d) return; // the data keeps ahead
    // anchorPos + (t − anchorT)·v = end + (t − now)·d, for t ≥ now and ≥ anchorT (frames start then).
    const start = Math.max(now, this.anchorT);
    const atStart = this.anchorPos + ((start - this.anchorT) / 1000) * v;
    const endAtStart = this.bufferedEndAnchor + ((start - now) / 1000) * d;
    const dryAt = start + (Math.max(0, endAtStart - atStart) / (v - d)) * 1000;
    this.scheduler.at(dryAt, () => {
      if (plan !== this.bufferPlan) return;
      const t = this.scheduler.now;
      this.anchorPos = this.truePosition(t);
      this.anchorT = t;
      this.starved = true;
      this.planBuffer();
      this.listener("waiting");
    });
  }

  /** Pin the position at the current time (before a change of state). Keeps a pending play start. */
  private reanchor(t: number): void {
    if (t < this.anchorT) return;
    this.anchorPos = this.truePosition(t);
    this.anchorT = t;
  }
}
