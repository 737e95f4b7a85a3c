ALTER TABLE "playlist_twitch" ADD COLUMN "bot_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "playlist_twitch" ADD COLUMN "replies_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "playlist_twitch" ADD COLUMN "cooldown_seconds" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "playlist_twitch" ADD COLUMN "bot_status" text DEFAULT 'disconnected' NOT NULL;--> statement-breakpoint
ALTER TABLE "playlist_twitch" ADD COLUMN "bot_error" text;