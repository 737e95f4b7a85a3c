/**
 * Auto-duck: while someone in voice speaks, the video's volume ramps down to a fraction of the
 * person's own volume, and back up once they have been quiet for a moment, so talking over a film is
 * bearable without anyone touching the volume.
 *
 * The person's volume is theirs: the duck starts from what the player reads when speech begins and
 * only ever restores that, never more. A volume that differs from the one the duck last set was
 * changed by the person (the player's own slider, the keyboard); the duck then leaves the player
 * alone until the next time someone starts speaking, and does not restore over their choice.
 *
 * Pure: the clock and timers are injected, so the ramps are unit-tested on a simulated clock.
 */

/** The part of a player auto-duck drives (volume 0..1); see SyncPlayer's getVolume/setVolume. */
export interface VolumeControl {
  /** The player's volume now (0..1), or null when it cannot tell yet. */
  getVolume(): number | null;
  setVolume(volume: number): void;
}

/** A player's volume as auto-duck drives it, or null for a player without one (not ducked). */
export function volumeControlOf(player: { getVolume?(): number | null; setVolume?(volume: number): void } | null): VolumeControl | null {
  if (!player?.getVolume || !player.setVolume) return null;
  return { getVolume: () => player.getVolume?.() ?? null, setVolume: (volume) => player.setVolume?.(volume) };
}

export interface AutoDuckTimers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const AUTO_DUCK = {
  /** The ducked volume, as a fraction of the person's own. */
  ratio: 0.35,
  /** How long the volume takes to go down or up (ms): fast enough not to talk over, slow enough not to jump. */
  rampMs: 250,
  /** Quiet after the last speech before the volume comes back (ms): the pauses between sentences. */
  releaseMs: 700,
  /** One step of a ramp (ms): ~40 steps a second sound smooth. */
  stepMs: 25,
} as const;

/** Below this difference a read volume is the one we set (players round: YouTube keeps whole percents). */
const SAME_VOLUME = 0.015;

export class AutoDuck {
  private player: VolumeControl | null = null;
  private enabled = true;
  private talking = false;
  /** The person's volume before this duck (what a restore goes back to); null while not ducked. */
  private base: number | null = null;
  /** The volume this controller set last; a different reading is the person's doing. */
  private lastSet: number | null = null;
  /** The person changed the volume during this duck: hands off until speech starts again. */
  private handsOff = false;
  private ramp: { from: number; to: number; startedAt: number; handle: unknown } | null = null;
  private release: unknown = null;

  constructor(
    private readonly timers: AutoDuckTimers,
    private readonly options: { ratio: number; rampMs: number; releaseMs: number; stepMs: number } = AUTO_DUCK,
  ) {}

  /** Ducked now (lowered, or on the way down). */
  get ducked(): boolean {
    return this.base !== null;
  }

  setPlayer(player: VolumeControl | null): void {
    if (player === this.player) return;
    this.stopRamp();
    // The old player keeps what it has (it is going away); the new one starts from its own volume.
    this.player = player;
    this.base = null;
    this.lastSet = null;
    this.handsOff = false;
    if (this.talking) this.duck();
  }

  setEnabled(enabled: boolean): void {
    if (enabled === this.enabled) return;
    this.enabled = enabled;
    if (!enabled) this.restore();
    else if (this.talking) this.duck();
  }

  /** Whether anyone else in voice speaks now (call on every level reading; cheap when nothing changes). */
  setTalking(talking: boolean): void {
    if (talking) {
      if (this.release !== null) {
        this.timers.clearTimeout(this.release);
        this.release = null;
      }
      if (this.talking) return;
      this.talking = true;
      this.handsOff = false;
      this.duck();
      return;
    }
    if (!this.talking || this.release !== null) return;
    this.release = this.timers.setTimeout(() => {
      this.release = null;
      this.talking = false;
      this.restore();
    }, this.options.releaseMs);
  }

  dispose(): void {
    this.stopRamp();
    if (this.release !== null) this.timers.clearTimeout(this.release);
    this.release = null;
    // Leaving voice mid-duck gives the person their volume back.
    const { player, base, handsOff } = this;
    if (player && base !== null && !handsOff && !this.personChanged()) player.setVolume(base);
    this.player = null;
  }

  private duck(): void {
    const player = this.player;
    if (!this.enabled || !player || this.handsOff) return;
    if (this.personChanged()) return this.letGo();
    const now = player.getVolume();
    if (now === null) return;
    this.base ??= now;
    this.startRamp(now, this.base * this.options.ratio);
  }

  private restore(): void {
    const player = this.player;
    if (!player || this.base === null) return;
    if (this.handsOff || this.personChanged()) return this.letGo();
    const now = player.getVolume();
    if (now === null) return this.letGo();
    this.startRamp(now, this.base, () => {
      this.base = null;
      this.lastSet = null;
    });
  }

  /** The person moved the volume since the duck last set it. */
  private personChanged(): boolean {
    if (this.lastSet === null || !this.player) return false;
    const now = this.player.getVolume();
    return now !== null && Math.abs(now - this.lastSet) > SAME_VOLUME;
  }

  /** The person's volume wins: nothing to restore, nothing more to set until speech starts again. */
  private letGo(): void {
    this.stopRamp();
    this.handsOff = this.talking;
    this.base = null;
    this.lastSet = null;
  }

  private startRamp(from: number, to: number, done?: () => void): void {
    this.stopRamp();
    const startedAt = this.timers.now();
    const step = () => {
      if (!this.player) return;
      if (this.personChanged()) return this.letGo();
      const t = Math.min(1, (this.timers.now() - startedAt) / this.options.rampMs);
      const volume = from + (to - from) * t;
      this.player.setVolume(volume);
      this.lastSet = volume;
      if (t >= 1) {
        this.ramp = null;
        done?.();
        return;
      }
      this.ramp = { from, to, startedAt, handle: this.timers.setTimeout(step, this.options.stepMs) };
    };
    step();
  }

  private stopRamp(): void {
    if (this.ramp) this.timers.clearTimeout(this.ramp.handle);
    this.ramp = null;
  }
}
