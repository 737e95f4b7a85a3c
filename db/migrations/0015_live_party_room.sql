ALTER TABLE "live_party" ADD COLUMN "room_id" text;--> statement-breakpoint
ALTER TABLE "live_party" ADD CONSTRAINT "live_party_room_id_room_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."room"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "live_party_one_live_per_room" ON "live_party" USING btree ("room_id") WHERE "live_party"."state" <> 'ENDED' and "live_party"."room_id" is not null;--> statement-breakpoint
CREATE INDEX "live_party_room_idx" ON "live_party" USING btree ("room_id","created_at");