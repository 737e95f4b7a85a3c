import "server-only";
/**
 * A recording's timeline, as a replay folds it, served in pages: the start state (first page) and the
 * stored entries in order, a page being whole chunks up to VP_RECORDING_PAGE_BYTES. A page is planned
 * from the chunks' sizes (small columns) before any entries are loaded, so a read holds one page in
 * memory however large the recording. Chat is left out when the host chose not to include it (at the
 * start, at the stop or later).
 *
 * At most VP_RECORDING_READS_MAX pages are built at once on an instance; a read past that is refused
 * with 503 and Retry-After (before the database is touched) rather than queued: queued reads would
 * still pile their memory and delay every other request, as three parallel reads of a 45 MB timeline
 * once stalled the whole server for 23 s.
 */
import { and, asc, eq, gte, lte } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { getEnv } from "@/lib/server/env";
import { partyRecordingChunk } from "@/db/schema";
import { RECORDING_READS_BUSY, recordingTimelinePageSchema, type RecordingTimelinePage } from "@/lib/schemas/recording";
import { serviceUnavailable } from "@/lib/server/http/api-error";
import type { RecordedEntry } from "@/lib/sync";
import { getVisibleRecordingOrThrow, recordingEnd } from "./recording-row";

/** Chunk sizes looked at to plan one page (a page ends there even if more would fit). */
const PLAN_CHUNKS_MAX = 2000;
/** What a refused read is told to wait (s): a page takes well under a second to build. */
const BUSY_RETRY_AFTER_S = 1;

const globalForReads = globalThis as unknown as { __vpRecordingReads?: { active: number } };
const reads = (globalForReads.__vpRecordingReads ??= { active: 0 });

/** Takes one of the instance's read slots, or throws 503 when all are in use. */
function acquireReadSlot(): () => void {
  if (reads.active >= getEnv().VP_RECORDING_READS_MAX) throw serviceUnavailable(BUSY_RETRY_AFTER_S, RECORDING_READS_BUSY);
  reads.active += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    reads.active -= 1;
  };
}

export async function getRecordingTimelinePage(id: string, viewerId: string | null, cursor: number | undefined): Promise<RecordingTimelinePage> {
  const release = acquireReadSlot();
  try {
    const { recording } = await getVisibleRecordingOrThrow(id, viewerId);
    const db = await getDb();
    const from = cursor ?? 0;
    const sizes = await db
      .select({ seq: partyRecordingChunk.seq, bytes: partyRecordingChunk.bytes })
      .from(partyRecordingChunk)
      .where(and(eq(partyRecordingChunk.recordingId, id), gte(partyRecordingChunk.seq, from)))
      .orderBy(asc(partyRecordingChunk.seq))
      .limit(PLAN_CHUNKS_MAX + 1);
    const pageBytes = getEnv().VP_RECORDING_PAGE_BYTES;
    // Whole chunks while they fit; the first always (a chunk is at most a quarter page, or one entry).
    let taken = 0;
    let bytes = 0;
    while (taken < Math.min(sizes.length, PLAN_CHUNKS_MAX) && (taken === 0 || bytes + sizes[taken]!.bytes <= pageBytes)) {
      bytes += sizes[taken]!.bytes;
      taken += 1;
    }
    let entries: RecordedEntry[] = [];
    if (taken > 0) {
      const chunks = await db
        .select({ entries: partyRecordingChunk.entries })
        .from(partyRecordingChunk)
        .where(and(eq(partyRecordingChunk.recordingId, id), gte(partyRecordingChunk.seq, sizes[0]!.seq), lte(partyRecordingChunk.seq, sizes[taken - 1]!.seq)))
        .orderBy(asc(partyRecordingChunk.seq));
      entries = chunks.flatMap((chunk) => chunk.entries as RecordedEntry[]);
    }
    if (!recording.includeChat) entries = entries.filter((entry) => entry.event.type !== "chat");
    const startedAt = recording.startedAt.getTime();
    const { endedAt } = recordingEnd(recording);
    const next = sizes[taken];
    return recordingTimelinePageSchema.parse({
      started_at: startedAt,
      ended_at: Math.max(startedAt, endedAt),
      start: cursor === undefined ? recording.start : null,
      entries,
      page_bytes: bytes,
      size_bytes: recording.byteCount,
      next_cursor: next ? String(next.seq) : null,
    });
  } finally {
    release();
  }
}
