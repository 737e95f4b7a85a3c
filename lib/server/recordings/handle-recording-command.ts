import "server-only";
/**
 * The host's recording commands, posted like every command to /parties/{id}/commands. Start: a row is
 * written, this instance claims the recording (it will run the recorder), and the `recording` state
 * goes into the party's log, so every member sees the badge and the notice. Stop: the state is cleared
 * through the log (the recorder, wherever it runs, folds it and writes its last entries); when the
 * recorder runs here the answer waits for that last write, so the recording is complete when read.
 * Only the host starts a recording; only the one who started it stops it (see the stop below).
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { partyRecording } from "@/db/schema";
import { conflict, forbidden, unprocessable, partyEnded } from "@/lib/server/http/api-error";
import type { Room } from "@/lib/server/realtime/room";
import { publish } from "@/lib/server/realtime/publish";
import { PROTOCOL_VERSION, recordingCommandSchema, RECORDING_TITLE_MAX } from "@/lib/sync";
import { claimRecording, forgetClaim, isRecordableMedia, recorderFinished } from "./recorder";

export const HOST_ONLY_RECORDING = "Only the host can record the party.";
export const GUEST_HOST_RECORDING = "Log in to record the party: a recording belongs to an account.";
export const RECORDING_OWNER_ONLY = "Only the member who started this recording can stop it.";
export const NOT_YOUTUBE = "Only a party watching a YouTube video can be recorded.";
/** How long a stop waits for this instance's replica to fold it (the log is normally instant). */
const FOLD_WAIT_MS = 5000;

export interface RecordingCaller {
  id: string;
  displayName: string;
  isGuest: boolean;
}

export async function handleRecordingCommand(room: Room, caller: RecordingCaller, input: unknown): Promise<{ id: string | null; recordingId: string | null }> {
  const parsed = recordingCommandSchema.safeParse(input);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw unprocessable(first ? `${first.path.length > 0 ? `${first.path.join(".")}: ` : ""}${first.message}` : "Invalid command");
  }
  const command = parsed.data;
  if (room.meta.state === "ENDED") throw partyEnded();
  const db = await getDb();

  if (command.type === "recording.start") {
    if (caller.id !== room.meta.hostUserId) throw forbidden(HOST_ONLY_RECORDING, "host_only");
    if (caller.isGuest) throw forbidden(GUEST_HOST_RECORDING, "account_required");
    if (room.recording) throw conflict("already_recording", "The party is already being recorded.");
    if (!isRecordableMedia(room.media.url)) throw conflict("not_recordable", NOT_YOUTUBE);
    const id = randomUUID();
    const now = Date.now();
    const title = (command.title ?? (room.meta.title || room.media.title || "Party recording")).slice(0, RECORDING_TITLE_MAX);
    await db.insert(partyRecording).values({
      id,
      hostId: caller.id,
      hostDisplayName: caller.displayName.slice(0, 100),
      partyId: room.id,
      title,
      includeChat: command.includeChat,
      start: { media: room.media, playback: room.playback, strokes: room.strokes, poll: room.poll?.poll ?? null },
      media: [{ url: room.media.url, title: room.media.title }],
      startedAt: new Date(now),
      lastFlushAt: new Date(now),
    });
    claimRecording(room, id);
    let eventId: string;
    try {
      eventId = await publish(room, { v: PROTOCOL_VERSION, type: "recording", recording: { id, startedAt: now, includeChat: command.includeChat, startedBy: caller.id } });
    } catch (error) {
      forgetClaim(id);
      await db.delete(partyRecording).where(eq(partyRecording.id, id));
      throw error;
    }
    // Answer once this instance has folded the start (through Redis, a round trip after the publish),
    // as the stop does: a stop sent right after this answer must find the recording.
    await room.folded(eventId, FOLD_WAIT_MS);
    return { id: eventId, recordingId: id };
  }

  // A recording belongs to whoever started it (its row's host): after a hand-over the new host
  // neither stops it nor changes its settings; its owner (now perhaps a member) or the party's end does.
  const current = room.recording;
  if (!current) {
    if (caller.id !== room.meta.hostUserId) throw forbidden(HOST_ONLY_RECORDING, "host_only");
    throw conflict("not_recording", "The party is not being recorded.");
  }
  const [owner] = await db.select({ id: partyRecording.hostId }).from(partyRecording).where(eq(partyRecording.id, current.id)).limit(1);
  if (caller.id !== (owner?.id ?? room.meta.hostUserId)) throw forbidden(RECORDING_OWNER_ONLY);
  if (command.includeChat !== undefined) {
    await db.update(partyRecording).set({ includeChat: command.includeChat }).where(eq(partyRecording.id, current.id));
  }
  const eventId = await publish(room, { v: PROTOCOL_VERSION, type: "recording", recording: null });
  await room.folded(eventId, FOLD_WAIT_MS);
  await recorderFinished(current.id);
  return { id: eventId, recordingId: current.id };
}
