import "server-only";
/** Rename a recording, change its privacy or drop its chat, and delete it: its owner only. */
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { partyRecording } from "@/db/schema";
import { RECORDING_OWNER_ONLY, type Recording, type UpdateRecordingInput } from "@/lib/schemas/recording";
import { forbidden } from "@/lib/server/http/api-error";
import { getVisibleRecordingOrThrow, toRecording } from "./recording-row";

/** Someone who may see it but does not own it: 403; someone who may not even see it: 404. */
async function getOwnRecordingOrThrow(id: string, userId: string) {
  const found = await getVisibleRecordingOrThrow(id, userId);
  if (found.recording.hostId !== userId) throw forbidden(RECORDING_OWNER_ONLY);
  return found;
}

export async function updateRecording(id: string, userId: string, input: UpdateRecordingInput): Promise<Recording> {
  const found = await getOwnRecordingOrThrow(id, userId);
  const db = await getDb();
  const [row] = await db
    .update(partyRecording)
    .set({
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.privacy !== undefined ? { privacy: input.privacy } : {}),
      ...(input.include_chat !== undefined ? { includeChat: input.include_chat } : {}),
    })
    .where(eq(partyRecording.id, id))
    .returning();
  return toRecording({ recording: row ?? found.recording, username: found.username }, userId);
}

export async function deleteRecording(id: string, userId: string): Promise<void> {
  await getOwnRecordingOrThrow(id, userId);
  const db = await getDb();
  await db.delete(partyRecording).where(eq(partyRecording.id, id));
}
