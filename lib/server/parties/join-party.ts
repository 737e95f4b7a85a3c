import "server-only";
import { and, eq, inArray, isNull, ne } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { liveParty, livePartyMember } from "@/db/schema";
import { conflict, forbidden } from "@/lib/server/http/api-error";
import { getRoom } from "@/lib/server/realtime/rooms";
import { LOCKED_MESSAGE } from "@/lib/sync";
import { isMember } from "./find-party";
import { recordMembership } from "./membership";
import { assertNotRemoved } from "./party-moderation";
import type { PartyRow } from "./party-row";

/**
 * Records that `memberId` is in the party (their current party from now on): any other open
 * membership is closed, since a person watches one party at a time, and every app instance stops
 * taking their commands for the party they left.
 */
export async function joinParty(row: PartyRow, memberId: string): Promise<"host" | "guest"> {
  if (row.state === "ENDED") throw conflict("This party has ended.");
  const role = row.hostId === memberId ? "host" : "guest";
  // A kicked (for 10 minutes) or banned member is refused here, on every instance (the database decides).
  if (role === "guest") await assertNotRemoved(row.id, memberId);
  // A locked party takes no new joiners; members already in (reconnecting) stay.
  if (role === "guest" && (await getRoom(row.id, row)).moderation.locked && !(await isMember(row.id, memberId))) throw forbidden(LOCKED_MESSAGE);
  const db = await getDb();
  const left = await db
    .update(livePartyMember)
    .set({ leftAt: new Date() })
    .where(and(eq(livePartyMember.memberId, memberId), ne(livePartyMember.partyId, row.id), isNull(livePartyMember.leftAt)))
    .returning({ partyId: livePartyMember.partyId });
  await db
    .insert(livePartyMember)
    .values({ partyId: row.id, memberId, role })
    .onConflictDoUpdate({ target: [livePartyMember.partyId, livePartyMember.memberId], set: { leftAt: null } });
  if (left.length > 0) {
    // Ended parties keep no membership records (and must not get new ones).
    const live = await db
      .select({ id: liveParty.id })
      .from(liveParty)
      .where(and(inArray(liveParty.id, left.map((l) => l.partyId)), ne(liveParty.state, "ENDED")));
    await Promise.all(live.map((party) => recordMembership(party.id, memberId, false)));
  }
  await recordMembership(row.id, memberId, true);
  return role;
}
