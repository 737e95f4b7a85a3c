/**
 * Streamer mode and the guest's target position.
 *
 * A streamer's viewers watch the host's screen through a broadcast that lags by the party's latency
 * (Twitch: 2–6 s, low-latency mode ~1–2 s). So they see not what the host's player shows now, but what
 * it showed `latency` ago — including a seek or pause the host made less than `latency` ago, which the
 * broadcast has not shown yet. We therefore keep the recent states on a timeline and evaluate the one
 * that was in force at `serverNow − latency`, not just shift the latest state back.
 */
import { expectedPosition } from "./playback-model";
import type { PlaybackState } from "./protocol";

/** States older than this many (after the one in force) are dropped; a bound, not a tuning knob. */
const MAX_STATES = 256;

export class StateTimeline {
  /** Ascending seq. */
  private states: PlaybackState[] = [];

  /** Add a state from the server. Stale or repeated states (seq not above the latest) are ignored. */
  push(state: PlaybackState): boolean {
    const last = this.latest();
    if (last && state.seq <= last.seq) return false;
    this.states.push(state);
    if (this.states.length > MAX_STATES) this.states.shift();
    return true;
  }

  /** Start over from a snapshot (first join, reconnect, or a server that lost its history). */
  reset(state: PlaybackState): void {
    this.states = [state];
  }

  latest(): PlaybackState | null {
    return this.states[this.states.length - 1] ?? null;
  }

  /**
   * The state in force at server time `t`: the newest (highest seq) one whose `at` is not after `t`.
   * When every known state starts after `t` (we joined recently) the oldest known one is the best guess.
   */
  stateAt(t: number): PlaybackState | null {
    for (let i = this.states.length - 1; i >= 0; i--) {
      const s = this.states[i]!;
      if (s.at <= t) return s;
    }
    return this.states[0] ?? null;
  }

  /** Drop states that can no longer be in force at or after server time `t`. */
  prune(t: number): void {
    const current = this.stateAt(t);
    if (!current) return;
    const index = this.states.indexOf(current);
    if (index > 0) this.states.splice(0, index);
  }
}

export interface SyncTarget {
  /** The state the target comes from (its mediaId is the media to show). */
  state: PlaybackState;
  /** Position (s) the player should show at `serverNow`. */
  position: number;
}

/**
 * Where a guest should be at `serverNow`: the host's expected position, or in streamer mode the host's
 * position `latencyMs` ago (target = host position − latency while nothing changed meanwhile).
 */
export function syncTarget(timeline: StateTimeline, serverNow: number, latencyMs: number): SyncTarget | null {
  if (latencyMs <= 0) {
    // No delay (or a viewer running ahead of the host): the latest state, extrapolated.
    const state = timeline.latest();
    return state ? { state, position: expectedPosition(state, serverNow - latencyMs) } : null;
  }
  const t = serverNow - latencyMs;
  const state = timeline.stateAt(t);
  return state ? { state, position: expectedPosition(state, t) } : null;
}
