/**
 * The replay's player follows the recording: a simulated player (seek latency, landing error, play
 * latency, clock error: tests/support/sync-sim) driven by ReplayDriver stays on `stateAt` of the replay clock
 * through recorded seeks and pauses, after a jump, and at 2× speed.
 */
import { createRng } from "@/tests/support/sync-sim/rng";
import { randomPlayerProfile, SimPlayer } from "@/tests/support/sync-sim/player";
import { Scheduler } from "@/tests/support/sync-sim/scheduler";
import { stateAt, type RecordingTimeline } from "@/lib/sync";
import { ReplayDriver, type ReplayAnchor } from "@/lib/watch-room/replay-driver";

const T0 = 1_700_000_000_000;
const media = { id: "m0", url: "https://www.youtube.com/watch?v=replaytest1", title: "Clip", duration: 300 };
const state = (at: number, position: number, paused: boolean, seq: number) => ({ mediaId: "m0", paused, position, rate: 1, at: T0 + at, seq });
const timeline: RecordingTimeline = {
  startedAt: T0,
  endedAt: T0 + 30_000,
  start: { media, playback: state(0, 0, false, 1), strokes: [], poll: null },
  entries: [
    { at: T0 + 8_000, event: { type: "playback", state: state(8_000, 100, false, 2) } },
    { at: T0 + 14_000, event: { type: "playback", state: state(14_000, 106, true, 3) } },
    { at: T0 + 18_000, event: { type: "playback", state: state(18_000, 106, false, 4) } },
    { at: T0 + 22_000, event: { type: "playback", state: state(22_000, 40, false, 5) } },
  ],
};

function run(seed: number) {
  const scheduler = new Scheduler();
  const player = new SimPlayer(scheduler, createRng(seed), randomPlayerProfile(createRng(seed + 1)));
  player.load("m0");
  const driver = new ReplayDriver(timeline);
  let anchor: ReplayAnchor = { wall: 0, offset: 0, speed: 1, playing: true };
  const errors: { offset: number; errorMs: number }[] = [];
  scheduler.every(50, 0, () => {
    const now = scheduler.now;
    const reading = { currentTime: player.currentTime(), paused: player.paused, playbackRate: player.playbackRate, seeking: player.seeking, buffering: player.buffering(), mediaId: player.loaded ? "m0" : null };
    const tick = driver.tick(now, anchor, reading);
    for (const action of tick.decision.actions) {
      if (action.type === "play") player.play();
      else if (action.type === "pause") player.pause();
      else if (action.type === "seek") player.seek(action.position);
      else player.setRate(action.rate);
    }
    errors.push({ offset: tick.offset, errorMs: (player.truePosition() - stateAt(timeline, tick.offset).position) * 1000 });
  });
  return {
    scheduler,
    player,
    errors,
    jump(to: Partial<ReplayAnchor>) {
      const now = scheduler.now;
      const offset = anchor.playing ? anchor.offset + (now - anchor.wall) * anchor.speed : anchor.offset;
      anchor = { ...anchor, offset, wall: now, ...to };
    },
    /** The largest error (ms) while the replay was between these offsets. */
    worst(from: number, to: number) {
      return Math.max(...errors.filter((e) => e.offset >= from && e.offset <= to).map((e) => Math.abs(e.errorMs)));
    },
  };
}

test.each([1, 2, 3])("through recorded seeks and pauses the player stays within 50 ms once it has caught up (seed %i)", (seed) => {
  const sim = run(seed);
  sim.scheduler.runUntil(29_000);
  // The first seconds include loading the video; each recorded change gets 1.5 s to land.
  expect(sim.worst(4_000, 7_950)).toBeLessThan(50);
  expect(sim.worst(9_500, 13_950)).toBeLessThan(50);
  expect(sim.worst(15_000, 17_950)).toBeLessThan(25); // paused on the recorded frame
  expect(sim.worst(19_500, 21_950)).toBeLessThan(50);
  expect(sim.worst(23_500, 28_500)).toBeLessThan(50);
});

test("a jump lands on the exact state, paused or playing, and 2× speed is followed", () => {
  const sim = run(7);
  sim.scheduler.runUntil(5_000);
  sim.jump({ offset: 15_000, playing: false }); // into the recorded pause
  sim.scheduler.runUntil(7_000);
  expect(Math.abs(sim.player.truePosition() - 106)).toBeLessThan(0.025);
  expect(sim.player.paused).toBe(true);
  sim.jump({ offset: 23_000, playing: true, speed: 2 });
  sim.scheduler.runUntil(9_000); // replay at 27 s
  const last = sim.errors.at(-1)!;
  expect(last.offset).toBeCloseTo(27_000, -2);
  expect(Math.abs(last.errorMs)).toBeLessThan(50);
  expect(sim.player.playbackRate).toBeGreaterThan(1.8);
});
