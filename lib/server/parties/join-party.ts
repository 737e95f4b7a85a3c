import "server-only";
import { and, inArray, ne } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { liveParty } from "@/db/schema";
import { forbidden, partyEnded } from "@/lib/server/http/api-error";
import { getRoom } from "@/lib/server/realtime/rooms";
import { LOCKED_MESSAGE } from "@/lib/sync";
import { isMember } from "./find-party";
import { writeJoin } from "./join-writes";
import { leaveVoiceOfParty } from "./leave-voice-of-party";
import { recordMembership } from "./membership";
import { assertNotRemoved, removedFrom } from "./party-moderation";
import type { PartyRow } from "./party-row";

/** What joining needs to know of a party: its row, or its live replica's meta (same fields). */
export type JoinTarget = Pick<PartyRow, "id" | "state" | "hostId">;

/**
 * Records that `memberId` is in the party (their current party from now on): any other open
 * membership is closed, since a person watches one party at a time, and every app instance stops
 * taking their commands for the party they left. A kicked (for 10 minutes) or banned member is
 * refused, on every instance (the database decides).
 */
export async function joinParty(party: JoinTarget, memberId: string): Promise<"host" | "guest"> {
  if (party.state === "ENDED") throw partyEnded();
  const role = party.hostId === memberId ? "host" : "guest";
  if (role === "guest" && (await getRoom(party.id)).moderation.locked) {
    // A locked party takes no new joiners; members already in (reconnecting) stay.
    await assertNotRemoved(party.id, memberId);
    if (!(await isMember(party.id, memberId))) throw forbidden(LOCKED_MESSAGE, "locked");
  }
  const outcome = await writeJoin({ partyId: party.id, memberId, role });
  if (outcome.refused) throw removedFrom(outcome.refused);
  if (outcome.leftParties.length > 0) {
    // Ended parties keep no membership records (and must not get new ones).
    const db = await getDb();
    const live = await db
      .select({ id: liveParty.id })
      .from(liveParty)
      .where(and(inArray(liveParty.id, outcome.leftParties), ne(liveParty.state, "ENDED")));
    await Promise.all(live.map((left) => recordMembership(left.id, memberId, false)));
    // Switching party leaves the old one's voice too (its peers would otherwise keep a seat for nobody).
    await Promise.all(live.map((left) => leaveVoiceOfParty(left.id, memberId)));
  }
  await recordMembership(party.id, memberId, true);
  return role;
}
