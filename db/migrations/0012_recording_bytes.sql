ALTER TABLE "party_recording" ADD COLUMN "byte_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "party_recording_chunk" ADD COLUMN "bytes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Recordings made before sizes were kept: their chunks' sizes from the stored JSON (jsonb's text adds a
-- space after each separator, so these read slightly high, never low), and each recording's total.
UPDATE "party_recording_chunk" SET "bytes" = octet_length("entries"::text);--> statement-breakpoint
UPDATE "party_recording" SET "byte_count" = COALESCE((SELECT sum("bytes") FROM "party_recording_chunk" WHERE "party_recording_chunk"."recording_id" = "party_recording"."id"), 0);
