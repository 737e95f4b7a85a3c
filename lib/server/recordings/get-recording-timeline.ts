import "server-only";
/**
 * A recording's timeline, as a replay folds it: the start state and every flushed entry in order.
 * Chat is left out when the host chose not to include it (at the start, at the stop or later).
 */
import { asc, eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { partyRecordingChunk } from "@/db/schema";
import { recordingTimelineSchema, type RecordingTimelineBody } from "@/lib/schemas/recording";
import type { RecordedEntry } from "@/lib/sync";
import { getVisibleRecordingOrThrow, recordingEnd } from "./recording-row";

export async function getRecordingTimeline(id: string, viewerId: string | null): Promise<RecordingTimelineBody> {
  const { recording } = await getVisibleRecordingOrThrow(id, viewerId);
  const db = await getDb();
  const chunks = await db.select({ entries: partyRecordingChunk.entries }).from(partyRecordingChunk).where(eq(partyRecordingChunk.recordingId, id)).orderBy(asc(partyRecordingChunk.seq));
  let entries = chunks.flatMap((chunk) => chunk.entries as RecordedEntry[]);
  if (!recording.includeChat) entries = entries.filter((entry) => entry.event.type !== "chat");
  const startedAt = recording.startedAt.getTime();
  const { endedAt } = recordingEnd(recording);
  return recordingTimelineSchema.parse({ started_at: startedAt, ended_at: Math.max(startedAt, endedAt), start: recording.start, entries });
}
