CREATE TABLE "playlist_member" (
	"playlist_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "playlist_member_playlist_id_user_id_pk" PRIMARY KEY("playlist_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "playlist_twitch" (
	"playlist_id" text PRIMARY KEY NOT NULL,
	"channel" text,
	"bot_username" text,
	"command_prefix" text NOT NULL,
	"oauth_token_encrypted" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "playlist" ADD COLUMN "admin_key" text;--> statement-breakpoint
ALTER TABLE "playlist" ADD COLUMN "accept_youtube" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "playlist" ADD COLUMN "accept_tiktok" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "playlist" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "playlist_link" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "playlist_member" ADD CONSTRAINT "playlist_member_playlist_id_playlist_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlist"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_member" ADD CONSTRAINT "playlist_member_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_twitch" ADD CONSTRAINT "playlist_twitch_playlist_id_playlist_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlist"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "playlist_member_user_idx" ON "playlist_member" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "playlist_link_position_idx" ON "playlist_link" USING btree ("playlist_id","position");--> statement-breakpoint
ALTER TABLE "playlist" ADD CONSTRAINT "playlist_admin_key_unique" UNIQUE("admin_key");--> statement-breakpoint
-- Existing links keep the order they were added in; existing playlists get an admin key.
UPDATE "playlist_link" SET "position" = ranked.pos FROM (SELECT "id", (row_number() OVER (PARTITION BY "playlist_id" ORDER BY "created_at", "id") - 1)::integer AS pos FROM "playlist_link") AS ranked WHERE "playlist_link"."id" = ranked."id";--> statement-breakpoint
UPDATE "playlist" SET "admin_key" = md5(random()::text || "id" || clock_timestamp()::text) WHERE "admin_key" IS NULL;
