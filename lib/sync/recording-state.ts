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
  /**
   * Set while the recording's size budget for the current minute is used: until this server time
   * drawings and chat are left out of it (playback, media and polls still go in). Absent otherwise.
   */
  limitedUntil: z.number().nonnegative().optional(),
});
export type RecordingState = z.infer<typeof recordingStateSchema>;

/**
 * Why a recording stopped by itself (the host's own stop has no reason): it reached its size limit
 * (bytes or entries), its length limit, or the party moved to media that cannot be recorded.
 */
export const RECORDING_STOP_REASONS = ["size", "length", "media"] as const;
export type RecordingStopReason = (typeof RECORDING_STOP_REASONS)[number];
export const recordingStopSchema = z.object({ id: z.string().min(1).max(64), reason: z.enum(RECORDING_STOP_REASONS) });
export type RecordingStop = z.infer<typeof recordingStopSchema>;

const STOP_MESSAGES: Record<RecordingStopReason, string> = {
  size: "The recording stopped: it reached its size limit. Everything until then is saved.",
  length: "The recording stopped: it reached its 12-hour limit. Everything until then is saved.",
  media: "The recording stopped: only YouTube videos can be recorded. Everything until then is saved.",
};
export function recordingStopMessage(reason: RecordingStopReason): string {
  return STOP_MESSAGES[reason];
}

export { RECORDING_TITLE_MAX };
/** What every member is told while the party is recorded. */
export const RECORDING_NOTICE = "This party is being recorded, chat included.";
export const RECORDING_NOTICE_NO_CHAT = "This party is being recorded (chat is not).";
export const RECORDING_LIMITED_NOTICE = "This party is being recorded, but drawings and chat are left out for the rest of this minute: the recording reached its size limit per minute.";
export function recordingNotice(state: RecordingState): string {
  if (state.limitedUntil !== undefined) return RECORDING_LIMITED_NOTICE;
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
