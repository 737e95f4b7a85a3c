CREATE TABLE "playlist" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"owner_id" text NOT NULL,
	"share_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "playlist_share_code_unique" UNIQUE("share_code")
);
--> statement-breakpoint
CREATE TABLE "playlist_link" (
	"id" text PRIMARY KEY NOT NULL,
	"playlist_id" text NOT NULL,
	"url" text NOT NULL,
	"title" text,
	"added_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "playlist" ADD CONSTRAINT "playlist_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_link" ADD CONSTRAINT "playlist_link_playlist_id_playlist_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlist"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_link" ADD CONSTRAINT "playlist_link_added_by_user_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "playlist_owner_id_idx" ON "playlist" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "playlist_created_at_idx" ON "playlist" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "playlist_link_playlist_id_idx" ON "playlist_link" USING btree ("playlist_id","created_at");