import "server-only";
import { and, eq, isNull, or } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { liveParty, livePartyMember } from "@/db/schema";
import { notFound } from "@/lib/server/http/api-error";
import type { PartyRow } from "./party-row";

const PARTY_NOT_FOUND = "Party not found";

/**
 * A party by id or invite code, as `callerId` may see it: a private party is reachable by its invite
 * code, or by id for its members; otherwise it does not exist for the caller (404, not 403, so ids of
 * private parties cannot be probed).
 */
export async function findPartyOrThrow(idOrCode: string, callerId: string | null): Promise<{ row: PartyRow; byCode: boolean }> {
  const db = await getDb();
  const code = idOrCode.trim().toUpperCase();
  const [row] = await db
    .select()
    .from(liveParty)
    .where(or(eq(liveParty.id, idOrCode), eq(liveParty.inviteCode, code)))
    .limit(1);
  if (!row) throw notFound(PARTY_NOT_FOUND);
  const byCode = row.inviteCode === code && row.id !== idOrCode;
  if (row.visibility === "private" && !byCode) {
    if (!callerId || !(await isMember(row.id, callerId))) throw notFound(PARTY_NOT_FOUND);
  }
  return { row, byCode };
}

export async function isMember(partyId: string, memberId: string): Promise<boolean> {
  const db = await getDb();
  const [m] = await db
    .select({ id: livePartyMember.memberId })
    .from(livePartyMember)
    .where(and(eq(livePartyMember.partyId, partyId), eq(livePartyMember.memberId, memberId), isNull(livePartyMember.leftAt)))
    .limit(1);
  return Boolean(m);
}
