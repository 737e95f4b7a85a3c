import "server-only";
/**
 * A recording's timeline, as a replay folds it, served in pages: the start state (first page) and the
 * stored entries in order, a page being whole chunks up to VP_RECORDING_PAGE_BYTES. A page is planned
 * from the chunks' sizes (small columns) before any entries are loaded, then streamed one stored chunk
 * at a time as the client takes it, so a read holds one chunk in memory however large the recording
 * (256 KB at most). Chat is left out when the host chose not to include it (at the start, at
 * the stop or later).
 *
 * At most VP_RECORDING_READS_MAX pages are read at once on an instance, from the request until its
 * body is sent; a read past that is refused with 503 and Retry-After (before the database is touched)
 * rather than queued: queued reads would still pile their memory and delay every other request, as
 * three parallel reads of a 45 MB timeline once stalled the whole server for 23 s. A reader that
 * stops taking the body gives its slot back after READ_SLOT_MAX_MS (its response is cut off).
 */
import { and, asc, eq, gte } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { getEnv } from "@/lib/server/env";
import { partyRecordingChunk } from "@/db/schema";
import { RECORDING_READS_BUSY, recordingTimelinePageSchema } from "@/lib/schemas/recording";
import { serverBusy } from "@/lib/server/http/api-error";
import type { RecordedEntry } from "@/lib/sync";
import { getVisibleRecordingOrThrow, recordingEnd } from "./recording-row";
import { processState } from "@/lib/server/process-singleton";

/** Chunk sizes looked at to plan one page (a page ends there even if more would fit). */
const PLAN_CHUNKS_MAX = 2000;
/** What a refused read is told to wait (s): a page takes well under a second to send. */
const BUSY_RETRY_AFTER_S = 1;
/** The longest one read may hold its slot: a page is at most a few MB, sent in well under this. */
export const READ_SLOT_MAX_MS = 30_000;

const reads = processState("recordingReads", () => ({ active: 0 }));

/** Takes one of the instance's read slots (its release is idempotent), or throws 503 when all are in use. */
function acquireReadSlot(): () => void {
  if (reads.active >= getEnv().VP_RECORDING_READS_MAX) throw serverBusy(BUSY_RETRY_AFTER_S, RECORDING_READS_BUSY);
  reads.active += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    reads.active -= 1;
  };
}

const encoder = new TextEncoder();

export async function getRecordingTimelinePage(id: string, viewerId: string | null, cursor: number | undefined): Promise<Response> {
  const release = acquireReadSlot();
  try {
    const { recording } = await getVisibleRecordingOrThrow(id, viewerId);
    const db = await getDb();
    const sizes = await db
      .select({ seq: partyRecordingChunk.seq, bytes: partyRecordingChunk.bytes })
      .from(partyRecordingChunk)
      .where(and(eq(partyRecordingChunk.recordingId, id), gte(partyRecordingChunk.seq, cursor ?? 0)))
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
    const seqs = sizes.slice(0, taken).map((size) => size.seq);
    const startedAt = recording.startedAt.getTime();
    const { endedAt } = recordingEnd(recording);
    // Everything but the entries, checked against the page's schema (the entries are as the recorder
    // built them from the party's validated events).
    const { entries: _none, ...head } = recordingTimelinePageSchema.parse({
      started_at: startedAt,
      ended_at: Math.max(startedAt, endedAt),
      start: cursor === undefined ? recording.start : null,
      entries: [],
      page_bytes: bytes,
      size_bytes: recording.byteCount,
      next_cursor: sizes[taken] ? String(sizes[taken]!.seq) : null,
    });
    const includeChat = recording.includeChat;

    let next = 0;
    let wroteEntry = false;
    let timer: NodeJS.Timeout | undefined;
    const done = () => {
      clearTimeout(timer);
      release();
    };
    const body = new ReadableStream<Uint8Array>(
      {
        start(controller) {
          timer = setTimeout(() => {
            done();
            controller.error(new Error("The timeline read took too long."));
          }, READ_SLOT_MAX_MS);
          timer.unref?.();
          controller.enqueue(encoder.encode(`${JSON.stringify(head).slice(0, -1)},"entries":[`));
        },
        // One stored chunk per pull: the client's pace decides how fast the next is loaded.
        async pull(controller) {
          try {
            const seq = seqs[next];
            next += 1;
            if (seq === undefined) {
              controller.enqueue(encoder.encode("]}"));
              controller.close();
              done();
              return;
            }
            const [chunk] = await db
              .select({ entries: partyRecordingChunk.entries })
              .from(partyRecordingChunk)
              .where(and(eq(partyRecordingChunk.recordingId, id), eq(partyRecordingChunk.seq, seq)));
            let entries = (chunk?.entries ?? []) as RecordedEntry[];
            if (!includeChat) entries = entries.filter((entry) => entry.event.type !== "chat");
            if (entries.length === 0) return;
            const json = JSON.stringify(entries).slice(1, -1);
            controller.enqueue(encoder.encode(wroteEntry ? `,${json}` : json));
            wroteEntry = true;
          } catch (error) {
            done();
            controller.error(error);
          }
        },
        cancel() {
          done();
        },
      },
      // Pull the next chunk only once the previous one has been taken.
      { highWaterMark: 0 },
    );
    return new Response(body, { status: 200, headers: { "Content-Type": "application/json", "Cache-Control": "no-store" } });
  } catch (error) {
    release();
    throw error;
  }
}
