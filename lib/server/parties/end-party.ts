import "server-only";
import { setPartyState } from "@/lib/server/realtime/party-lifecycle";
import { getRoom } from "@/lib/server/realtime/rooms";

/** Ends a live party: every member's stream gets the ENDED state and the party leaves the list. */
export async function endParty(partyId: string): Promise<void> {
  await setPartyState(await getRoom(partyId), "ENDED");
}
