/**
 * Kicks and bans of a live party's members. A row refuses the member's joins (and
 * stream reconnects) on every instance: a kick until `until` (10 minutes), a ban for good (`until`
 * null). The database is what every instance shares, so this is where it lives.
 */
import { pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { liveParty } from "./parties";

export const partyModeration = pgTable(
  "party_moderation",
  {
    partyId: text("party_id")
      .notNull()
      .references(() => liveParty.id, { onDelete: "cascade" }),
    /** An account's user id, or a guest's id. */
    memberId: text("member_id").notNull(),
    /** "kick" | "ban" */
    kind: text("kind").notNull(),
    /** A kick's end; null for a ban. */
    until: timestamp("until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.partyId, t.memberId] })],
);
