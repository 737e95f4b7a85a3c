CREATE TABLE "party_moderation" (
	"party_id" text NOT NULL,
	"member_id" text NOT NULL,
	"kind" text NOT NULL,
	"until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "party_moderation_party_id_member_id_pk" PRIMARY KEY("party_id","member_id")
);
--> statement-breakpoint
ALTER TABLE "party_moderation" ADD CONSTRAINT "party_moderation_party_id_live_party_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."live_party"("id") ON DELETE cascade ON UPDATE no action;