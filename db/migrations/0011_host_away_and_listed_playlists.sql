ALTER TABLE "playlist" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "live_party" ADD COLUMN "host_away_since" timestamp with time zone;