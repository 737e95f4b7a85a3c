/**
 * A simulated HTML5 media element with the behaviour that makes sync hard:
 * - a seek takes a while (a per-player base latency, ±jitter per seek), the clock is frozen meanwhile,
 *   `currentTime` reads the requested position, and it lands slightly off;
 * - play() takes a few ms before frames move; pause is immediate;
 * - playbackRate is rounded to 0.01 and takes effect after a short lag (reported at once, as browsers do);
 * - its media clock runs a few ppm off true time; readings carry ~1 ms of noise;
 * - buffering stalls on demand; loading a new source takes a while and starts paused at 0.
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
  private version = 0;
  private listener: (event: SimPlayerEvent) => void = () => {};

  constructor(
    private readonly scheduler: Scheduler,
    private readonly rng: Rng,
    readonly profile: SimPlayerProfile,
  ) {}

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
    return !this.pausedValue && t < this.bufferingUntil;
  }

  get playbackRate(): number {
    return this.reportedRate;
  }

  /** The frame on screen (no read noise): what the tests measure. */
  truePosition(t = this.scheduler.now): number {
    if (this.pausedValue || this.seekingTo !== null || this.loading || t < this.bufferingUntil) return this.anchorPos;
    const elapsed = Math.max(0, t - this.anchorT);
    return this.anchorPos + (elapsed / 1000) * this.appliedRate * (1 + this.profile.rateBias) * (1 + this.profile.clockPpm / 1e6);
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
    this.seekingTo = Math.max(0, to);
    const version = ++this.version;
    const { seekLatencyMs, seekJitter, seekLandErrorMs } = this.profile;
    const latency = seekLatencyMs * (1 + this.rng.spread(seekJitter));
    this.scheduler.after(latency, () => {
      if (version !== this.version || this.seekingTo === null) return;
      this.anchorPos = Math.max(0, this.seekingTo + this.rng.spread(seekLandErrorMs) / 1000);
      this.anchorT = this.scheduler.now;
      this.seekingTo = null;
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
    const version = this.version;
    this.scheduler.after(latency, () => {
      if (version === this.version && !this.pausedValue) this.listener("playing");
    });
  }

  pause(): void {
    if (this.pausedValue) return;
    this.reanchor(this.scheduler.now);
    this.pausedValue = true;
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
    });
    this.listener("ratechange");
  }

  /** A buffering stall starting now. */
  stall(durationMs: number): void {
    const t = this.scheduler.now;
    this.reanchor(t);
    this.bufferingUntil = t + durationMs;
    this.listener("waiting");
    this.scheduler.after(durationMs, () => {
      this.anchorT = Math.max(this.anchorT, this.scheduler.now);
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
    const version = ++this.version;
    this.scheduler.after(this.profile.loadMs, () => {
      if (version !== this.version) return;
      this.loading = false;
      this.listener("loadeddata");
    });
  }

  /** Pin the position at the current time (before a change of state). Keeps a pending play start. */
  private reanchor(t: number): void {
    if (t < this.anchorT) return;
    this.anchorPos = this.truePosition(t);
    this.anchorT = t;
  }
}
