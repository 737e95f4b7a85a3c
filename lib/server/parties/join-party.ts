import "server-only";
import { and, eq, isNull, ne } from "drizzle-orm";
import { getDb } from "@/db/client";
import { livePartyMember } from "@/db/schema";
import { conflict } from "@/lib/server/http/api-error";
import type { PartyRow } from "./party-row";

/**
 * Records that `memberId` is in the party (their current party from now on): any other open
 * membership is closed, since a person watches one party at a time.
 */
export async function joinParty(row: PartyRow, memberId: string): Promise<"host" | "guest"> {
  if (row.state === "ENDED") throw conflict("This party has ended.");
  const role = row.hostId === memberId ? "host" : "guest";
  const db = await getDb();
  await db
    .update(livePartyMember)
    .set({ leftAt: new Date() })
    .where(and(eq(livePartyMember.memberId, memberId), ne(livePartyMember.partyId, row.id), isNull(livePartyMember.leftAt)));
  await db
    .insert(livePartyMember)
    .values({ partyId: row.id, memberId, role })
    .onConflictDoUpdate({ target: [livePartyMember.partyId, livePartyMember.memberId], set: { leftAt: null } });
  return role;
}
