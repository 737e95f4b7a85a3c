/**
 * What a live party's members were told is saved, apart from the party's row: chat messages, chat
 * reports, the moderation state (mutes, lock, slow mode…) and the queue. Each is a party event as
 * the log carries it, written before the event is appended to the bus and before the command is
 * answered, so it survives a crash of the app (the in-process bus keeps its log only in memory) and
 * a restart of Redis. A replica is rebuilt from these rows, then from the bus's log
 * (lib/server/realtime/durable-events.ts). Only the latest rows of each kind are kept: the state
 * events (moderation, queue) carry the whole state, the chat is bounded by its history.
 */
import { bigserial, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { liveParty } from "./parties";

export const partyDurableEvent = pgTable(
  "party_durable_event",
  {
    /** Write order: the order the events are folded in when a replica is rebuilt. */
    seq: bigserial("seq", { mode: "number" }).primaryKey(),
    partyId: text("party_id")
      .notNull()
      .references(() => liveParty.id, { onDelete: "cascade" }),
    /** The event's type: "chat" | "chat.report" | "moderation" | "queue". */
    kind: text("kind").notNull(),
    event: jsonb("event").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("party_durable_event_party_kind_idx").on(t.partyId, t.kind, t.seq)],
);
