/**
 * The sync engine's acceptance figures, measured in a deterministic simulation (tests/support/sync-sim): a server
 * applying host commands, a host and guests running the real SyncClient over 20–80 ms jittered one-way
 * delays with ±30 ms clock skew, and simulated players with 50–300 ms seek latency, ±20 ms landing
 * error, 0.01 rate steps with lag, play latency and ppm clock error.
 *
 * `SYNC_SIM_REPORT=1 npx jest tests/unit/sync-simulation` prints the figures as a table.
 */
import { playingParty, hostSeek, lateJoin, steadyState, streamerMode, type Recorder } from "@/tests/support/sync-sim/scenarios";
import type { SimParticipant, SimParty } from "@/tests/support/sync-sim/party";
import { SimPlayer, randomPlayerProfile, type SimPlayerProfile } from "@/tests/support/sync-sim/player";
import { createRng } from "@/tests/support/sync-sim/rng";
import { Scheduler } from "@/tests/support/sync-sim/scheduler";

const SEEDS = [1, 2, 3, 4, 5, 6];
/** Behaviour checks are cheaper to read than to run: fewer seeds. */
const FEW = SEEDS.slice(0, 3);
const report: string[] = [];
const fmt = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return `median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)}  worst ${sorted[sorted.length - 1]!.toFixed(1)}`;
};
const figure = (name: string, values: number[], unit = "ms") => report.push(`${name.padEnd(58)} ${fmt(values)} ${unit}`);

afterAll(() => {
  // Opt-in figures for the issue notes; silent otherwise.
  if (process.env.SYNC_SIM_REPORT) console.log(`sync simulation, seeds ${SEEDS.join(",")}\n${report.join("\n")}`);
});

/** ms until `guest` is within `withinMs` of the host for 2 s, starting at the current time. */
function settleTime(party: SimParty, recorder: Recorder, guest: SimParticipant, withinMs: number): number {
  const index = party.guests.indexOf(guest);
  return recorder.timeToSync(party.now, [withinMs])[0]![index]!;
}

describe("acceptance (simulated, several seeds)", () => {
  it("steady state: p95 |guest − host| ≤ 40 ms and at most one rate change per 5 s", () => {
    const runs = SEEDS.map((seed) => steadyState(seed));
    figure("steady state p95 |guest − host| (5 guests, 60 s)", runs.map((r) => r.p95Ms));
    figure("steady state max |guest − host|", runs.map((r) => r.maxMs));
    figure("steady state setRate calls per guest per 5 s (average)", runs.map((r) => r.setRatePer5s), "");
    figure("steady state most setRate calls in one 5 s slice", runs.map((r) => r.maxSetRateIn5s), "");
    for (const r of runs) {
      expect(r.p95Ms).toBeLessThanOrEqual(40);
      expect(r.setRatePer5s).toBeLessThanOrEqual(1);
      expect(r.maxSetRateIn5s).toBeLessThanOrEqual(2); // one correction = set + restore
      expect(r.seeks).toBe(0);
    }
  });

  it("after a host seek every guest is within 100 ms in ≤ 500 ms", () => {
    const runs = SEEDS.map((seed) => hostSeek(seed));
    figure("host seek → all guests ≤ 100 ms, from the server applying it", runs.map((r) => r.fromServerMs));
    figure("host seek → all guests ≤ 100 ms, from the host's landing", runs.map((r) => r.fromHostLandedMs));
    figure("host seek → all guests ≤ 40 ms, from the host's landing", runs.map((r) => r.to40MsFromHostLandedMs));
    for (const r of runs) {
      expect(r.fromServerMs).toBeLessThanOrEqual(500);
      // Also from the moment the host's own screen shows the new position (stricter: includes its upload).
      expect(r.fromHostLandedMs).toBeLessThanOrEqual(500);
      expect(r.to40MsFromHostLandedMs).toBeLessThanOrEqual(1000);
    }
  });

  it("a late joiner is in sync ≤ 1 s after its first snapshot", () => {
    const runs = SEEDS.map((seed) => lateJoin(seed));
    figure("late join → ≤ 40 ms, from the first snapshot", runs.map((r) => r.to40MsMs));
    for (const r of runs) expect(r.to40MsMs).toBeLessThanOrEqual(1000);
  });

  it("streamer mode keeps guests at host − latency ± 100 ms", () => {
    const runs = SEEDS.map((seed) => streamerMode(seed, 3000));
    figure("streamer mode (3 s) p95 |guest − (host − 3 s)|", runs.map((r) => r.p95Ms));
    figure("streamer mode (3 s) max |guest − (host − 3 s)|", runs.map((r) => r.maxMs));
    for (const r of runs) expect(r.maxMs).toBeLessThanOrEqual(100);
  });
});

describe("behaviour (simulated)", () => {
  it("pulls a guest's own pause back", () => {
    const times = FEW.map((seed) => {
      const { party, recorder } = playingParty({ seed });
      const guest = party.guests[0]!;
      guest.player.pause();
      return settleTime(party, recorder, guest, 40);
    });
    figure("guest pauses → back within 40 ms", times);
    for (const t of times) expect(t).toBeLessThanOrEqual(2000);
  });

  it("pulls a guest's own seek back", () => {
    const times = FEW.map((seed) => {
      const { party, recorder } = playingParty({ seed });
      const guest = party.guests[0]!;
      guest.player.seek(guest.player.truePosition() - 30);
      return settleTime(party, recorder, guest, 40);
    });
    figure("guest seeks 30 s back → back within 40 ms", times);
    for (const t of times) expect(t).toBeLessThanOrEqual(1500);
  });

  it("undoes a guest's own rate change", () => {
    for (const seed of FEW) {
      const { party, recorder } = playingParty({ seed });
      const guest = party.guests[0]!;
      guest.player.setRate(1.5);
      expect(settleTime(party, recorder, guest, 40)).toBeLessThanOrEqual(2500);
      expect(guest.player.playbackRate).toBe(1);
    }
  });

  it("does not fight a buffering stall and re-syncs after it", () => {
    const times = FEW.map((seed) => {
      const { party, recorder } = playingParty({ seed });
      const guest = party.guests[0]!;
      const stallAt = party.now;
      guest.player.stall(2000);
      recorder.run(stallAt + 2000);
      expect(guest.actions.filter((a) => a.t >= stallAt && a.t < stallAt + 2000)).toEqual([]);
      return settleTime(party, recorder, guest, 40);
    });
    figure("guest stalls 2 s → within 40 ms after the stall ends", times);
    for (const t of times) expect(t).toBeLessThanOrEqual(1000);
  });

  it("follows the host through its own stall", () => {
    for (const seed of FEW) {
      const { party, recorder } = playingParty({ seed });
      party.host.player.stall(1500);
      recorder.run(party.now + 1500);
      const times = recorder.timeToSync(party.now, [100])[0]!;
      expect(Math.max(...times)).toBeLessThanOrEqual(800);
    }
  });

  it("pauses every guest on the host's frame, and resumes with it", () => {
    const paused: number[] = [];
    const resumed: number[] = [];
    for (const seed of FEW) {
      const { party, recorder } = playingParty({ seed });
      party.host.player.pause();
      const errors: number[] = [];
      recorder.run(party.now + 1000);
      recorder.run(party.now + 2000, (e) => errors.push(...e));
      paused.push(Math.max(...errors));
      for (const g of party.guests) expect(g.player.paused).toBe(true);
      party.host.player.play();
      resumed.push(Math.max(...recorder.timeToSync(party.now, [40])[0]!));
    }
    figure("host pauses → max |guest − host| 1 s later", paused);
    figure("host resumes → all guests within 40 ms", resumed);
    for (const e of paused) expect(e).toBeLessThanOrEqual(40);
    for (const t of resumed) expect(t).toBeLessThanOrEqual(2500);
  });

  it("follows a host rate change", () => {
    for (const seed of FEW) {
      const { party, recorder } = playingParty({ seed });
      party.host.player.setRate(1.5);
      const times = recorder.timeToSync(party.now, [40])[0]!;
      expect(Math.max(...times)).toBeLessThanOrEqual(3000);
      for (const g of party.guests) expect(g.player.playbackRate).toBe(1.5);
    }
  });

  it("waits for new media to load, then follows the host on it", () => {
    const times = FEW.map((seed) => {
      const { party, recorder } = playingParty({ seed });
      const url = "https://www.youtube.com/watch?v=sim-second";
      party.host.changeMedia(url, "Second");
      recorder.run(party.now + 300);
      // Loading: no guest is told to do anything with the old media.
      const loadingFrom = party.now;
      recorder.run(party.now + 500);
      for (const g of party.guests) {
        expect(g.player.src).toBe(url);
        expect(g.actions.filter((a) => a.t >= loadingFrom)).toEqual([]);
      }
      recorder.run(party.now + 2500); // every player has loaded (≤ 2 s)
      party.host.player.play();
      const settle = Math.max(...recorder.timeToSync(party.now, [40])[0]!);
      expect(party.server.room.playback.mediaId).not.toBe("m0");
      for (const g of party.guests) expect(g.reading().mediaId).toBe(party.server.room.playback.mediaId);
      return settle;
    });
    figure("media change, host plays → all guests within 40 ms", times);
    for (const t of times) expect(t).toBeLessThanOrEqual(2500);
  });

  it("stays in sync through a guest's network change and clock reset", () => {
    for (const seed of FEW) {
      const { party, recorder } = playingParty({ seed });
      const guest = party.guests[1]!;
      guest.setNetwork({ minDelayMs: 80, maxDelayMs: 200 });
      guest.client.resetClock(guest.localTime());
      const errors: number[] = [];
      recorder.run(party.now + 20_000, (e) => errors.push(e[1]!));
      expect(Math.max(...errors)).toBeLessThanOrEqual(40);
      expect(Math.abs(guest.client.clock.offset - guest.trueOffset())).toBeLessThanOrEqual(15);
    }
  });
});

describe("the simulated player's buffer", () => {
  function player(over: Partial<SimPlayerProfile> = {}) {
    const scheduler = new Scheduler();
    const rng = createRng(1);
    const events: { t: number; event: string }[] = [];
    const p = new SimPlayer(scheduler, rng, randomPlayerProfile(rng, { readNoiseMs: 0, clockPpm: 0, playLatencyMs: 0, playJitterMs: 0, seekLandErrorMs: 0, ...over }));
    p.onEvent((event) => events.push({ t: scheduler.now, event }));
    p.load("https://example.com/v");
    scheduler.runUntil(p.profile.loadMs);
    return { p, scheduler, events };
  }

  it("fills up to its cap ahead of the playhead and keeps it there", () => {
    const { p, scheduler } = player();
    p.play();
    scheduler.runUntil(scheduler.now + 20_000);
    expect(p.bufferedEnd() - p.truePosition()).toBeCloseTo(30, 6);
    expect(p.buffering()).toBe(false);
  });

  it("plays its buffer out when the data stops, stalls at its end, and plays on once it has enough again", () => {
    const { p, scheduler, events } = player();
    p.play();
    scheduler.runUntil(scheduler.now + 20_000);
    const start = scheduler.now;
    const end = p.bufferedEnd();
    p.cutDownload(40_000);
    scheduler.runUntil(start + 30_500);
    // Ran dry 30 s in, exactly at the end of what it had.
    expect(events.filter((e) => e.event === "waiting").map((e) => e.t)).toEqual([start + 30_000]);
    expect(p.buffering()).toBe(true);
    expect(p.truePosition()).toBeCloseTo(end, 9);
    expect(p.currentTime()).toBeCloseTo(end, 9);
    // The data comes back at 40 s: 2 s of it at 4× takes 0.5 s.
    scheduler.runUntil(start + 41_000);
    expect(events.filter((e) => e.event === "playing" && e.t > start).map((e) => e.t)).toEqual([start + 40_500]);
    expect(p.truePosition()).toBeCloseTo(end + 0.5, 6);
  });

  it("starts a new range where a seek lands out of the buffered one", () => {
    const { p, scheduler } = player({ seekLatencyMs: 1000, seekJitter: 0 });
    p.play();
    scheduler.runUntil(scheduler.now + 5000);
    p.seek(300);
    scheduler.runUntil(scheduler.now + 1000);
    // What arrived during the 1 s seek: 4 s of media.
    expect(p.bufferedEnd()).toBeCloseTo(304, 6);
    // A seek inside the range keeps it.
    p.seek(302);
    scheduler.runUntil(scheduler.now + 1000);
    expect(p.bufferedEnd()).toBeGreaterThan(304);
  });
});
