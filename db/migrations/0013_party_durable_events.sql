CREATE TABLE "party_durable_event" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"party_id" text NOT NULL,
	"kind" text NOT NULL,
	"event" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "party_durable_event" ADD CONSTRAINT "party_durable_event_party_id_live_party_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."live_party"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "party_durable_event_party_kind_idx" ON "party_durable_event" USING btree ("party_id","kind","seq");