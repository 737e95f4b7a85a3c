import "server-only";
/**
 * The recorder of a live party: runs on the one instance that took the host's start command (so a
 * party served by several instances is recorded once), as one more subscriber of the party's replica.
 * It sees the events every member's stream gets, in log order, after the replica folded them; it only
 * appends each to a buffer there (no database, no await on the live path) and flushes the buffer to
 * the database every RECORDING_FLUSH_MS. A crash loses at most the entries since the last flush.
 *
 * It stops when the log says so (a `recording` event with another state: the host's stop, through
 * any instance), when the party ends (the replica closes its subscribers), at RECORDING_MAX_MS, at
 * RECORDING_MAX_ENTRIES, at VP_RECORDING_MAX_BYTES, or when the party moves to media that is not on
 * YouTube; stopping by itself, it says why in the `recording` event, so the room tells everyone.
 *
 * Its size is bounded two ways, because one host drawing 2 000-point strokes at the command limit
 * adds ~38 MB a minute. Over VP_RECORDING_MAX_BYTES_PER_MINUTE in one minute (counted from the
 * start), drawings and chat (the entries that can be large or many) are left out until the minute
 * ends while playback, media and polls still go in: the replay stays right about what was watched,
 * and the room is told (the state's `limitedUntil`). The entry that would pass VP_RECORDING_MAX_BYTES
 * stops the recording: everything until then is kept, where dropping entries for hours would leave
 * a recording that silently misses most of the party.
 */
import { eq, sql } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { getEnv } from "@/lib/server/env";
import { whenDraining } from "@/lib/server/lifecycle";
import { partyRecording, partyRecordingChunk } from "@/db/schema";
import { parseMediaUrl } from "@/lib/media/parse-media-url";
import {
  PROTOCOL_VERSION,
  RECORDING_MAX_MS,
  TimelineRecorder,
  type RecordedEntry,
  type RecordingStart,
  type RecordingState,
  type RecordingStopReason,
} from "@/lib/sync";
import type { LoggedEvent } from "@/lib/server/realtime/bus";
import type { Room, StreamSubscriber } from "@/lib/server/realtime/room";
import { publish } from "@/lib/server/realtime/publish";
import { processState } from "@/lib/server/process-singleton";
import { log } from "@/lib/server/log";

/** How often buffered entries are written (ms): what a crash can lose at most. */
export const RECORDING_FLUSH_MS = 2000;

/** A minute of a recording's growth, for VP_RECORDING_MAX_BYTES_PER_MINUTE. */
export const RECORDING_BUDGET_WINDOW_MS = 60_000;

/** Bytes an entry takes stored and served (its JSON, UTF-8). */
export function entryBytes(entry: RecordedEntry): number {
  return Buffer.byteLength(JSON.stringify(entry));
}

/**
 * The most one stored chunk holds (bytes of its entries; a single larger entry is a chunk alone): at
 * most a quarter of a timeline page, so a page is a few whole chunks and never much more than its
 * bound, and at most 256 KB, what a page read holds in memory at once (it streams chunk by chunk).
 */
export function chunkMaxBytes(): number {
  return Math.min(256 * 1024, Math.floor(getEnv().VP_RECORDING_PAGE_BYTES / 4));
}

/** Cuts entries into runs whose JSON arrays stay within `maxBytes` (a larger single entry alone). */
export function cutIntoChunks(entries: readonly { entry: RecordedEntry; bytes: number }[], maxBytes: number): { entries: RecordedEntry[]; bytes: number }[] {
  const chunks: { entries: RecordedEntry[]; bytes: number }[] = [];
  let current: { entries: RecordedEntry[]; bytes: number } | null = null;
  for (const { entry, bytes } of entries) {
    // A JSON array: "[" + entries joined by "," + "]".
    if (!current || current.bytes + bytes + 1 > maxBytes) {
      current = { entries: [], bytes: 1 };
      chunks.push(current);
    }
    current.entries.push(entry);
    current.bytes += bytes + 1;
  }
  return chunks;
}

/** Drawings and chat: what a recording over its minute's budget leaves out. */
function isDroppable(entry: RecordedEntry): boolean {
  return entry.event.type === "draw.stroke" || entry.event.type === "chat";
}

export interface RecordedMedia {
  url: string;
  title: string;
}

export function isRecordableMedia(url: string): boolean {
  return parseMediaUrl(url)?.platform === "youtube";
}

const recorders = processState("recorders", () => ({
  /** Recordings this instance records, by id. */
  active: new Map<string, ActiveRecorder>(),
  /** Recordings started through this instance whose `recording` event has not been folded yet. */
  claims: new Set<string>(),
  /** Recordings this instance is finishing (their last flush), so a stop can answer once it is written. */
  finishing: new Map<string, Promise<void>>(),
}));
const { active, claims, finishing } = recorders;

class ActiveRecorder implements StreamSubscriber {
  private readonly timeline: TimelineRecorder;
  private pending: { entry: RecordedEntry; bytes: number }[] = [];
  private readonly media: RecordedMedia[];
  private seq = 0;
  private chain: Promise<void> = Promise.resolve();
  private readonly flushTimer: NodeJS.Timeout;
  private readonly limitTimer: NodeJS.Timeout;
  private stopRequested = false;
  private lastEventAt: number;
  private finishing: Promise<void> | null = null;
  /** Bytes recorded so far (flushed or pending), and in the current minute. */
  private bytes = 0;
  private window = 0;
  private windowBytes = 0;
  /** End of the minute whose budget is used (drawings and chat left out until then); null: not limited. */
  private limitedUntil: number | null = null;
  private limitTimerEnd: NodeJS.Timeout | null = null;
  private readonly maxBytes: number;
  private readonly maxBytesPerMinute: number;
  private readonly stopOnDrain: () => void;

  constructor(
    readonly room: Room,
    readonly state: RecordingState,
  ) {
    const start: RecordingStart = { media: room.media, playback: room.playback, strokes: [...room.strokes], poll: room.poll?.poll ?? null };
    this.timeline = new TimelineRecorder(start, state.startedAt, state.includeChat);
    this.media = [{ url: start.media.url, title: start.media.title }];
    this.lastEventAt = state.startedAt;
    const env = getEnv();
    this.maxBytes = env.VP_RECORDING_MAX_BYTES;
    this.maxBytesPerMinute = env.VP_RECORDING_MAX_BYTES_PER_MINUTE;
    // The exact start state replaces the one the start command wrote (the replica may have moved since).
    this.enqueue(async (db) => {
      await db.update(partyRecording).set({ start, media: this.media }).where(eq(partyRecording.id, state.id));
    });
    this.flushTimer = setInterval(() => this.enqueue((db) => this.flush(db)), RECORDING_FLUSH_MS);
    this.flushTimer.unref?.();
    // The instance drains (SIGTERM): what is buffered is written before it exits.
    this.stopOnDrain = whenDraining(() => {
      this.enqueue((db) => this.flush(db));
      return this.chain;
    });
    this.limitTimer = setTimeout(() => this.requestStop("length"), Math.max(0, state.startedAt + RECORDING_MAX_MS - Date.now()));
    this.limitTimer.unref?.();
  }

  /** Called for every event the replica fans out: only buffered here. */
  push(logged: LoggedEvent): void {
    if (this.finishing) return;
    const event = logged.event;
    const now = Date.now();
    if (event.type === "recording") {
      if (event.recording?.id !== this.state.id) void this.finish(now);
      return;
    }
    if (event.type === "party") {
      if (event.party.state === "ENDED") {
        void this.finish(now);
        return;
      }
      if (!isRecordableMedia(event.party.media.url)) {
        this.requestStop("media");
        return;
      }
    }
    if (this.stopRequested) return;
    const entry = this.timeline.push(event, now);
    if (!entry) {
      if (this.timeline.full) this.requestStop("size");
      return;
    }
    // Counted as stored: the entry and its separator in the chunk's JSON array.
    const bytes = entryBytes(entry) + 1;
    if (this.bytes + bytes > this.maxBytes) {
      this.requestStop("size");
      return;
    }
    const window = Math.floor(Math.max(0, now - this.state.startedAt) / RECORDING_BUDGET_WINDOW_MS);
    if (window !== this.window) {
      this.window = window;
      this.windowBytes = 0;
    }
    const windowEnd = this.state.startedAt + (window + 1) * RECORDING_BUDGET_WINDOW_MS;
    // Once the minute's budget is used, for the rest of it (not only what no longer fits): the room
    // was told drawings and chat are left out until then.
    if (isDroppable(entry) && (this.limitedUntil === windowEnd || this.windowBytes + bytes > this.maxBytesPerMinute)) {
      this.limitUntil(windowEnd);
      return;
    }
    this.bytes += bytes;
    this.windowBytes += bytes;
    this.lastEventAt = entry.at;
    this.pending.push({ entry, bytes: bytes - 1 });
    if (entry.event.type === "media") this.media.push({ url: entry.event.media.url, title: entry.event.media.title });
    if (this.timeline.full) this.requestStop("size");
  }

  /**
   * Leaves drawings and chat out until `until` (the minute's end) and tells the room through the log
   * (the state with `limitedUntil`, then without it when the minute is over).
   */
  private limitUntil(until: number): void {
    if (this.limitedUntil === until) return;
    this.limitedUntil = until;
    this.publishState({ ...this.state, limitedUntil: until });
    if (this.limitTimerEnd) clearTimeout(this.limitTimerEnd);
    this.limitTimerEnd = setTimeout(() => {
      this.limitTimerEnd = null;
      if (this.limitedUntil !== until || this.finishing || this.stopRequested) return;
      this.limitedUntil = null;
      this.publishState(this.state);
    }, Math.max(0, until - Date.now()));
    this.limitTimerEnd.unref?.();
  }

  private publishState(state: RecordingState): void {
    publish(this.room, { v: PROTOCOL_VERSION, type: "recording", recording: state }).catch((error: unknown) => log.error({ recordingId: this.state.id, err: error }, "[recording] state"));
  }

  /** The party ended: its replica closes every subscriber. */
  close(): void {
    void this.finish(Math.max(this.lastEventAt, Date.now()));
  }

  /** Stops through the log, so every instance (and every member) learns the recording is over. */
  private requestStop(reason: RecordingStopReason): void {
    if (this.stopRequested || this.finishing) return;
    this.stopRequested = true;
    publish(this.room, { v: PROTOCOL_VERSION, type: "recording", recording: null, stopped: { id: this.state.id, reason } }).catch(() => void this.finish(Date.now()));
  }

  finish(endedAt: number): Promise<void> {
    this.finishing ??= (async () => {
      clearInterval(this.flushTimer);
      this.stopOnDrain();
      clearTimeout(this.limitTimer);
      if (this.limitTimerEnd) clearTimeout(this.limitTimerEnd);
      this.room.subscribers.delete(this);
      active.delete(this.state.id);
      const end = Math.max(endedAt, this.state.startedAt);
      this.enqueue(async (db) => {
        await this.flush(db);
        await db.update(partyRecording).set({ endedAt: new Date(end), lastFlushAt: new Date(end) }).where(eq(partyRecording.id, this.state.id));
      });
      await this.chain;
    })();
    const done = this.finishing;
    finishing.set(this.state.id, done);
    void done.then(() => finishing.get(this.state.id) === done && finishing.delete(this.state.id));
    return done;
  }

  private enqueue(work: (db: Awaited<ReturnType<typeof getDb>>) => Promise<void>): void {
    this.chain = this.chain
      .then(async () => work(await getDb()))
      .catch((error: unknown) => log.error({ recordingId: this.state.id, err: error }, "[recording] flush"));
  }

  private async flush(db: Awaited<ReturnType<typeof getDb>>): Promise<void> {
    const entries = this.pending;
    this.pending = [];
    const flushedAt = new Date(Math.max(this.lastEventAt, Date.now()));
    if (entries.length > 0) {
      const chunks = cutIntoChunks(entries, chunkMaxBytes());
      const bytes = chunks.reduce((sum, chunk) => sum + chunk.bytes, 0);
      await db.transaction(async (tx) => {
        await tx.insert(partyRecordingChunk).values(chunks.map((chunk, i) => ({ recordingId: this.state.id, seq: this.seq + i, entries: chunk.entries, bytes: chunk.bytes })));
        await tx
          .update(partyRecording)
          .set({
            entryCount: sql`${partyRecording.entryCount} + ${entries.length}`,
            byteCount: sql`${partyRecording.byteCount} + ${bytes}`,
            lastFlushAt: flushedAt,
            media: this.media,
          })
          .where(eq(partyRecording.id, this.state.id));
      });
      this.seq += chunks.length;
    } else {
      await db.update(partyRecording).set({ lastFlushAt: flushedAt }).where(eq(partyRecording.id, this.state.id));
    }
  }
}

function attach(room: Room): void {
  room.onRecording = (state) => {
    for (const recorder of active.values()) if (recorder.room === room && recorder.state.id !== state?.id) void recorder.finish(Date.now());
    if (!state || !claims.delete(state.id) || active.has(state.id)) return;
    const recorder = new ActiveRecorder(room, state);
    active.set(state.id, recorder);
    room.subscribers.add(recorder);
  };
}

/** Recordings this instance is writing (metrics). */
export function recordingsInProgress(): number {
  return active.size;
}

/** This instance records `recordingId` once the party's log starts it (call before publishing the start). */
export function claimRecording(room: Room, recordingId: string): void {
  claims.add(recordingId);
  attach(room);
}

export function forgetClaim(recordingId: string): void {
  claims.delete(recordingId);
}

/** Resolves once this instance's recorder of `recordingId` (if it runs here) has written everything. */
export async function recorderFinished(recordingId: string): Promise<void> {
  await (finishing.get(recordingId) ?? active.get(recordingId)?.finish(Date.now()));
}
