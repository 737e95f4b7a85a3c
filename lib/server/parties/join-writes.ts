import "server-only";
/**
 * The database side of joining a live party, written for many joins at once. When a streamer's
 * audience arrives, thousands of streams open within seconds, and each join is three statements
 * (is the member kicked or banned, close their other party, record this one). Run one by one they
 * cost ~2 ms of the embedded database's CPU per guest on the main thread (bench/fanout.mjs) and a
 * round trip each on PostgreSQL.
 *
 * So joins are group-committed: the joins that arrive within a few milliseconds (and while a
 * batch is being written) are written together, with one statement of each kind per party. The
 * embedded database runs on this thread, so a batch in flight holds up requests rather than letting
 * them queue: the short window is what lets a crowd's joins meet. Each join gets its own outcome
 * (refused, or which other parties it left), exactly as if written alone.
 */
import { and, eq, inArray, isNull, ne } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { livePartyMember, partyModeration } from "@/db/schema";
import type { RemovalReason } from "@/lib/sync";
import { removalStillRefusing } from "./party-moderation";
import { processState } from "@/lib/server/process-singleton";

export interface JoinWrite {
  partyId: string;
  memberId: string;
  role: "host" | "guest";
}

export type JoinOutcome = { refused: RemovalReason } | { refused: null; leftParties: string[] };

/** How long the first join of a batch waits for others (a join is not latency-critical to the ms). */
const BATCH_WINDOW_MS = 5;
/**
 * The window while a crowd arrives (the last batch held more than one join). The statements cost
 * about the same for 5 joins as for 50, and a crowd's joins reach this point only as fast as the
 * thread serves their requests (a few hundred a second), so 5 ms batches held ~6 joins and the
 * statements were about half of a join's CPU; a wider window makes fewer, larger batches.
 */
const CROWD_WINDOW_MS = 25;

interface Pending extends JoinWrite {
  resolve: (outcome: JoinOutcome) => void;
  reject: (error: unknown) => void;
}

const state = processState("joinWrites", () => ({ queue: [] as Pending[], flushing: false, lastBatch: 0 }));

const windowMs = () => (state.lastBatch > 1 ? CROWD_WINDOW_MS : BATCH_WINDOW_MS);

/**
 * Records `memberId` in the party (closing any other open membership of theirs), unless a kick or
 * ban refuses a guest. Resolves once the database has it.
 */
export function writeJoin(join: JoinWrite): Promise<JoinOutcome> {
  return new Promise((resolve, reject) => {
    state.queue.push({ ...join, resolve, reject });
    if (!state.flushing) {
      state.flushing = true;
      setTimeout(flush, windowMs());
    }
  });
}

function flush(): void {
  const batch = state.queue.splice(0);
  state.lastBatch = batch.length;
  if (batch.length === 0) {
    state.flushing = false;
    return;
  }
  const next = () => setTimeout(flush, windowMs());
  void writeBatch(batch).then(next, (error: unknown) => {
    for (const join of batch) join.reject(error);
    next();
  });
}

async function writeBatch(batch: Pending[]): Promise<void> {
  const byParty = new Map<string, Pending[]>();
  for (const join of batch) {
    const group = byParty.get(join.partyId);
    if (group) group.push(join);
    else byParty.set(join.partyId, [join]);
  }
  for (const [partyId, group] of byParty) await writePartyJoins(partyId, group);
}

async function writePartyJoins(partyId: string, group: Pending[]): Promise<void> {
  const db = await getDb();
  const now = Date.now();
  const guests = [...new Set(group.filter((join) => join.role === "guest").map((join) => join.memberId))];
  const refused = new Map<string, RemovalReason>();
  if (guests.length > 0) {
    const removals = await db
      .select({ memberId: partyModeration.memberId, kind: partyModeration.kind, until: partyModeration.until })
      .from(partyModeration)
      .where(and(eq(partyModeration.partyId, partyId), inArray(partyModeration.memberId, guests)));
    for (const removal of removals) {
      const reason = removalStillRefusing(removal, now);
      if (reason) refused.set(removal.memberId, reason);
    }
  }

  // One row per member (the same member may join twice within a batch: two tabs).
  const admitted = new Map<string, JoinWrite>();
  for (const join of group) {
    if (refused.has(join.memberId) && join.role === "guest") continue;
    admitted.set(join.memberId, join);
  }
  const leftBy = new Map<string, string[]>();
  if (admitted.size > 0) {
    const members = [...admitted.keys()];
    const left = await db
      .update(livePartyMember)
      .set({ leftAt: new Date() })
      .where(and(inArray(livePartyMember.memberId, members), ne(livePartyMember.partyId, partyId), isNull(livePartyMember.leftAt)))
      .returning({ partyId: livePartyMember.partyId, memberId: livePartyMember.memberId });
    for (const row of left) leftBy.set(row.memberId, [...(leftBy.get(row.memberId) ?? []), row.partyId]);
    await db
      .insert(livePartyMember)
      .values([...admitted.values()].map(({ memberId, role }) => ({ partyId, memberId, role })))
      .onConflictDoUpdate({ target: [livePartyMember.partyId, livePartyMember.memberId], set: { leftAt: null } });
  }

  for (const join of group) {
    const reason = join.role === "guest" ? refused.get(join.memberId) : undefined;
    join.resolve(reason ? { refused: reason } : { refused: null, leftParties: leftBy.get(join.memberId) ?? [] });
  }
}
