CREATE TABLE "live_party" (
	"id" text PRIMARY KEY NOT NULL,
	"invite_code" text NOT NULL,
	"host_id" text NOT NULL,
	"host_display_name" text NOT NULL,
	"host_username" text,
	"platform_domain" text NOT NULL,
	"video_url" text NOT NULL,
	"video_title" text NOT NULL,
	"synopsis" text,
	"chat_provider" text DEFAULT 'builtin' NOT NULL,
	"chat_identifier" text,
	"visibility" text DEFAULT 'public' NOT NULL,
	"streamer_latency_ms" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "live_party_invite_code_unique" UNIQUE("invite_code")
);
--> statement-breakpoint
CREATE TABLE "live_party_member" (
	"party_id" text NOT NULL,
	"member_id" text NOT NULL,
	"role" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"left_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "live_party_member" ADD CONSTRAINT "live_party_member_party_id_live_party_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."live_party"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_party_state_idx" ON "live_party" USING btree ("state");--> statement-breakpoint
CREATE INDEX "live_party_host_idx" ON "live_party" USING btree ("host_id");--> statement-breakpoint
CREATE UNIQUE INDEX "live_party_member_pk" ON "live_party_member" USING btree ("party_id","member_id");--> statement-breakpoint
CREATE INDEX "live_party_member_member_idx" ON "live_party_member" USING btree ("member_id");