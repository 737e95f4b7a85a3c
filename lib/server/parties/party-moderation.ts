import "server-only";
/**
 * Kicks and bans, kept in the database (every instance shares it): a kicked member may not rejoin for
 * KICK_MINUTES, a banned one never (that party only). A ban names an account or a guest identity; a
 * person can come back with a fresh guest identity, which only the private invite and the rate limits
 * on guest sign-in and joining slow down (see README, "Moderation").
 */
import { and, eq, ne } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { partyModeration } from "@/db/schema";
import { forbidden, type ApiError } from "@/lib/server/http/api-error";
import { KICK_MINUTES, removalMessage, type RemovalReason } from "@/lib/sync";

/** Records a kick (10 minutes) or a ban (for good); a kick never shortens a ban. */
export async function recordRemoval(partyId: string, memberId: string, reason: RemovalReason): Promise<void> {
  const db = await getDb();
  const until = reason === "ban" ? null : new Date(Date.now() + KICK_MINUTES * 60_000);
  await db
    .insert(partyModeration)
    .values({ partyId, memberId, kind: reason, until })
    .onConflictDoUpdate({
      target: [partyModeration.partyId, partyModeration.memberId],
      set: { kind: reason, until, createdAt: new Date() },
      ...(reason === "kick" ? { setWhere: ne(partyModeration.kind, "ban") } : {}),
    });
}

/** The removal still refusing this member, if any. */
export async function activeRemoval(partyId: string, memberId: string): Promise<RemovalReason | null> {
  const db = await getDb();
  const [row] = await db
    .select({ kind: partyModeration.kind, until: partyModeration.until })
    .from(partyModeration)
    .where(and(eq(partyModeration.partyId, partyId), eq(partyModeration.memberId, memberId)))
    .limit(1);
  return row ? removalStillRefusing(row, Date.now()) : null;
}

/** What a moderation record still refuses at `now`: a ban for good, a kick until its end. */
export function removalStillRefusing(row: { kind: string; until: Date | null }, now: number): RemovalReason | null {
  if (row.kind === "ban") return "ban";
  return row.until && row.until.getTime() > now ? "kick" : null;
}

/** 403 with what the member is told, when a kick or ban refuses them: `banned`, or `removed` for a kick. */
export function removedFrom(reason: RemovalReason): ApiError {
  return forbidden(removalMessage(reason), reason === "ban" ? "banned" : "removed");
}

export async function assertNotRemoved(partyId: string, memberId: string): Promise<void> {
  const reason = await activeRemoval(partyId, memberId);
  if (reason) throw removedFrom(reason);
}
