/**
 * Live parties. A row is written when a party starts and when its meta
 * changes (media, state); the real-time hot path (playback, presence, chat) never waits on these.
 */
import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { room } from "./rooms";

/**
 * A host runs at most one live party at a time. The database enforces it (a partial unique index over
 * the parties that have not ended), so simultaneous "start a party" requests, even on several app
 * instances, cannot both succeed; the error mapper turns the violation into a 409.
 */
export const ONE_LIVE_PARTY_PER_HOST = "live_party_one_live_per_host";

export const ONE_LIVE_PARTY_PER_ROOM = "live_party_one_live_per_room";

export const liveParty = pgTable(
  "live_party",
  {
    id: text("id").primaryKey(),
    /** Short code that reaches the party; the only way into a private one. */
    inviteCode: text("invite_code").notNull().unique(),
    /** A user id, or a guest id ("guest_…") for hosts without an account. */
    hostId: text("host_id").notNull(),
    hostDisplayName: text("host_display_name").notNull(),
    hostUsername: text("host_username"),
    platformDomain: text("platform_domain").notNull(),
    videoUrl: text("video_url").notNull(),
    videoTitle: text("video_title").notNull(),
    synopsis: text("synopsis"),
    chatProvider: text("chat_provider").notNull().default("builtin"),
    chatIdentifier: text("chat_identifier"),
    visibility: text("visibility").notNull().default("public"),
    streamerLatencyMs: integer("streamer_latency_ms").notNull().default(0),
    /** ACTIVE | AWAITING_RECONNECT | ENDED */
    state: text("state").notNull().default("ACTIVE"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /**
     * Since when the host has had no stream open, while the party is AWAITING_RECONNECT (null when
     * ACTIVE): the public list shows a party whose host has been away longer than a short grace as
     * "host away" and leaves it out of the live count, from this alone (no timer needs to survive).
     */
    hostAwaySince: timestamp("host_away_since", { withTimezone: true }),
    /** The room this party went live in (lib/server/rooms/go-live.ts); null for a party of its own. */
    roomId: text("room_id").references(() => room.id, { onDelete: "set null" }),
  },
  (t) => [
    index("live_party_state_idx").on(t.state),
    index("live_party_host_idx").on(t.hostId),
    uniqueIndex(ONE_LIVE_PARTY_PER_HOST).on(t.hostId).where(sql`${t.state} <> 'ENDED'`),
    // A room is live with one party at a time, however many of its staff press "Go live" at once.
    uniqueIndex(ONE_LIVE_PARTY_PER_ROOM).on(t.roomId).where(sql`${t.state} <> 'ENDED' and ${t.roomId} is not null`),
    index("live_party_room_idx").on(t.roomId, t.createdAt),
  ],
);

/** Who joined which live party (GET /users/me/current-party); one open row per member. */
export const livePartyMember = pgTable(
  "live_party_member",
  {
    partyId: text("party_id")
      .notNull()
      .references(() => liveParty.id, { onDelete: "cascade" }),
    memberId: text("member_id").notNull(),
    role: text("role").notNull(),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    leftAt: timestamp("left_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("live_party_member_pk").on(t.partyId, t.memberId), index("live_party_member_member_idx").on(t.memberId)],
);
