import "server-only";
/**
 * The one durable home of what a party's members were told is saved beyond the party's row: chat,
 * chat reports, moderation (mutes, lock, slow mode, …) and the queue. The bus's log is a cache of
 * recent events for fan-out and resume: the in-process bus loses it when the app is killed, Redis
 * when it restarts without persistence, and both trim it. So `publish` writes these events to the
 * database first, and a replica is rebuilt from these rows before it folds the bus's log (rooms.ts);
 * the command is answered after the row is committed.
 *
 * Writes are group-committed: one writer per process takes every event queued while the previous
 * insert ran and writes them in one statement, in queue order (the order they are folded back in).
 * On the embedded database a commit has reached the operating system when the insert resolves
 * (PGlite writes its WAL through Node's fs; it does not fsync), which survives the app being killed;
 * surviving a power loss takes PostgreSQL.
 *
 * Only the latest rows of each kind matter (a moderation or queue event carries the whole state, the
 * chat keeps CHAT_HISTORY messages, reports CHAT_REPORTS_MAX): every TRIM_EVERY writes to a party the
 * older rows are deleted, and all of them when the party ends.
 */
import { eq, sql } from "drizzle-orm";
import { partyDurableEvent } from "@/db/schema";
import { getDb } from "@/lib/server/db";
import { CHAT_HISTORY, CHAT_REPORTS_MAX, type PartyEvent } from "@/lib/sync";
import type { LoggedServerEvent } from "./bus";
import { processState } from "@/lib/server/process-singleton";
import { log } from "@/lib/server/log";

export type DurableEvent = Extract<PartyEvent, { type: "chat" | "chat.report" | "moderation" | "queue" }>;

/** How many rows of each kind a party's state is rebuilt from. */
const KEEP: Record<DurableEvent["type"], number> = {
  chat: CHAT_HISTORY,
  "chat.report": CHAT_REPORTS_MAX,
  moderation: 1,
  queue: 1,
};

export function isDurableEvent(event: LoggedServerEvent): event is DurableEvent {
  return Object.hasOwn(KEEP, event.type);
}

/** Rows per insert at most (a burst of chat across many parties is written in a few statements). */
const MAX_BATCH = 500;
/** A party's older rows are deleted after this many writes to it. */
const TRIM_EVERY = 200;

interface Pending {
  partyId: string;
  event: DurableEvent;
  resolve: () => void;
  reject: (error: unknown) => void;
}

interface Writer {
  queue: Pending[];
  flushing: boolean;
  /** Writes per party since its last trim. */
  writes: Map<string, number>;
}

// One writer per process (Next bundles this module into several route chunks): one write order.
const writer = processState<Writer>("durableWriter", () => ({ queue: [] as Pending[], flushing: false, writes: new Map<string, number>() }));

/** Resolves once the event is committed to the database. */
export function persistPartyEvent(partyId: string, event: DurableEvent): Promise<void> {
  return new Promise((resolve, reject) => {
    writer.queue.push({ partyId, event, resolve, reject });
    if (!writer.flushing) void flush();
  });
}

async function flush(): Promise<void> {
  writer.flushing = true;
  try {
    while (writer.queue.length > 0) {
      const batch = writer.queue.splice(0, MAX_BATCH);
      try {
        const db = await getDb();
        await db.insert(partyDurableEvent).values(batch.map(({ partyId, event }) => ({ partyId, kind: event.type, event })));
      } catch (error) {
        for (const pending of batch) pending.reject(error);
        continue;
      }
      for (const pending of batch) pending.resolve();
      await trimWhereDue(batch);
    }
  } finally {
    writer.flushing = false;
  }
}

async function trimWhereDue(batch: Pending[]): Promise<void> {
  for (const { partyId } of batch) {
    const writes = (writer.writes.get(partyId) ?? 0) + 1;
    writer.writes.set(partyId, writes);
  }
  for (const [partyId, writes] of writer.writes) {
    if (writes < TRIM_EVERY) continue;
    writer.writes.delete(partyId);
    await trimParty(partyId).catch((error: unknown) => log.error({ err: error }, "[realtime] trim durable events"));
  }
}

/** Rank of each of the party's rows within its kind, newest first, and how many of its kind are kept. */
function ranked(partyId: string) {
  return sql`select seq, event, row_number() over (partition by kind order by seq desc) as rank,
    case kind when 'chat' then ${sql.raw(String(KEEP.chat))} when 'chat.report' then ${sql.raw(String(KEEP["chat.report"]))} else 1 end as keep
    from ${partyDurableEvent} where ${partyDurableEvent.partyId} = ${partyId}`;
}

async function trimParty(partyId: string): Promise<void> {
  const db = await getDb();
  await db.execute(
    sql`delete from ${partyDurableEvent} where ${partyDurableEvent.partyId} = ${partyId}
      and seq in (select seq from (${ranked(partyId)}) r where r.rank > r.keep)`,
  );
}

/** The events a party's replica is rebuilt from, in write order. */
export async function loadDurableEvents(partyId: string): Promise<DurableEvent[]> {
  const db = await getDb();
  const result = await db.execute<{ event: DurableEvent }>(sql`select event from (${ranked(partyId)}) r where r.rank <= r.keep order by r.seq`);
  // node-postgres answers { rows }, PGlite too; jsonb comes back parsed from either.
  return (result as unknown as { rows: { event: DurableEvent }[] }).rows.map((row) => row.event);
}

/** An ended party's rows (nothing is rebuilt for it any more). */
export async function forgetDurableEvents(partyId: string): Promise<void> {
  writer.writes.delete(partyId);
  const db = await getDb();
  await db.delete(partyDurableEvent).where(eq(partyDurableEvent.partyId, partyId));
}
