/**
 * Rooms: a lasting home for a group or a channel, at `/r/{slug}`. A room outlives its parties; it
 * keeps its title, description, privacy, invite code, members and their roles.
 *
 * - The owner is `room.owner_id` (one per room, never a `room_member` row); everyone else who belongs
 *   to the room has one `room_member` row with their role (co-host, moderator or member).
 * - `slug_skeleton` is the slug as it reads (lib/schemas/room.ts `slugSkeleton`): unique, so no room
 *   can take an address that passes for another's (`vlewparty` for `viewparty`).
 * - A slug the owner changed keeps leading to the room for a while (`room_slug_redirect`), and nobody
 *   else can take it (or a lookalike of it) meanwhile.
 */
import { index, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

export const room = pgTable(
  "room",
  {
    id: text("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    slugSkeleton: text("slug_skeleton").notNull().unique(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description"),
    /** One of ROOM_PRIVACY: public | unlisted | members */
    privacy: text("privacy").notNull().default("public"),
    /** The invite link's code (members-only rooms are joined with it); the owner can replace it. */
    inviteCode: text("invite_code").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("room_owner_idx").on(t.ownerId)],
);

export const roomMember = pgTable(
  "room_member",
  {
    roomId: text("room_id")
      .notNull()
      .references(() => room.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** One of ROOM_MEMBER_ROLES: cohost | moderator | member */
    role: text("role").notNull().default("member"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] }), index("room_member_user_idx").on(t.userId)],
);

export const roomSlugRedirect = pgTable(
  "room_slug_redirect",
  {
    slug: text("slug").primaryKey(),
    slugSkeleton: text("slug_skeleton").notNull(),
    roomId: text("room_id")
      .notNull()
      .references(() => room.id, { onDelete: "cascade" }),
    until: timestamp("until", { withTimezone: true }).notNull(),
  },
  (t) => [index("room_slug_redirect_skeleton_idx").on(t.slugSkeleton)],
);
