/**
 * Whether a live party is being recorded, and the host's commands that start and stop it. Kept apart
 * from protocol.ts (which only adds the `recording` event and the snapshot's field) so other
 * additions to the protocol merge cleanly. The state travels through the party's log as a whole, like
 * moderation, so every instance and every member's room or overlay knows it.
 * Imports stay relative (the extension bundles lib/sync).
 */
import { z } from "zod";
import { RECORDING_TITLE_MAX } from "./recording-limits";
import { safeText } from "./safe-text";

/** A recording in progress: which one, since when (server ms), whether chat goes into it, and whose it is. */
export const recordingStateSchema = z.object({
  id: z.string().min(1).max(64),
  startedAt: z.number().nonnegative(),
  includeChat: z.boolean(),
  /**
   * Who started it: the recording is theirs, so after a hand-over they (not the new host) stop it.
   * Absent in logs from before it was sent.
   */
  startedBy: z.string().min(1).max(64).optional(),
});
export type RecordingState = z.infer<typeof recordingStateSchema>;

export { RECORDING_TITLE_MAX };
/** What every member is told while the party is recorded. */
export const RECORDING_NOTICE = "This party is being recorded, chat included.";
export const RECORDING_NOTICE_NO_CHAT = "This party is being recorded (chat is not).";
export function recordingNotice(state: RecordingState): string {
  return state.includeChat ? RECORDING_NOTICE : RECORDING_NOTICE_NO_CHAT;
}

const command = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) => z.object({ v: z.literal(1), type: z.literal(type), ...shape });

/** The host starts recording (a YouTube party only); chat is included unless the host says otherwise. */
export const recordingStartCommandSchema = command("recording.start", {
  includeChat: z.boolean().default(true),
  title: safeText("Title").trim().min(1, "Title is empty").max(RECORDING_TITLE_MAX).optional(),
});
/** The host stops it; `includeChat` may change the choice made at the start. */
export const recordingStopCommandSchema = command("recording.stop", { includeChat: z.boolean().optional() });
export const recordingCommandSchema = z.discriminatedUnion("type", [recordingStartCommandSchema, recordingStopCommandSchema]);
export type RecordingCommand = z.infer<typeof recordingCommandSchema>;
export const RECORDING_COMMAND_TYPES = ["recording.start", "recording.stop"] as const;

/** Whether a posted command is one of these (then recordingCommandSchema parses it). */
export function isRecordingCommandInput(input: unknown): boolean {
  return (
    typeof input === "object" &&
    input !== null &&
    "type" in input &&
    (RECORDING_COMMAND_TYPES as readonly unknown[]).includes((input as { type: unknown }).type)
  );
}
