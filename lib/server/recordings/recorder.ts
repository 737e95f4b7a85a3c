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
 * RECORDING_MAX_ENTRIES, or when the party moves to media that is not on YouTube.
 */
import { eq, sql } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { partyRecording, partyRecordingChunk } from "@/db/schema";
import { parseMediaUrl } from "@/lib/media/parse-media-url";
import { PROTOCOL_VERSION, RECORDING_MAX_MS, TimelineRecorder, type RecordedEntry, type RecordingStart, type RecordingState } from "@/lib/sync";
import type { LoggedEvent } from "@/lib/server/realtime/bus";
import type { Room, StreamSubscriber } from "@/lib/server/realtime/room";
import { publish } from "@/lib/server/realtime/publish";

/** How often buffered entries are written (ms): what a crash can lose at most. */
export const RECORDING_FLUSH_MS = 2000;

export interface RecordedMedia {
  url: string;
  title: string;
}

export function isRecordableMedia(url: string): boolean {
  return parseMediaUrl(url)?.platform === "youtube";
}

const globalForRecorders = globalThis as unknown as {
  __vpRecorders?: Map<string, ActiveRecorder>;
  __vpRecordingClaims?: Set<string>;
  __vpRecordingsFinishing?: Map<string, Promise<void>>;
};
/** Recordings this instance records, by id. */
const active = (globalForRecorders.__vpRecorders ??= new Map());
/** Recordings started through this instance whose `recording` event has not been folded yet. */
const claims = (globalForRecorders.__vpRecordingClaims ??= new Set());
/** Recordings this instance is finishing (their last flush), so a stop can answer once it is written. */
const finishing = (globalForRecorders.__vpRecordingsFinishing ??= new Map());

class ActiveRecorder implements StreamSubscriber {
  private readonly timeline: TimelineRecorder;
  private pending: RecordedEntry[] = [];
  private readonly media: RecordedMedia[];
  private seq = 0;
  private chain: Promise<void> = Promise.resolve();
  private readonly flushTimer: NodeJS.Timeout;
  private readonly limitTimer: NodeJS.Timeout;
  private stopRequested = false;
  private lastEventAt: number;
  private finishing: Promise<void> | null = null;

  constructor(
    readonly room: Room,
    readonly state: RecordingState,
  ) {
    const start: RecordingStart = { media: room.media, playback: room.playback, strokes: [...room.strokes], poll: room.poll?.poll ?? null };
    this.timeline = new TimelineRecorder(start, state.startedAt, state.includeChat);
    this.media = [{ url: start.media.url, title: start.media.title }];
    this.lastEventAt = state.startedAt;
    // The exact start state replaces the one the start command wrote (the replica may have moved since).
    this.enqueue(async (db) => {
      await db.update(partyRecording).set({ start, media: this.media }).where(eq(partyRecording.id, state.id));
    });
    this.flushTimer = setInterval(() => this.enqueue((db) => this.flush(db)), RECORDING_FLUSH_MS);
    this.flushTimer.unref?.();
    this.limitTimer = setTimeout(() => this.requestStop(), Math.max(0, state.startedAt + RECORDING_MAX_MS - Date.now()));
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
        this.requestStop();
        return;
      }
    }
    const entry = this.timeline.push(event, now);
    if (!entry) {
      if (this.timeline.full) this.requestStop();
      return;
    }
    this.lastEventAt = entry.at;
    this.pending.push(entry);
    if (entry.event.type === "media") this.media.push({ url: entry.event.media.url, title: entry.event.media.title });
    if (this.timeline.full) this.requestStop();
  }

  /** The party ended: its replica closes every subscriber. */
  close(): void {
    void this.finish(Math.max(this.lastEventAt, Date.now()));
  }

  /** Stops through the log, so every instance (and every member) learns the recording is over. */
  private requestStop(): void {
    if (this.stopRequested || this.finishing) return;
    this.stopRequested = true;
    publish(this.room, { v: PROTOCOL_VERSION, type: "recording", recording: null }).catch(() => void this.finish(Date.now()));
  }

  finish(endedAt: number): Promise<void> {
    this.finishing ??= (async () => {
      clearInterval(this.flushTimer);
      clearTimeout(this.limitTimer);
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
      .catch((error: unknown) => console.error("[recording] flush", this.state.id, error));
  }

  private async flush(db: Awaited<ReturnType<typeof getDb>>): Promise<void> {
    const entries = this.pending;
    this.pending = [];
    const flushedAt = new Date(Math.max(this.lastEventAt, Date.now()));
    if (entries.length > 0) {
      await db.transaction(async (tx) => {
        await tx.insert(partyRecordingChunk).values({ recordingId: this.state.id, seq: this.seq, entries });
        await tx
          .update(partyRecording)
          .set({ entryCount: sql`${partyRecording.entryCount} + ${entries.length}`, lastFlushAt: flushedAt, media: this.media })
          .where(eq(partyRecording.id, this.state.id));
      });
      this.seq += 1;
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
