/**
 * Party recordings: a live party's timeline over its public YouTube media (never the media itself).
 * The row is written when the host starts recording and finished when it stops; the timeline's
 * entries arrive in chunks flushed every few seconds by the one instance that records, so a crash
 * loses at most the entries since the last flush (`lastFlushAt` then tells where the recording ends).
 */
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, boolean } from "drizzle-orm/pg-core";

export const partyRecording = pgTable(
  "party_recording",
  {
    id: text("id").primaryKey(),
    /** The host who recorded (an account: guests cannot record). */
    hostId: text("host_id").notNull(),
    hostDisplayName: text("host_display_name").notNull(),
    /** The live party it was recorded from (kept as text: the party row may go, the recording stays). */
    partyId: text("party_id").notNull(),
    title: text("title").notNull(),
    /** public | unlisted | private */
    privacy: text("privacy").notNull().default("private"),
    includeChat: boolean("include_chat").notNull().default(true),
    /** The state a replay starts from (RecordingStart). */
    start: jsonb("start").notNull(),
    /** Every media played, in order: [{ url, title }]. */
    media: jsonb("media").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true, precision: 3 }).notNull(),
    /** Set when the recording stopped (null while it runs or when its instance died). */
    endedAt: timestamp("ended_at", { withTimezone: true, precision: 3 }),
    /** Server time of the last flush: where a recording whose instance died ends. */
    lastFlushAt: timestamp("last_flush_at", { withTimezone: true, precision: 3 }).notNull(),
    entryCount: integer("entry_count").notNull().default(0),
    /** Bytes of the stored entries (their JSON): what the size limits count and a reader's progress measures. */
    byteCount: integer("byte_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("party_recording_host_idx").on(t.hostId, t.createdAt)],
);

/**
 * A run of a recording's entries (RecordedEntry[]), in order by `seq`: one flush, cut into chunks of
 * bounded bytes, so a timeline is read in bounded pages of whole chunks.
 */
export const partyRecordingChunk = pgTable(
  "party_recording_chunk",
  {
    recordingId: text("recording_id")
      .notNull()
      .references(() => partyRecording.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    entries: jsonb("entries").notNull(),
    /** Bytes of `entries` as JSON: a page is planned from these without loading the entries. */
    bytes: integer("bytes").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.recordingId, t.seq] })],
);
