import "server-only";
/**
 * Reading recordings: who may see one, and its public shape. A private recording is its owner's
 * alone (anyone else gets the same 404 as for a missing one, so ids cannot be probed); an unlisted one
 * is seen by whoever has its link but never listed; a public one is listed on its host's profile.
 */
import { and, desc, eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { partyRecording, user } from "@/db/schema";
import { RECORDING_NOT_FOUND, recordingSchema, type Recording, type RecordingPrivacy } from "@/lib/schemas/recording";
import { idParamSchema } from "@/lib/schemas/common";
import { notFound } from "@/lib/server/http/api-error";

export type RecordingRow = typeof partyRecording.$inferSelect;

/**
 * A recording whose recorder stopped writing this long ago without finishing it (its instance died)
 * is shown as done, ending at its last flush: everything up to it is kept.
 */
export const RECORDER_LOST_AFTER_MS = 60_000;

export function recordingEnd(row: RecordingRow, now = Date.now()): { endedAt: number; done: boolean } {
  if (row.endedAt) return { endedAt: row.endedAt.getTime(), done: true };
  const last = row.lastFlushAt.getTime();
  return { endedAt: now - last > RECORDER_LOST_AFTER_MS ? last : now, done: now - last > RECORDER_LOST_AFTER_MS };
}

const columns = { recording: partyRecording, username: user.username };

/**
 * The recording with this id, or undefined. An id no recording can have (a NUL byte, an unpaired
 * surrogate, too long: what a page's path can carry) is not looked up: PostgreSQL would refuse it
 * with an error (22021) rather than find nothing.
 */
export async function findRecording(id: string): Promise<{ recording: RecordingRow; username: string | null } | undefined> {
  if (!idParamSchema.safeParse({ id }).success) return undefined;
  const db = await getDb();
  const [row] = await db.select(columns).from(partyRecording).leftJoin(user, eq(user.id, partyRecording.hostId)).where(eq(partyRecording.id, id)).limit(1);
  return row;
}

/** The recording if `viewerId` may see it (owner: always; others: public or unlisted), else 404. */
export async function getVisibleRecordingOrThrow(id: string, viewerId: string | null): Promise<{ recording: RecordingRow; username: string | null }> {
  const found = await findRecording(id);
  if (!found || (found.recording.privacy === "private" && found.recording.hostId !== viewerId)) throw notFound(RECORDING_NOT_FOUND);
  return found;
}

export function toRecording({ recording: row, username }: { recording: RecordingRow; username: string | null }, viewerId: string | null): Recording {
  const { endedAt, done } = recordingEnd(row);
  return recordingSchema.parse({
    id: row.id,
    title: row.title,
    host: { id: row.hostId, display_name: row.hostDisplayName, username },
    privacy: row.privacy as RecordingPrivacy,
    include_chat: row.includeChat,
    media: row.media,
    duration_ms: Math.max(0, endedAt - row.startedAt.getTime()),
    entry_count: row.entryCount,
    size_bytes: row.byteCount,
    status: done ? "ready" : "recording",
    started_at: row.startedAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    is_owner: viewerId !== null && viewerId === row.hostId,
  });
}

/** The caller's own recordings, newest first, whatever their privacy. */
export async function listMyRecordings(userId: string): Promise<{ recordings: Recording[] }> {
  const db = await getDb();
  const rows = await db.select(columns).from(partyRecording).leftJoin(user, eq(user.id, partyRecording.hostId)).where(eq(partyRecording.hostId, userId)).orderBy(desc(partyRecording.createdAt));
  return { recordings: rows.map((row) => toRecording(row, userId)) };
}

/** A host's public recordings (never unlisted or private ones), newest first. */
export async function listPublicRecordings(hostId: string, viewerId: string | null): Promise<{ recordings: Recording[] }> {
  const db = await getDb();
  const rows = await db
    .select(columns)
    .from(partyRecording)
    .leftJoin(user, eq(user.id, partyRecording.hostId))
    .where(and(eq(partyRecording.hostId, hostId), eq(partyRecording.privacy, "public")))
    .orderBy(desc(partyRecording.createdAt));
  return { recordings: rows.map((row) => toRecording(row, viewerId)) };
}
