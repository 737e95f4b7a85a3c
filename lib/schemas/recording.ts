/**
 * Recording resource schemas: what the routes accept (rename, privacy) and what they return (a
 * recording's public fields, a list, the timeline), shared by the handlers and the site's pages.
 */
import { z } from "zod";
import { RECORDING_TITLE_MAX, recordedEntrySchema, recordingStartSchema } from "@/lib/sync";
import { RECORDING_PRIVACY } from "@/lib/sync/recording-limits";
import { safeText } from "./common";

export { RECORDING_PRIVACY };
export type RecordingPrivacy = (typeof RECORDING_PRIVACY)[number];
export const RECORDING_NOT_FOUND = "Recording not found.";
export const RECORDING_OWNER_ONLY = "Only the host who recorded it can change or delete this recording.";

const title = safeText("Title", { error: "Title is required." })
  .trim()
  .min(1, "Title is required.")
  .max(RECORDING_TITLE_MAX, `Title must be at most ${RECORDING_TITLE_MAX} characters.`);

/** PATCH /api/v1/recordings/{id} body: rename, change who may see it, include or drop the chat. */
export const updateRecordingInputSchema = z
  .object({
    title: title.optional(),
    privacy: z.enum(RECORDING_PRIVACY, { error: "Privacy must be public, unlisted or private." }).optional(),
    include_chat: z.boolean({ error: "include_chat must be true or false." }).optional(),
  })
  .strict()
  .refine((v) => v.title !== undefined || v.privacy !== undefined || v.include_chat !== undefined, "Send a title, a privacy or include_chat to change.");
export type UpdateRecordingInput = z.infer<typeof updateRecordingInputSchema>;

/** A recording as the API shows it. `status`: still being recorded, or done. */
export const recordingSchema = z.object({
  id: z.string(),
  title: z.string(),
  host: z.object({ id: z.string(), display_name: z.string(), username: z.string().nullable() }),
  privacy: z.enum(RECORDING_PRIVACY),
  include_chat: z.boolean(),
  media: z.array(z.object({ url: z.string(), title: z.string() })),
  duration_ms: z.number().int().nonnegative(),
  entry_count: z.number().int().nonnegative(),
  /** Bytes of its stored timeline entries (what its size limit counts). */
  size_bytes: z.number().int().nonnegative(),
  status: z.enum(["recording", "ready"]),
  started_at: z.string(),
  created_at: z.string(),
  /** Whether the caller may rename, change the privacy of and delete it. */
  is_owner: z.boolean(),
});
export type Recording = z.infer<typeof recordingSchema>;
export const recordingListSchema = z.object({ recordings: z.array(recordingSchema) });

/**
 * GET /api/v1/recordings/{id}/timeline[?cursor=]: one page of what a replay folds (lib/sync/recording.ts).
 * The first page (no cursor) carries the start state; every page the next run of entries, at most
 * VP_RECORDING_PAGE_BYTES of them, and `next_cursor` for the page after (null: this was the last).
 * `size_bytes` is the whole timeline's, so a reader shows its progress.
 */
export const recordingTimelinePageSchema = z.object({
  started_at: z.number(),
  ended_at: z.number(),
  start: recordingStartSchema.nullable(),
  entries: z.array(recordedEntrySchema),
  /** Bytes of this page's stored entries. */
  page_bytes: z.number().int().nonnegative(),
  size_bytes: z.number().int().nonnegative(),
  next_cursor: z.string().nullable(),
});
export type RecordingTimelinePage = z.infer<typeof recordingTimelinePageSchema>;
export const RECORDING_CURSOR_INVALID = "must be a next_cursor from an earlier page of this timeline.";
/** The query of a timeline page: no cursor (the first page) or one a page gave. */
export const recordingTimelineQuerySchema = z.object({
  cursor: z
    .string()
    .regex(/^(0|[1-9][0-9]{0,8})$/, RECORDING_CURSOR_INVALID)
    .transform(Number)
    .optional(),
});
export const RECORDING_READS_BUSY = "Many recordings are being loaded right now. Please try again in a moment.";
