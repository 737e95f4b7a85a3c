CREATE TABLE "room" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"slug_skeleton" text NOT NULL,
	"owner_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"privacy" text DEFAULT 'public' NOT NULL,
	"invite_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_slug_unique" UNIQUE("slug"),
	CONSTRAINT "room_slug_skeleton_unique" UNIQUE("slug_skeleton"),
	CONSTRAINT "room_invite_code_unique" UNIQUE("invite_code")
);
--> statement-breakpoint
CREATE TABLE "room_member" (
	"room_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_member_room_id_user_id_pk" PRIMARY KEY("room_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "room_slug_redirect" (
	"slug" text PRIMARY KEY NOT NULL,
	"slug_skeleton" text NOT NULL,
	"room_id" text NOT NULL,
	"until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "room" ADD CONSTRAINT "room_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_member" ADD CONSTRAINT "room_member_room_id_room_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."room"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_member" ADD CONSTRAINT "room_member_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_slug_redirect" ADD CONSTRAINT "room_slug_redirect_room_id_room_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."room"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "room_owner_idx" ON "room" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "room_member_user_idx" ON "room_member" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "room_slug_redirect_skeleton_idx" ON "room_slug_redirect" USING btree ("slug_skeleton");