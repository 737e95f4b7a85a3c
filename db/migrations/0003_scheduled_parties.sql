CREATE TABLE "scheduled_party" (
	"id" text PRIMARY KEY NOT NULL,
	"host_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"platform" text NOT NULL,
	"date_time" timestamp with time zone NOT NULL,
	"privacy" text DEFAULT 'public' NOT NULL,
	"invite_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_party_invite_code_unique" UNIQUE("invite_code")
);
--> statement-breakpoint
CREATE TABLE "scheduled_party_rsvp" (
	"party_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_party_rsvp_party_id_user_id_pk" PRIMARY KEY("party_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "scheduled_party" ADD CONSTRAINT "scheduled_party_host_id_user_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_party_rsvp" ADD CONSTRAINT "scheduled_party_rsvp_party_id_scheduled_party_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."scheduled_party"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_party_rsvp" ADD CONSTRAINT "scheduled_party_rsvp_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scheduled_party_date_time_idx" ON "scheduled_party" USING btree ("date_time");--> statement-breakpoint
CREATE INDEX "scheduled_party_host_idx" ON "scheduled_party" USING btree ("host_id");--> statement-breakpoint
CREATE INDEX "scheduled_party_rsvp_user_idx" ON "scheduled_party_rsvp" USING btree ("user_id");