/**
 * NTP-style clock-offset estimator: how far the server's clock is ahead of ours.
 *
 * One exchange gives t0 (client send), t1 (server receive), t2 (server send), t3 (client receive):
 *   offset = ((t1 − t0) + (t2 − t3)) / 2,   delay = (t3 − t0) − (t2 − t1).
 * Whatever the network does, the true offset lies within offset ± delay/2 (exactly: within
 * [truth − downDelay, truth + upDelay]). So the sample with the smallest delay is the one that can be
 * wrong by the least — the reason NTP and Jellyfin pick it ("min-delay").
 *
 * We go one step further by default ("intersection"): every sample's interval contains the truth, so
 * their intersection does too, and it is bounded by the fastest *upstream* trip and the fastest
 * *downstream* trip seen in the window — which rarely happen in the same exchange. Its midpoint is the
 * estimate. With 20–80 ms of independent one-way jitter and 8 samples, min-delay is off by ~4 ms on
 * average (its error is half the up/down imbalance of one lucky exchange) and intersection by ~2 ms
 * (measured in tests/unit/sync-clock.test.ts). The intersection is taken over the newest samples that
 * still agree, so clock drift or a clock jump drops old samples instead of emptying it.
 *
 * Pure: the caller passes its own clock readings (a monotonic ms clock) and decides when to send.
 */

export interface ClockSample {
  /** Client time when the ping left. */
  t0: number;
  /** Server time when the ping arrived. */
  t1: number;
  /** Server time when the pong left. */
  t2: number;
  /** Client time when the pong arrived. */
  t3: number;
}

export interface MeasuredSample extends ClockSample {
  offset: number;
  delay: number;
}

export type ClockMethod = "intersection" | "min-delay";

export interface ClockConfig {
  method: ClockMethod;
  /**
   * Samples kept. A full window drops its least useful sample (the widest once aged: see
   * `leastUseful`), so a lucky sample stays until its age-widened interval is the widest.
   */
  windowSize: number;
  /** Pings sent quickly after start/reset. */
  burstSize: number;
  /**
   * The estimate is "ready" (good to a few ms) with this many samples. Not judged by `errorBound`: that
   * bound includes the path's symmetric base delay, which never shrinks on a long path.
   */
  readySamples: number;
  /** …or with as few as 3 whose intersection is this narrow (ms). */
  readyErrorMs: number;
  /** Spacing of the start-up burst. Pings are independent, so they may overlap. */
  burstIntervalMs: number;
  /** Spacing once the burst is done: keeps up with clock drift and slow route changes. */
  periodicIntervalMs: number;
  /**
   * While the window is not full and the estimate is still coarser than `refineErrorMs` (a burst taken
   * while the machine or the network was busy, a reset onto a slow path; the bound includes the path's
   * one-way base delay, so an ordinary path stays well under 50 ms), ping every
   * `refineIntervalMs` instead: measured in real Chromium on a loaded machine, a burst of slow answers
   * left the estimate 180 ms off with a 200 ms bound, and the 10 s period took 10 s to mend it while the
   * guest played 177 ms ahead. A full window is what the path gives: back to the period.
   */
  refineErrorMs: number;
  refineIntervalMs: number;
  /**
   * A slow answer: its delay exceeds the best by more than `rttJumpFactor` × best + `rttJumpMinMs`.
   * It makes the next pings go at burst pace (for a quick answer that narrows the estimate), for at
   * most `rttJumpSamples` slow answers in a row; a path that stays slow is then sampled as usual.
   */
  rttJumpSamples: number;
  rttJumpFactor: number;
  rttJumpMinMs: number;
  /** Samples whose delay is negative or above this are dropped (lost/garbled exchanges). */
  maxDelayMs: number;
  /**
   * How fast the two clocks may drift apart (ppm): a sample's interval widens by its age × this, as
   * NTP's dispersion does, so old samples stop pinning an estimate the clocks have since left. Cheap
   * laptop oscillators are off by up to ±200 ppm (2 ms per 10 s ping): at 50 ppm old samples pinned
   * such a clock's estimate 10–20 ms off (simulated); 250 admits them at ~1 ms of extra spread.
   */
  maxDriftPpm: number;
  /**
   * Learning the clocks' frequency error: once the samples span this long (ms), a weighted line
   * through their offsets gives the rate at which the two clocks drift apart. Every sample is then
   * projected to the newest one along that line, and intervals widen only by the fit's uncertainty
   * (3 standard errors) instead of `maxDriftPpm`; the estimate is extrapolated along it between
   * pings. A clock 200 ppm off moves 2 ms between two pings and 60 ms across the window.
   */
  skewMinSpanMs: number;
  /** A fitted frequency error beyond this (ppm) is not believed (a jump, not a drift). */
  maxSkewPpm: number;
  /**
   * Samples whose intervals miss each other by at most this (ms) still agree: the truth is taken to lie
   * in the gap between them. Real stamps are not exact (timer resolution, two processes' readings of
   * one clock, a server that stamps in whole ms), and in real Chromium under load older samples missed
   * the newest by 1–6 ms. Ending the intersection there left the estimate resting on the newest sample
   * alone — after a slow ping, hundreds of ms wide, its midpoint hundreds of ms off (the guest then
   * played that far ahead). A clock that really stepped misses by far more and still ends it.
   */
  disagreementToleranceMs: number;
}

export const DEFAULT_CLOCK_CONFIG: ClockConfig = {
  method: "intersection",
  windowSize: 32,
  burstSize: 16,
  readySamples: 8,
  readyErrorMs: 5,
  burstIntervalMs: 25,
  periodicIntervalMs: 10_000,
  refineErrorMs: 50,
  refineIntervalMs: 1000,
  rttJumpSamples: 8,
  rttJumpFactor: 1,
  rttJumpMinMs: 100,
  maxDelayMs: 10_000,
  maxDriftPpm: 250,
  skewMinSpanMs: 120_000,
  maxSkewPpm: 500,
  disagreementToleranceMs: 10,
};

/** Offset and delay of one exchange. */
export function measureSample(sample: ClockSample): MeasuredSample {
  const offset = (sample.t1 - sample.t0 + (sample.t2 - sample.t3)) / 2;
  const delay = sample.t3 - sample.t0 - (sample.t2 - sample.t1);
  return { ...sample, offset, delay };
}

export class ClockEstimator {
  readonly config: ClockConfig;
  private samples: MeasuredSample[] = [];
  private best: MeasuredSample | null = null;
  private estimate: { offset: number; errorBound: number; at: number; skew: number } | null = null;
  private lastPingAt = Number.NEGATIVE_INFINITY;
  /** Pings sent since the last answer: a server that does not answer must not get a burst forever. */
  private unanswered = 0;
  /** Answers to pings sent before this (client time) are from before a reset: ignored. */
  private epoch = Number.NEGATIVE_INFINITY;
  private slowStreak = 0;
  private resets = 0;

  constructor(config: Partial<ClockConfig> = {}) {
    this.config = { ...DEFAULT_CLOCK_CONFIG, ...config };
  }

  /** Server time minus client time, in ms, as of the newest sample (0 until the first sample). */
  get offset(): number {
    return this.estimate?.offset ?? 0;
  }

  /** Server time minus client time at client time `clientTime`: the offset moved on at the learned drift rate. */
  offsetAt(clientTime: number): number {
    const e = this.estimate;
    return e ? e.offset + e.skew * (clientTime - e.at) : 0;
  }

  /** The learned frequency error: how much faster the server's clock runs than ours (ppm; 0 until learned). */
  get skewPpm(): number {
    return (this.estimate?.skew ?? 0) * 1e6;
  }

  /** Smallest round-trip delay in the window (ms); NaN before the first sample. */
  get rtt(): number {
    return this.best?.delay ?? Number.NaN;
  }

  /** The offset is within ± this many ms of the truth, if the clocks did not move meanwhile. */
  get errorBound(): number {
    return this.estimate?.errorBound ?? Number.POSITIVE_INFINITY;
  }

  get sampleCount(): number {
    return this.samples.length;
  }

  /** How many times the window was dropped (explicitly or on a detected network change). */
  get resetCount(): number {
    return this.resets;
  }

  /**
   * Enough samples for a few-ms estimate (see `readySamples`), or fewer that already pin the offset
   * within `readyErrorMs` (a fast path).
   */
  get ready(): boolean {
    const count = this.samples.length;
    return count >= this.config.readySamples || (count >= 3 && this.errorBound <= this.config.readyErrorMs);
  }

  /** Convert a client clock reading to server time. */
  toServerTime(clientTime: number): number {
    return clientTime + this.offsetAt(clientTime);
  }

  /** Whether a ping should be sent now; call `markSent` when it is. */
  shouldResample(now: number): boolean {
    return now >= this.nextPingAt();
  }

  /** Client time at which the next ping is due. */
  nextPingAt(): number {
    const { burstSize, burstIntervalMs, periodicIntervalMs } = this.config;
    // A streak of slow answers is probed for a quick one, up to rttJumpSamples of them: a path that
    // stays slow is then sampled at the usual pace.
    const probing = (this.slowStreak > 0 && this.slowStreak < this.config.rttJumpSamples) || this.samples.length < burstSize;
    const bursting = probing && this.unanswered < burstSize;
    const refining =
      this.samples.length > 0 &&
      this.samples.length < this.config.windowSize &&
      this.errorBound > this.config.refineErrorMs &&
      this.unanswered < burstSize;
    return this.lastPingAt + (bursting ? burstIntervalMs : refining ? this.config.refineIntervalMs : periodicIntervalMs);
  }

  markSent(now: number): void {
    this.lastPingAt = now;
    this.unanswered += 1;
  }

  /** Record one exchange. Returns the measured sample, or null when it was rejected. */
  addSample(sample: ClockSample): MeasuredSample | null {
    const measured = measureSample(sample);
    const valid = Number.isFinite(measured.delay) && measured.delay >= 0 && measured.delay <= this.config.maxDelayMs;
    if (!valid || !Number.isFinite(measured.offset) || sample.t0 < this.epoch) return null;
    this.unanswered = 0;
    // Slow answers start a probe (quick pings, for a fast one) but never cost the samples we have: a
    // slow answer's interval is as true as a quick one's, only wider, and the clocks' offset does not
    // change with the path. Rebuilding from a streak of slow answers (a busy machine, a throttled tab:
    // often one-sided) put the estimate hundreds of ms off in real Chromium; a clock that really
    // stepped contradicts the old samples and wins in `estimateFrom`, and a known network change or
    // reconnect calls `reset`.
    this.slowStreak = this.best && this.isSlowerPath(measured) ? this.slowStreak + 1 : 0;
    this.push(measured);
    return measured;
  }

  /**
   * Forget every sample and burst again: call on a network change (online/offline, a visibility change
   * after sleep, a new connection) — the old best samples may describe a path that is gone. With `now`,
   * answers to pings sent before it are ignored too.
   */
  reset(now?: number): void {
    if (now !== undefined) this.epoch = now;
    this.samples = [];
    this.unanswered = 0;
    this.best = null;
    this.estimate = null;
    this.slowStreak = 0;
    this.lastPingAt = Number.NEGATIVE_INFINITY;
    this.resets += 1;
  }

  private isSlowerPath(sample: MeasuredSample): boolean {
    const bestDelay = this.best?.delay ?? 0;
    return sample.delay > bestDelay * (1 + this.config.rttJumpFactor) + this.config.rttJumpMinMs;
  }

  private push(sample: MeasuredSample): void {
    this.samples.push(sample);
    if (this.samples.length > this.config.windowSize) this.samples.splice(this.leastUseful(), 1);
    let best = this.samples[0] ?? null;
    for (const s of this.samples) if (best === null || s.delay < best.delay) best = s;
    this.best = best;
    this.estimate = best && this.estimateFrom(best);
  }

  /**
   * Which sample a full window drops: the one whose interval, widened by its age as `estimateFrom`
   * widens it, is the widest — it pins the estimate least — never the newest. Dropping the oldest
   * instead let a spell of slow answers (a throttled, busy page sends pings and then cannot get to
   * them; up-legs of 0.4–1.2 s, every ping one-sided) push every precise sample out within a second:
   * in real Chromium the estimate then rested on slow samples alone and moved 100–800 ms. Old
   * samples still go as they age: their widening grows until newer ones are narrower.
   */
  private leastUseful(): number {
    const samples = this.samples;
    const newest = samples[samples.length - 1]!.t3;
    let widest = 0;
    let widestWidth = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < samples.length - 1; i++) {
      const s = samples[i]!;
      const width = s.delay + (2 * (newest - s.t3) * this.config.maxDriftPpm) / 1e6;
      if (width > widestWidth) {
        widest = i;
        widestWidth = width;
      }
    }
    return widest;
  }

  private estimateFrom(best: MeasuredSample): { offset: number; errorBound: number; at: number; skew: number } {
    if (this.config.method === "min-delay") return { offset: best.offset, errorBound: best.delay / 2, at: best.t3, skew: 0 };
    let low = Number.NEGATIVE_INFINITY;
    let high = Number.POSITIVE_INFINITY;
    const newest = this.samples[this.samples.length - 1]!.t3;
    const fit = this.fitSkew();
    const skew = fit?.skew ?? 0;
    const driftPpm = fit ? Math.min(this.config.maxDriftPpm, 3 * fit.standardErrorPpm) : this.config.maxDriftPpm;
    for (let i = this.samples.length - 1; i >= 0; i--) {
      const s = this.samples[i]!;
      const age = newest - s.t3;
      const center = s.offset + skew * age;
      const halfWidth = s.delay / 2 + (age * driftPpm) / 1e6;
      const nextLow = Math.max(low, center - halfWidth);
      const nextHigh = Math.min(high, center + halfWidth);
      if (nextLow > nextHigh) {
        // Older samples disagree with newer ones: by far, the clocks moved; by a hair, the stamps are
        // inexact and the truth lies in the gap.
        if (nextLow - nextHigh > this.config.disagreementToleranceMs) break;
        low = nextHigh;
        high = nextLow;
        continue;
      }
      low = nextLow;
      high = nextHigh;
    }
    return { offset: (low + high) / 2, errorBound: (high - low) / 2, at: newest, skew };
  }

  /**
   * The clocks' relative frequency error from the window: a least-squares line through the samples'
   * offsets over their receive times, each weighted by how tightly its delay pins it (1 / (delay/2)²).
   * Null until the window spans `skewMinSpanMs`, or when the fit is not believable.
   */
  private fitSkew(): { skew: number; standardErrorPpm: number } | null {
    const samples = this.samples;
    if (samples.length < 8) return null;
    const first = samples[0]!.t3;
    const span = samples[samples.length - 1]!.t3 - first;
    if (span < this.config.skewMinSpanMs) return null;
    let sw = 0;
    let sx = 0;
    let sy = 0;
    for (const s of samples) {
      const w = 1 / Math.max(1, s.delay / 2) ** 2;
      sw += w;
      sx += w * (s.t3 - first);
      sy += w * s.offset;
    }
    const mx = sx / sw;
    const my = sy / sw;
    let sxx = 0;
    let sxy = 0;
    for (const s of samples) {
      const w = 1 / Math.max(1, s.delay / 2) ** 2;
      const dx = s.t3 - first - mx;
      sxx += w * dx * dx;
      sxy += w * dx * (s.offset - my);
    }
    if (sxx <= 0) return null;
    const skew = sxy / sxx;
    // Residuals in units of each sample's own uncertainty: its delay/2 is a bound, about 2 σ.
    let chi = 0;
    for (const s of samples) {
      const w = 1 / Math.max(1, s.delay / 2) ** 2;
      const r = s.offset - (my + skew * (s.t3 - first - mx));
      chi += w * r * r;
    }
    const variance = chi / (samples.length - 2) / sxx;
    const standardErrorPpm = Math.sqrt(variance) * 1e6;
    if (!Number.isFinite(standardErrorPpm) || Math.abs(skew) * 1e6 > this.config.maxSkewPpm) return null;
    return { skew, standardErrorPpm };
  }
}
