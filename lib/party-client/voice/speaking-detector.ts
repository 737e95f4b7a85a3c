/**
 * Who is speaking, from audio levels. A level is the RMS of the last window of samples (0..1, from an
 * AnalyserNode: see audio-level.ts); a member speaks once a level passes SPEAKING_THRESHOLD and stops
 * SPEAKING_HOLD_MS after the last such level, so the ring on their tile does not flicker between
 * words. Pure: the caller passes the time.
 */

/**
 * RMS above which a voice counts as speaking. Speech at a normal distance from a laptop's microphone
 * reads 0.03–0.2 after the browser's noise suppression; a quiet room with a fan reads under 0.01.
 */
export const SPEAKING_THRESHOLD = 0.02;
/** How long a member stays "speaking" after the last loud window (ms): the pauses between words. */
export const SPEAKING_HOLD_MS = 400;
/** How often the levels are read (ms). */
export const LEVEL_POLL_MS = 100;

export class SpeakingDetector {
  private lastLoud = new Map<string, number>();

  constructor(
    private readonly threshold = SPEAKING_THRESHOLD,
    private readonly holdMs = SPEAKING_HOLD_MS,
  ) {}

  /** Records `level` for `id` at `now`; true while `id` counts as speaking. */
  update(id: string, level: number, now: number): boolean {
    if (level >= this.threshold) this.lastLoud.set(id, now);
    const last = this.lastLoud.get(id);
    return last !== undefined && now - last <= this.holdMs;
  }

  forget(id: string): void {
    this.lastLoud.delete(id);
  }
}
