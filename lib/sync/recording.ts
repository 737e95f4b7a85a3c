/**
 * A party recording: the party's timeline over its public media — never the media itself.
 * The recorder appends what every member's stream received (playback states, media changes, chat,
 * drawings, the poll's public state) with the server time it took effect; a replay folds the same
 * entries, so `stateAt` answers exactly what a member saw at any instant.
 *
 * Pure and shared: the server builds and stores timelines, the replay page and tests fold them.
 * Imports stay relative (the extension bundles lib/sync).
 */
import { z } from "zod";
import { addStroke } from "./live-party-state";
import { expectedPosition, onlyHorizonChanged } from "./playback-model";
import { pollSchema, type Poll } from "./poll";
import {
  chatMessageSchema,
  mediaSchema,
  playbackStateSchema,
  strokeSchema,
  type ChatMessage,
  type Media,
  type PlaybackState,
  type Stroke,
} from "./protocol";
import { formatClock } from "./format-clock";

/** A recording stops by itself after this long, and holds at most this many entries. */
export const RECORDING_MAX_MS = 12 * 60 * 60 * 1000;
export const RECORDING_MAX_ENTRIES = 200_000;

const time = z.number().finite().nonnegative();

/** What a recording keeps of the party's log: the public events a member's stream carried. */
export const recordedEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("playback"), state: playbackStateSchema }),
  z.object({ type: z.literal("media"), media: mediaSchema }),
  z.object({ type: z.literal("chat"), message: chatMessageSchema }),
  z.object({ type: z.literal("draw.stroke"), stroke: strokeSchema }),
  z.object({ type: z.literal("draw.clear") }),
  z.object({ type: z.literal("poll"), poll: pollSchema }),
]);
export type RecordedEvent = z.infer<typeof recordedEventSchema>;

/** One entry: `at` is the server time (ms) the event took effect; entries are in log order with non-decreasing `at`. */
export const recordedEntrySchema = z.object({ at: time, event: recordedEventSchema });
export type RecordedEntry = z.infer<typeof recordedEntrySchema>;

/** The state a replay starts from: what a member joining at the recording's start saw. */
export const recordingStartSchema = z.object({
  media: mediaSchema,
  playback: playbackStateSchema,
  strokes: z.array(strokeSchema),
  poll: pollSchema.nullable(),
});
export type RecordingStart = z.infer<typeof recordingStartSchema>;

export interface RecordingTimeline {
  /** Server time the recording started and stopped. */
  startedAt: number;
  endedAt: number;
  start: RecordingStart;
  entries: readonly RecordedEntry[];
}

/** The exact state of the party at one instant of a recording. */
export interface ReplayState {
  /** Server time of the instant (startedAt + offset). */
  at: number;
  media: Media;
  playback: PlaybackState;
  /** Where the host's player was at that instant (s). */
  position: number;
  paused: boolean;
  rate: number;
  /** Every recorded chat message sent by then, oldest first. */
  chat: ChatMessage[];
  strokes: readonly Stroke[];
  poll: Poll | null;
  /** How many entries were folded (the next one to apply, for a replay that moves forward). */
  applied: number;
}

/**
 * The time an event took effect, as the recorder stamps it: a playback state its own (the host's
 * stamped reading), a chat message its send time, a poll its last change, the rest the time the
 * recorder received it. Kept non-decreasing in log order (a host's stamp may be up to 2 s old).
 */
export function effectiveTime(event: RecordedEvent, receivedAt: number, previous: number): number {
  let at = receivedAt;
  if (event.type === "playback") at = event.state.at;
  else if (event.type === "chat") at = event.message.at;
  return Math.max(previous, at);
}

/** Index of the first entry after server time `at` (entries with `at` equal are included before it). */
export function entriesUntil(entries: readonly RecordedEntry[], at: number): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (entries[mid]!.at <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Not the live fold (lib/sync/live-party-state.ts): a recording knows the media, not the party, and a
 * replay keeps every recorded chat message where a live party keeps its latest CHAT_HISTORY. The
 * drawing is the same: strokes are added as members added them.
 */
function foldInto(state: Omit<ReplayState, "position" | "paused" | "rate" | "at" | "applied">, event: RecordedEvent): void {
  switch (event.type) {
    case "playback":
      state.playback = event.state;
      break;
    case "media":
      state.media = event.media;
      break;
    case "chat":
      state.chat.push(event.message);
      break;
    case "draw.stroke":
      state.strokes = addStroke(state.strokes, event.stroke);
      break;
    case "draw.clear":
      state.strokes = [];
      break;
    case "poll":
      state.poll = event.poll;
      break;
  }
}

/** The party's state `offsetMs` after the recording started (clamped to the recording). */
export function stateAt(timeline: RecordingTimeline, offsetMs: number): ReplayState {
  const at = timeline.startedAt + Math.min(Math.max(0, offsetMs), timeline.endedAt - timeline.startedAt);
  const state = {
    media: timeline.start.media,
    playback: timeline.start.playback,
    chat: [] as ChatMessage[],
    strokes: [...timeline.start.strokes],
    poll: timeline.start.poll,
  };
  const applied = entriesUntil(timeline.entries, at);
  for (let i = 0; i < applied; i += 1) foldInto(state, timeline.entries[i]!.event);
  const { playback } = state;
  const position = expectedPosition(playback, at);
  const duration = state.media.duration;
  return {
    ...state,
    at,
    position: duration === null ? position : Math.min(position, duration),
    paused: playback.paused,
    rate: playback.rate,
    applied,
  };
}

export type MarkerKind = "seek" | "media" | "poll" | "play" | "pause";
export interface TimelineMarker {
  /** Offset from the recording's start (ms). */
  offset: number;
  kind: MarkerKind;
  label: string;
}

/**
 * The scrubber's markers: seeks (a jump of more than 1.5 s from where the host was), plays and pauses,
 * media changes, and each poll when it closed or was cancelled.
 */
export function timelineMarkers(timeline: RecordingTimeline): TimelineMarker[] {
  const markers: TimelineMarker[] = [];
  let playback = timeline.start.playback;
  const seenPolls = new Set<string>();
  for (const { at, event } of timeline.entries) {
    const offset = at - timeline.startedAt;
    if (event.type === "media") {
      markers.push({ offset, kind: "media", label: `Now playing: ${event.media.title || event.media.url}` });
    } else if (event.type === "playback") {
      const next = event.state;
      if (next.mediaId === playback.mediaId) {
        const expected = expectedPosition(playback, next.at);
        if (Math.abs(next.position - expected) > 1.5) markers.push({ offset, kind: "seek", label: `Seek to ${formatClock(next.position)}` });
        else if (next.paused !== playback.paused) markers.push({ offset, kind: next.paused ? "pause" : "play", label: next.paused ? "Paused" : "Playing" });
      }
      playback = next;
    } else if (event.type === "poll" && event.poll.status !== "open" && event.poll.status !== "tie" && !seenPolls.has(event.poll.id)) {
      seenPolls.add(event.poll.id);
      const winner = event.poll.winner === null ? null : event.poll.options[event.poll.winner];
      markers.push({ offset, kind: "poll", label: event.poll.status === "cancelled" ? "Poll cancelled" : `Poll closed: ${winner?.label ?? "no winner"}` });
    }
  }
  return markers;
}

/** The subset of a stream's events a recorder looks at (structurally: the server's logged events). */
export type RecordableInput =
  | { type: "playback"; state: PlaybackState }
  | { type: "party"; party: { media: Media } }
  | { type: "chat"; message: ChatMessage }
  | { type: "draw.stroke"; stroke: Stroke }
  | { type: "draw.clear" }
  | { type: "poll"; poll: Poll }
  | { type: string };

/**
 * Builds a timeline from the events a member's stream receives, in order: keeps the public ones,
 * turns a party event into a media change only when the media changed, a playback state only when it
 * is not the one in force, stamps each with the time it
 * took effect. Bounded by RECORDING_MAX_ENTRIES (`full` then).
 */
export class TimelineRecorder {
  private media: Media;
  private playback: PlaybackState;
  private lastAt: number;
  private count = 0;

  constructor(
    readonly start: RecordingStart,
    readonly startedAt: number,
    private readonly includeChat = true,
  ) {
    this.media = start.media;
    this.playback = start.playback;
    this.lastAt = startedAt;
  }

  get full(): boolean {
    return this.count >= RECORDING_MAX_ENTRIES;
  }

  get entries(): number {
    return this.count;
  }

  /** The entry to store for `input` received at `receivedAt`, or null when it records nothing. */
  push(input: RecordableInput, receivedAt: number): RecordedEntry | null {
    if (this.full) return null;
    const event = this.toRecorded(input);
    if (!event) return null;
    const at = effectiveTime(event, receivedAt, this.lastAt);
    this.lastAt = at;
    this.count += 1;
    return { at, event };
  }

  private toRecorded(input: RecordableInput): RecordedEvent | null {
    switch (input.type) {
      case "playback": {
        // A state already in force is not a change: the server sends it again as the echo of a host
        // command that an earlier-stamped one superseded.
        const state = (input as { state: PlaybackState }).state;
        if (state.seq === this.playback.seq && state.mediaId === this.playback.mediaId && state.at === this.playback.at) return null;
        // The host's horizon moving on is no change of what it showed: nothing to replay.
        if (onlyHorizonChanged(this.playback, state)) return null;
        this.playback = state;
        return { type: "playback", state };
      }
      case "party": {
        const media = (input as { party: { media: Media } }).party.media;
        if (media.id === this.media.id && media.url === this.media.url) return null;
        this.media = media;
        return { type: "media", media };
      }
      case "chat":
        return this.includeChat ? { type: "chat", message: (input as { message: ChatMessage }).message } : null;
      case "draw.stroke":
        return { type: "draw.stroke", stroke: (input as { stroke: Stroke }).stroke };
      case "draw.clear":
        return { type: "draw.clear" };
      case "poll":
        return { type: "poll", poll: (input as { poll: Poll }).poll };
      default:
        return null;
    }
  }
}
