/**
 * Auto-duck on a simulated clock: the video's volume ramps down while someone speaks, comes back
 * after the quiet, never above the person's own volume, and a volume the person changes meanwhile
 * is theirs to keep.
 */
import { AUTO_DUCK, AutoDuck, type VolumeControl } from "@/lib/party-client/voice/auto-duck";
import { FakeClock } from "./helpers/fake-webrtc";

class FakePlayer implements VolumeControl {
  readonly history: number[] = [];
  constructor(public volume: number) {}
  getVolume() {
    return this.volume;
  }
  setVolume(volume: number) {
    // As YouTube does: whole percents.
    this.volume = Math.round(volume * 100) / 100;
    this.history.push(this.volume);
  }
}

function setup(volume = 0.8) {
  const clock = new FakeClock();
  const player = new FakePlayer(volume);
  const duck = new AutoDuck(clock);
  duck.setPlayer(player);
  return { clock, player, duck };
}

test("ramps down smoothly while someone speaks, back up after the quiet", () => {
  const { clock, player, duck } = setup(0.8);
  duck.setTalking(true);
  clock.advance(AUTO_DUCK.rampMs / 2);
  // Halfway down, not a jump.
  expect(player.volume).toBeGreaterThan(0.8 * AUTO_DUCK.ratio);
  expect(player.volume).toBeLessThan(0.8);
  clock.advance(AUTO_DUCK.rampMs);
  expect(player.volume).toBeCloseTo(0.8 * AUTO_DUCK.ratio, 2);
  expect(new Set(player.history).size).toBeGreaterThan(5);

  // Quiet, but not long enough: still ducked; speech again keeps it down.
  duck.setTalking(false);
  clock.advance(AUTO_DUCK.releaseMs - 100);
  duck.setTalking(true);
  clock.advance(200);
  expect(player.volume).toBeCloseTo(0.28, 2);

  duck.setTalking(false);
  clock.advance(AUTO_DUCK.releaseMs + AUTO_DUCK.rampMs + 50);
  expect(player.volume).toBe(0.8);
  expect(Math.max(...player.history)).toBeLessThanOrEqual(0.8);
});

test("the person turning the volume down mid-duck is respected: nothing is restored over it", () => {
  const { clock, player, duck } = setup(0.6);
  duck.setTalking(true);
  clock.advance(AUTO_DUCK.rampMs + 50);
  player.volume = 0.1;
  duck.setTalking(false);
  clock.advance(AUTO_DUCK.releaseMs + AUTO_DUCK.rampMs + 50);
  expect(player.volume).toBe(0.1);
  // The next speech ducks from the person's new volume.
  duck.setTalking(true);
  clock.advance(AUTO_DUCK.rampMs + 50);
  // Whole percents, as the player keeps them.
  expect(Math.abs(player.volume - 0.1 * AUTO_DUCK.ratio)).toBeLessThanOrEqual(0.01);
});

test("a change during the ramp stops it at once", () => {
  const { clock, player, duck } = setup(1);
  duck.setTalking(true);
  clock.advance(AUTO_DUCK.stepMs * 2);
  player.volume = 0.9;
  clock.advance(AUTO_DUCK.rampMs);
  expect(player.volume).toBe(0.9);
});

test("turned off mid-duck: the volume comes back; off, speech changes nothing", () => {
  const { clock, player, duck } = setup(0.5);
  duck.setTalking(true);
  clock.advance(AUTO_DUCK.rampMs + 50);
  duck.setEnabled(false);
  clock.advance(AUTO_DUCK.rampMs + 50);
  expect(player.volume).toBe(0.5);
  duck.setTalking(false);
  duck.setTalking(true);
  clock.advance(1000);
  expect(player.volume).toBe(0.5);
});

test("leaving voice mid-duck gives the volume back", () => {
  const { clock, player, duck } = setup(0.7);
  duck.setTalking(true);
  clock.advance(AUTO_DUCK.rampMs + 50);
  duck.dispose();
  expect(player.volume).toBe(0.7);
});
