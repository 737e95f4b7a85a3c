/**
 * Scheduled parties and their RSVPs. RSVP counts are always counted
 * from `scheduled_party_rsvp`, never taken from a client. A private party is reachable only by its
 * host, by users who hold its invite code, and by those who RSVP'd with it (its invitees).
 */
import { index, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { liveParty } from "./parties";

/** One link of a scheduled party's programme: what its live party will play, in order. */
export interface ProgrammeEntry {
  url: string;
  title: string;
}

export const scheduledParty = pgTable(
  "scheduled_party",
  {
    id: text("id").primaryKey(),
    hostId: text("host_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description"),
    /** One of SCHEDULED_PARTY_PLATFORMS (spec: show_movie, the platform label). */
    platform: text("platform").notNull(),
    dateTime: timestamp("date_time", { withTimezone: true }).notNull(),
    /** public | private */
    privacy: text("privacy").notNull().default("public"),
    /** Lets the host invite people to a private party (shown to the host only). */
    inviteCode: text("invite_code").notNull().unique(),
    /** The queue prepared in advance: the first entry starts the live party, the rest are queued. */
    programme: jsonb("programme").$type<ProgrammeEntry[]>().notNull().default([]),
    /** The live party the host started from this one; a second start answers with it while it runs. */
    livePartyId: text("live_party_id").references(() => liveParty.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("scheduled_party_date_time_idx").on(t.dateTime), index("scheduled_party_host_idx").on(t.hostId)],
);

export const scheduledPartyRsvp = pgTable(
  "scheduled_party_rsvp",
  {
    partyId: text("party_id")
      .notNull()
      .references(() => scheduledParty.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.partyId, t.userId] }), index("scheduled_party_rsvp_user_idx").on(t.userId)],
);
