import { ClockEstimator, DEFAULT_CLOCK_CONFIG, measureSample, type ClockConfig } from "@/lib/sync";
import { createRng, type Rng } from "@/tests/support/sync-sim/rng";

/** One NTP-style exchange over a path with the given one-way delays; the server is `offset` ahead. */
function exchange(t0: number, offset: number, up: number, down: number) {
  const t1 = t0 + offset + up;
  const t2 = t1 + 0.5;
  return { t0, t1, t2, t3: t2 - offset + down };
}

/** Feed `count` exchanges spaced `everyMs` apart with uniform one-way delays in [min, max]. */
function feed(clock: ClockEstimator, rng: Rng, opts: { from: number; count: number; everyMs: number; offset: number | ((t: number) => number); min?: number; max?: number }) {
  const { min = 20, max = 80 } = opts;
  let t = opts.from;
  for (let i = 0; i < opts.count; i++, t += opts.everyMs) {
    const offset = typeof opts.offset === "function" ? opts.offset(t) : opts.offset;
    clock.addSample(exchange(t, offset, rng.uniform(min, max), rng.uniform(min, max)));
  }
  return t;
}

function errors(config: Partial<ClockConfig>, samples: number, seeds = 100): number[] {
  const out: number[] = [];
  for (let seed = 1; seed <= seeds; seed++) {
    const rng = createRng(seed);
    const offset = rng.spread(30);
    const clock = new ClockEstimator({ ...config, windowSize: 64 });
    feed(clock, rng, { from: 1000, count: samples, everyMs: 25, offset });
    out.push(Math.abs(clock.offset - offset));
  }
  return out.sort((a, b) => a - b);
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

describe("measureSample", () => {
  it("computes offset and round-trip delay from t0..t3", () => {
    // Server 100 ms ahead, 30 ms up, 50 ms down, 2 ms of server processing.
    const s = measureSample({ t0: 1000, t1: 1130, t2: 1132, t3: 1082 });
    expect(s.delay).toBe(80);
    expect(s.offset).toBe(90); // off by (up − down) / 2 = −10: asymmetry is the method's blind spot
  });
});

describe("ClockEstimator", () => {
  it("converges to the true skew within a few ms with min-delay selection", () => {
    const errs = errors({ method: "min-delay" }, 32);
    expect(mean(errs)).toBeLessThan(4);
    expect(errs[Math.floor(errs.length * 0.9)]).toBeLessThan(8);
  });

  it("does better with the interval intersection (the default) on the same samples", () => {
    const minDelay = errors({ method: "min-delay" }, 16);
    const intersection = errors({}, 16);
    expect(DEFAULT_CLOCK_CONFIG.method).toBe("intersection");
    expect(mean(intersection)).toBeLessThan(2.5);
    expect(mean(intersection)).toBeLessThan(mean(minDelay) / 2);
    expect(intersection[Math.floor(intersection.length * 0.95)]).toBeLessThan(6);
  });

  it("keeps tracking clocks that drift 50 ppm apart, re-sampled every 10 s", () => {
    const errs: number[] = [];
    for (let seed = 1; seed <= 20; seed++) {
      const rng = createRng(seed);
      const clock = new ClockEstimator();
      const offset = (t: number) => 25 + t * 50e-6;
      let t = feed(clock, rng, { from: 0, count: 16, everyMs: 25, offset });
      for (let i = 0; i < 60; i++) {
        t = feed(clock, rng, { from: t, count: 1, everyMs: clock.config.periodicIntervalMs, offset });
        if (i >= 6) errs.push(Math.abs(clock.offset - offset(t - clock.config.periodicIntervalMs)));
      }
    }
    expect(mean(errs)).toBeLessThan(4);
    expect(errs.sort((a, b) => a - b)[Math.floor(errs.length * 0.95)]).toBeLessThan(10);
  });

  it("learns a 200 ppm frequency error and follows it between pings, more precisely than without", () => {
    const run = (skewMinSpanMs: number) => {
      const errs: number[] = [];
      const skews: number[] = [];
      for (let seed = 1; seed <= 20; seed++) {
        const rng = createRng(seed);
        const clock = new ClockEstimator({ skewMinSpanMs });
        const ppm = seed % 2 ? 200 : -200;
        const offset = (t: number) => 25 + t * ppm * 1e-6;
        let t = feed(clock, rng, { from: 0, count: 16, everyMs: 25, offset });
        for (let i = 0; i < 60; i++) {
          t = feed(clock, rng, { from: t, count: 1, everyMs: clock.config.periodicIntervalMs, offset });
          // Halfway to the next ping: the offset has moved on by 1 ms since the last sample.
          const at = t - clock.config.periodicIntervalMs / 2;
          if (i >= 20) errs.push(Math.abs(clock.offsetAt(at) - offset(at)));
        }
        skews.push(clock.skewPpm - ppm);
      }
      return { mean: mean(errs), skews };
    };
    const learned = run(DEFAULT_CLOCK_CONFIG.skewMinSpanMs);
    const fixed = run(Number.POSITIVE_INFINITY);
    // 32 samples 10 s apart pin the rate to a few tens of ppm (the fit's standard error is ~20 ppm).
    for (const error of learned.skews) expect(Math.abs(error)).toBeLessThan(60);
    // Without learning it stays 0: the whole 200 ppm is missed.
    for (const error of fixed.skews) expect(Math.abs(error)).toBe(200);
    expect(learned.mean).toBeLessThan(fixed.mean);
    expect(learned.mean).toBeLessThan(3);
  });

  it("re-samples every second while a burst taken under load left the estimate coarse, until the window is full", () => {
    const clock = new ClockEstimator();
    const { burstSize, windowSize, refineIntervalMs, periodicIntervalMs } = clock.config;
    const rng = createRng(4);
    let t = 0;
    const ping = (min: number, max: number) => {
      clock.markSent(t);
      clock.addSample(exchange(t, 10, rng.uniform(min, max), rng.uniform(min, max)));
    };
    // The burst's answers were all slow and lopsided (a busy machine): a bound of tens of ms.
    for (let i = 0; i < burstSize; i++, t += 25) ping(100, 400);
    expect(clock.errorBound).toBeGreaterThan(clock.config.refineErrorMs);
    expect(clock.nextPingAt() - (t - 25)).toBe(refineIntervalMs);
    // Quick answers arrive once a second and mend it; with a full window it is back to the period.
    t += refineIntervalMs - 25;
    while (clock.sampleCount < windowSize) {
      ping(20, 40);
      t += refineIntervalMs;
    }
    expect(Math.abs(clock.offset - 10)).toBeLessThan(10);
    expect(clock.nextPingAt() - (t - refineIntervalMs)).toBe(periodicIntervalMs);
  });

  it("is ready after a short burst, then re-samples periodically", () => {
    const clock = new ClockEstimator();
    const { burstSize, burstIntervalMs, periodicIntervalMs, readySamples } = clock.config;
    expect(clock.ready).toBe(false);
    const rng = createRng(3);
    let lastSent = Number.NaN;
    for (let t = 0; clock.sampleCount < burstSize; t += 5) {
      if (!clock.shouldResample(t)) continue;
      clock.markSent(t);
      lastSent = t;
      clock.addSample(exchange(t, 10, rng.uniform(20, 80), rng.uniform(20, 80)));
      expect(clock.ready).toBe(clock.sampleCount >= readySamples);
    }
    // The burst: pings every burstIntervalMs, all of it well under half a second.
    expect(lastSent).toBe((burstSize - 1) * burstIntervalMs);
    expect(lastSent).toBeLessThan(500);
    // Then every periodicIntervalMs.
    expect(clock.nextPingAt()).toBe(lastSent + periodicIntervalMs);
    expect(clock.shouldResample(lastSent + periodicIntervalMs - 1)).toBe(false);
    expect(clock.shouldResample(lastSent + periodicIntervalMs)).toBe(true);
  });

  it("stops bursting at a server that does not answer", () => {
    const clock = new ClockEstimator();
    let sent = 0;
    for (let t = 0; t < 5000; t += 5) {
      if (!clock.shouldResample(t)) continue;
      clock.markSent(t);
      sent += 1;
    }
    expect(sent).toBe(clock.config.burstSize);
  });

  it("ignores answers to pings sent before reset(now)", () => {
    const clock = new ClockEstimator();
    clock.reset(1000);
    expect(clock.addSample(exchange(900, 50, 30, 30))).toBeNull();
    expect(clock.addSample(exchange(1000, 50, 30, 30))).not.toBeNull();
    expect(clock.offset).toBe(50);
  });

  it("drops impossible samples", () => {
    const clock = new ClockEstimator();
    expect(clock.addSample({ t0: 100, t1: 50, t2: 60, t3: 90 })).toBeNull(); // negative delay
    expect(clock.addSample({ t0: 0, t1: Number.NaN, t2: 1, t3: 2 })).toBeNull();
    expect(clock.sampleCount).toBe(0);
  });

  it("recovers after reset() when the network and the offset changed", () => {
    const rng = createRng(11);
    const clock = new ClockEstimator();
    let t = feed(clock, rng, { from: 0, count: 16, everyMs: 25, offset: -12 });
    expect(Math.abs(clock.offset + 12)).toBeLessThan(5);

    // Wake from sleep on another network: the clock stepped by 40 ms and the path got slower.
    clock.reset();
    expect(clock.ready).toBe(false);
    expect(clock.shouldResample(t)).toBe(true);
    t = feed(clock, rng, { from: t, count: 16, everyMs: 25, offset: 28, min: 60, max: 140 });
    expect(clock.ready).toBe(true);
    expect(Math.abs(clock.offset - 28)).toBeLessThan(8);
    expect(clock.rtt).toBeGreaterThan(120);
  });

  it("keeps its precise samples through a streak of slow, one-sided answers, and probes only for a while", () => {
    const rng = createRng(5);
    const clock = new ClockEstimator();
    let t = feed(clock, rng, { from: 0, count: 16, everyMs: 25, offset: 5, min: 10, max: 20 });
    const resets = clock.resetCount;
    // A busy machine: the pings leave late (300–600 ms up), the answers come back quickly.
    for (let i = 0; i < 20; i++, t += 25) {
      clock.markSent(t);
      clock.addSample(exchange(t, 5, rng.uniform(300, 600), rng.uniform(10, 20)));
      // Probing at burst pace for the first few slow answers, then the usual pace.
      expect(clock.nextPingAt() - t).toBe(i + 1 < clock.config.rttJumpSamples ? clock.config.burstIntervalMs : clock.config.periodicIntervalMs);
    }
    expect(clock.resetCount).toBe(resets);
    expect(Math.abs(clock.offset - 5)).toBeLessThan(5);
    expect(clock.errorBound).toBeLessThan(15);
  });

  it("lets newer samples win when the local clock jumps (intervals stop intersecting)", () => {
    const rng = createRng(9);
    const clock = new ClockEstimator();
    const t = feed(clock, rng, { from: 0, count: 16, everyMs: 25, offset: 0 });
    feed(clock, rng, { from: t, count: 16, everyMs: 25, offset: 500 });
    expect(Math.abs(clock.offset - 500)).toBeLessThan(10);
  });

  it("keeps a precise estimate when a slow newest sample misses the older ones by a hair (inexact stamps)", () => {
    // Seen in real Chromium under load: quick samples put the offset at about −3 ms (their stamps a
    // little off); then a ping whose way up took 1.5 s says "between −1 and +1 466". The two miss each
    // other by ~0.6 ms (the older intervals widen by their age × the allowed drift). Ending the intersection there left only the slow sample: the estimate moved
    // 730 ms and the guest played that far ahead.
    const clock = new ClockEstimator();
    for (let i = 0; i < 12; i++) {
      const t0 = 1000 + i * 25;
      // The interval is [t2 − t3, t1 − t0] = [−5, −2.5].
      clock.addSample({ t0, t1: t0 - 2.5, t2: t0 - 2.5, t3: t0 + 2.5 });
    }
    expect(Math.abs(clock.offset + 3.75)).toBeLessThan(0.01);
    clock.addSample({ t0: 5000, t1: 6466, t2: 6466, t3: 6467 }); // [−1, 1 466]
    // Within the older samples' few ms (their intervals widen by their age × the allowed drift), not 730 off.
    expect(Math.abs(clock.offset + 2.5)).toBeLessThan(2);
    expect(clock.errorBound).toBeLessThan(3);
  });

  it("still lets newer samples win when they miss the older ones by more than the stamps' tolerance", () => {
    const clock = new ClockEstimator();
    for (let i = 0; i < 12; i++) {
      const t0 = 1000 + i * 25;
      clock.addSample({ t0, t1: t0 - 2.5, t2: t0 - 2.5, t3: t0 + 2.5 }); // [−5, −2.5]
    }
    const miss = DEFAULT_CLOCK_CONFIG.disagreementToleranceMs + 5;
    // [−2.5 + miss, −2.5 + miss + 4]: the clock stepped.
    const low = -2.5 + miss;
    const high = low + 4;
    clock.addSample({ t0: 5000, t1: 5000 + high, t2: 5000 + high, t3: 5000 + high - low });
    expect(clock.offset).toBeGreaterThan(-2.5 + miss - 0.01);
  });

  it("keeps its precise samples when a spell of slow one-sided answers would fill the window", () => {
    // A throttled, busy page stamps its pings and then cannot send them for 0.4–1.2 s: every answer
    // of the spell says "between about 0 and +800". Dropping the oldest sample let 32 of them push
    // out every precise one within a second, and the estimate moved ~400 ms.
    const clock = new ClockEstimator();
    const rng = createRng(3);
    let t = feed(clock, rng, { from: 0, count: 16, everyMs: 25, offset: 0, min: 1, max: 3 });
    for (let i = 0; i < 40; i++, t += 25) clock.addSample(exchange(t, 0, rng.uniform(400, 1200), rng.uniform(1, 3)));
    expect(Math.abs(clock.offset)).toBeLessThan(3);
    expect(clock.errorBound).toBeLessThan(5);
  });
});

