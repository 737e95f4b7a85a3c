CREATE TABLE "party_recording" (
	"id" text PRIMARY KEY NOT NULL,
	"host_id" text NOT NULL,
	"host_display_name" text NOT NULL,
	"party_id" text NOT NULL,
	"title" text NOT NULL,
	"privacy" text DEFAULT 'private' NOT NULL,
	"include_chat" boolean DEFAULT true NOT NULL,
	"start" jsonb NOT NULL,
	"media" jsonb NOT NULL,
	"started_at" timestamp (3) with time zone NOT NULL,
	"ended_at" timestamp (3) with time zone,
	"last_flush_at" timestamp (3) with time zone NOT NULL,
	"entry_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "party_recording_chunk" (
	"recording_id" text NOT NULL,
	"seq" integer NOT NULL,
	"entries" jsonb NOT NULL,
	CONSTRAINT "party_recording_chunk_recording_id_seq_pk" PRIMARY KEY("recording_id","seq")
);
--> statement-breakpoint
ALTER TABLE "party_recording_chunk" ADD CONSTRAINT "party_recording_chunk_recording_id_party_recording_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."party_recording"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "party_recording_host_idx" ON "party_recording" USING btree ("host_id","created_at");