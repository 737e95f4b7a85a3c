/**
 * The host's authoritative playback state and what it implies: where every participant should be at
 * a given server time, and how the server folds a host command into a new state.
 */
import type { Media, PlaybackCommand, PlaybackState } from "./protocol";

/**
 * The window a host's own stamp (`at`) must fall in, relative to the server's receive time. The host
 * stamps its player reading with its clock estimate so guests don't trail it by its one-way delay.
 * A stamp a little in the future is legitimate (the host's estimate is a few ms off either way, and
 * clamping it would bias the state). An old stamp is exact too (a slow uplink, a retried command:
 * the reading and its time still describe the host's screen), so only absurd ones (a broken clock)
 * are clamped; commands are ordered by their stamps instead (see `applyHostCommand`).
 */
export const MAX_COMMAND_AGE_MS = 60_000;
export const MAX_COMMAND_LEAD_MS = 250;

/** Position (s) the host's player shows at `serverTime` according to `state`. */
export function expectedPosition(state: PlaybackState, serverTime: number): number {
  if (state.paused) return state.position;
  // Extrapolate both ways: a state stamped a few ms in our estimated future is still the best guess.
  return Math.max(0, state.position + ((serverTime - state.at) / 1000) * state.rate);
}

export function initialPlaybackState(mediaId: string, serverNow: number): PlaybackState {
  return { mediaId, paused: true, position: 0, rate: 1, at: serverNow, seq: 0 };
}

/** Media id assigned by `applyHostCommand` for a media change: unique per party, no randomness needed. */
export function mediaIdForSeq(seq: number): string {
  return `m${seq}`;
}

export interface PartyPlayback {
  playback: PlaybackState;
  media: Media;
}

/**
 * Apply a host playback command received at `serverNow`. Returns the new state (seq + 1) and the media
 * (a new object only on a media change). Pure: the caller stores and broadcasts the result.
 */
export function applyHostCommand(current: PartyPlayback, command: PlaybackCommand, serverNow: number): PartyPlayback {
  const { playback, media } = current;
  const seq = playback.seq + 1;

  if (command.type === "media") {
    const mediaId = mediaIdForSeq(seq);
    return {
      playback: { mediaId, paused: true, position: 0, rate: playback.rate, at: serverNow, seq },
      media: { id: mediaId, url: command.url, title: command.title, duration: command.duration ?? null },
    };
  }

  // Stamps are the host's own order: a command stamped before the state in force (it took the slow
  // road, or a media change overtook it) is superseded. The unchanged state is returned, so its echo
  // still tells the host which state won.
  if (command.at !== undefined && clampCommandTime(command.at, serverNow) < playback.at) return current;
  return { playback: nextPlaybackState(playback, command, serverNow, media.duration), media };
}

/**
 * The state after a host's play/pause/seek/rate command, without the bookkeeping of media. The host's
 * client uses it too, to know what it published before the server's echo comes back.
 */
export function nextPlaybackState(
  state: PlaybackState,
  command: Exclude<PlaybackCommand, { type: "media" }>,
  serverNow: number,
  duration: number | null = null,
): PlaybackState {
  if (command.type === "horizon") {
    // Nothing moved but the data ahead of the host: the state (and its stall marks) stays as it is.
    const { horizon: _previous, ...unchanged } = state;
    return command.horizon === null ? { ...unchanged, seq: state.seq + 1 } : { ...unchanged, horizon: command.horizon, seq: state.seq + 1 };
  }
  const at = clampCommandTime(command.at, serverNow);
  const unclamped = command.position ?? expectedPosition(state, at);
  const position = duration === null ? unclamped : Math.min(unclamped, duration);
  // A stall mark lasts until the next change of any kind; the horizon is the one this command read
  // (none: unknown, e.g. after a seek out of the buffered range the host could not measure yet).
  const { stalled: _stalled, seeking: _seeking, horizon: _horizon, ...rest } = state;
  const next = { ...rest, position, at, seq: state.seq + 1, ...(command.horizon !== undefined ? { horizon: command.horizon } : {}) };
  switch (command.type) {
    case "play":
      return { ...next, paused: false };
    case "pause":
      if (!command.stall) return { ...next, paused: true };
      return command.seeking ? { ...next, paused: true, stalled: true, seeking: true } : { ...next, paused: true, stalled: true };
    case "seek":
      return next;
    case "rate":
      return { ...next, rate: command.rate };
  }
}

/**
 * `next` only moves the host's buffered horizon on from `previous` (a `horizon` command): the same
 * target, so a guest carries on with what it was doing and a recording has nothing to replay.
 */
export function onlyHorizonChanged(previous: PlaybackState, next: PlaybackState): boolean {
  return (
    previous.mediaId === next.mediaId &&
    previous.paused === next.paused &&
    previous.position === next.position &&
    previous.rate === next.rate &&
    previous.at === next.at &&
    previous.stalled === next.stalled &&
    previous.seeking === next.seeking
  );
}

/** A command's own time stamp, kept within [serverNow − MAX_COMMAND_AGE_MS, serverNow + MAX_COMMAND_LEAD_MS]. */
export function clampCommandTime(at: number | undefined, serverNow: number): number {
  if (at === undefined) return serverNow;
  return Math.min(serverNow + MAX_COMMAND_LEAD_MS, Math.max(serverNow - MAX_COMMAND_AGE_MS, at));
}
