/**
 * Plays a recording: a replay clock (the viewer's own play/pause, speed and jumps) over the recorded
 * timeline, and the sync engine's drift controller driving the player towards `stateAt` of that
 * clock. The recorded playback states are re-expressed in the local clock's frame (their rate times
 * the replay speed), so the controller that keeps guests on a live host keeps the replay's player on
 * the recorded host: seek-and-hold after a jump, a small rate trim for drift, pause on the exact frame.
 * Pure (time and the player's reading are passed in), so it is unit-tested with a simulated player.
 */
import { DriftController, MAX_RATE, stateAt, type DriftDecision, type PlaybackState, type PlayerReading, type RecordingTimeline, type ReplayState } from "@/lib/sync";

export const REPLAY_SPEEDS = [0.5, 1, 1.5, 2] as const;

/**
 * How far the replay may trim its player's rate to remove drift: ±25 % (a live guest's ±8 % keeps
 * the sound natural while following a remote host; a replay follows small recorded corrections of
 * the host's own position, which should show within a few hundred ms, not seconds).
 */
export const REPLAY_MAX_RATE_DELTA = 0.25;

/** The replay clock: at local time `wall` it showed `offset` ms of the recording, moving at `speed` while `playing`. */
export interface ReplayAnchor {
  wall: number;
  offset: number;
  speed: number;
  playing: boolean;
}

export function durationOf(timeline: RecordingTimeline): number {
  return Math.max(0, timeline.endedAt - timeline.startedAt);
}

/** The replay clock's offset (ms into the recording) at local time `wall`. */
export function replayOffset(anchor: ReplayAnchor, wall: number, durationMs: number): number {
  const offset = anchor.playing ? anchor.offset + (wall - anchor.wall) * anchor.speed : anchor.offset;
  return Math.min(Math.max(0, offset), durationMs);
}

export interface ReplayTick {
  offset: number;
  state: ReplayState;
  decision: DriftDecision;
}

export class ReplayDriver {
  /**
   * No busy-page mode and no learned rate bias. The busy-page mode plays through without holds because
   * a live guest's timers may fire seconds late while the host moves on; a replay's "host" is this
   * page's own clock, re-read at every tick, and a viewer who jumps expects the exact frame, so a late
   * hold is simply checked and redone. The bias is fitted over seconds of steady play; a replay's
   * stretches are short and cut by the viewer's jumps, so a fit there mostly measures a loaded page's
   * stutter and then steers the player off by up to the largest bias.
   */
  private readonly controller = new DriftController({ jankMemoryMs: 0, maxBias: 0, maxRateDelta: REPLAY_MAX_RATE_DELTA });
  private key = "";
  private seq = 0;

  constructor(private readonly timeline: RecordingTimeline) {}

  /**
   * One step: where the recording is at `wall`, and what the player should do. `player.mediaId` must
   * be the recorded media's id once the player shows it (null while loading another).
   */
  tick(wall: number, anchor: ReplayAnchor, player: PlayerReading | null): ReplayTick {
    const offset = replayOffset(anchor, wall, durationOf(this.timeline));
    const state = stateAt(this.timeline, offset);
    const atEnd = offset >= durationOf(this.timeline);
    const moving = anchor.playing && !atEnd && !state.paused;
    // A new target only when the recorded state, the media or the replay clock changed: in between the
    // controller extrapolates it, exactly as the recording does.
    const key = `${state.playback.seq}|${state.playback.mediaId}|${state.media.id}|${anchor.wall}|${anchor.offset}|${anchor.speed}|${moving}`;
    if (key !== this.key) {
      this.key = key;
      this.seq += 1;
      const target: PlaybackState = {
        mediaId: state.media.id,
        paused: !moving,
        position: state.position,
        rate: Math.min(MAX_RATE, state.rate * anchor.speed),
        at: wall,
        seq: this.seq,
      };
      this.controller.resetState(target);
    }
    const decision = this.controller.tick({ now: wall, serverNow: wall, player });
    return { offset, state, decision };
  }
}
