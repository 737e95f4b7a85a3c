/**
 * The sync engine under conditions real viewers have (tests/support/sync-sim/conditions.ts): busy pages, slow
 * and failing networks, biased clocks and players. Each target is the median over six seeds of a
 * 5-guest party, in simulated time. `node bench/sync-conditions.mjs` prints every figure.
 */
import { CONDITIONS, hostBuffers, medianFigures, type ConditionFigures } from "@/tests/support/sync-sim/conditions";
import { percentile, playingParty } from "@/tests/support/sync-sim/scenarios";

const SEEDS = [1, 2, 3, 4, 5, 6];

function measured(name: string): { figures: ConditionFigures; target: Partial<Record<keyof ConditionFigures, number>> } {
  const condition = CONDITIONS.find((c) => c.name === name);
  if (!condition) throw new Error(`no condition ${name}`);
  return { figures: medianFigures(SEEDS.map((seed) => condition.run(seed))), target: condition.target };
}

function expectTargets(name: string): void {
  const { figures, target } = measured(name);
  for (const [key, limit] of Object.entries(target) as [keyof ConditionFigures, number][]) {
    // Named, so a failure says which figure missed.
    expect({ [key]: figures[key]! <= limit ? "met" : figures[key] }).toEqual({ [key]: "met" });
  }
}

describe("sync under real-world conditions (simulated, median of 6 seeds, 5 guests)", () => {
  it("stays within 40 ms, clock within 20 ms, while every page is blocked 0.5–3 s at a time", () => {
    expectTargets("main thread blocked 0.5–3 s, everyone, 60 s");
  });

  it("re-syncs every guest within 2 s of a host seek while pages are busy", () => {
    const condition = CONDITIONS.find((c) => c.name === "same, host seek during the load")!;
    const runs = SEEDS.map((seed) => condition.run(seed).resyncMs!);
    // Nothing is lost to a long task (the old engine's timers fired late, guests landed behind and
    // some never settled)…
    for (const ms of runs) expect(ms).toBeLessThan(Number.POSITIVE_INFINITY);
    // …and the median is the target.
    expectTargets("same, host seek during the load");
  });

  it("keeps every guest within 40 ms (p95) around a 60 s host jump in the middle of a minute of busy pages", () => {
    expectTargets("same, 60 s, host seeks 60 s ahead halfway");
    // The four seeds of 1–300 that missed (p95 44–60 ms): a rate correction whose end a long task slept
    // through overshot by up to 3 × its drift, and the next one again. Each is now within the target.
    const condition = CONDITIONS.find((c) => c.name === "same, 60 s, host seeks 60 s ahead halfway")!;
    for (const seed of [50, 118, 184, 248]) {
      const { p95Ms } = condition.run(seed);
      expect({ seed, p95Ms: p95Ms! <= 40 ? "met" : p95Ms }).toEqual({ seed, p95Ms: "met" });
    }
  });

  it("seeks alongside a slow (DRM-like) host seek: every guest within 100 ms ≤ 2.5 s after it lands", () => {
    expectTargets("seeks take 1.5–3 s, land ±0.5 s off: host seek");
  });

  it("brings a late joiner on a slow player in sync within 3 s when the site's player is remembered", () => {
    // The target (3 s) is the edge of what a seek of 1.5–3 s landing ±0.5 s off allows: the lead that
    // lands ahead must cover most of that spread, and a join that lands behind takes ~5 s. Over 300
    // seeds the median is ~3.0 s, so this median of six moves by a few hundred ms with any change.
    expectTargets("seeks take 1.5–3 s, land ±0.5 s off: late join");
    // A first visit learns on its first seek (which lands behind) and is in sync on the second.
    expect(measured("  the same, first visit (nothing remembered)").figures.resyncMs).toBeLessThan(Number.POSITIVE_INFINITY);
  });

  it("re-syncs within 3 s of the host's network returning after it seeked during a 10 s outage", () => {
    expectTargets("host's network down 10 s while it seeks");
  });

  it("stays within 40 ms when the host's command requests take 3 s", () => {
    expectTargets("host command POSTs take 3 s");
  });

  it("keeps the clock within 20 ms and never seeks when 30 % of pongs are 1–5 s late", () => {
    expectTargets("pongs delayed 1–5 s on 30 % of pings");
  });

  it("stays within 20 ms over 10 minutes with guest clocks ±200 ppm off", () => {
    expectTargets("guest clocks ±200 ppm, 10 min");
  });

  it("learns a player that plays 1 % off: within 20 ms with at most one rate change per 10 s", () => {
    expectTargets("player plays 1 % off the requested rate");
  });

  it("stops guests where the host's player runs out of data, before the news of its stall can reach them", () => {
    expectTargets("host buffers 4 s");
    // The host published its buffered horizon once its buffer ran down: every guest pauses on reaching
    // it, as the host stalls there (give or take their drift), not once the stall's news arrives (its
    // upload and download take ≥ 40 ms here).
    const { figures } = measured("host buffers 4 s");
    expect(figures.noticeMs).toBeLessThan(40);
  });

  it("stops guests on the host's horizon when the host's commands take 3 s (the stall's news arrives 3 s late)", () => {
    const runs = SEEDS.map((seed) => hostBuffers(seed, { hostCommands: { minDelayMs: 3000, maxDelayMs: 3100 } }));
    // Without the horizon every guest ran ~3.1 s ahead; now they stop as the host stalls. What is left
    // is the resync once the (late) news of the host playing on arrives: a seek-and-hold that lands
    // ahead by its margin.
    expect(medianFigures(runs).maxAheadMs).toBeLessThanOrEqual(100);
    for (const run of runs) expect(run.noticeMs).toBeLessThan(40);
  });

  it("stops nobody when the host's buffer runs down and recovers before it runs out", () => {
    for (const seed of SEEDS) {
      const { party, recorder } = playingParty({ seed });
      // 10 s without data out of a 30 s buffer: the horizon is published, then withdrawn.
      party.host.player.cutDownload(10_000);
      const from = party.now;
      const errors: number[] = [];
      recorder.run(from + 40_000, (e) => errors.push(...e));
      for (const guest of party.guests) {
        expect(guest.countActions("pause", from, party.now) + guest.countActions("seek", from, party.now)).toBe(0);
      }
      expect(percentile(errors, 95)).toBeLessThanOrEqual(20);
      expect(party.server.room.playback).not.toHaveProperty("horizon");
    }
  });

  it("pauses guests when the host's player stalls with data ahead, ahead of it by no more than the round trip", () => {
    // Nothing announced this stall: it can only reach guests through the host's upload and their
    // download (≤ 80 ms each way here).
    const { figures } = measured("  a 4 s stall with data ahead (a decoder hangs)");
    expect(figures.maxAheadMs).toBeLessThanOrEqual(160);
    // The host reports the stall on its player's 'waiting' (no tick in between) and a guest pauses as
    // the news arrives: the run-ahead is the news' latency, nothing added.
    expect(figures.maxAheadMs).toBeLessThanOrEqual(figures.noticeMs! + 5);
  });

  it("stays within 15 ms without oscillating through 20 % packet loss", () => {
    expectTargets("20 % packet loss (TCP retransmits)");
  });
});
