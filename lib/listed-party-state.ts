/**
 * A live party's state as the public list (and its deltas) shows it: the room's state, plus HOST_AWAY
 * for a party whose host has been away longer than a short grace (HOST_AWAY_GRACE_MS). Such a party is
 * not live: the list says so and leaves it out of the live count; it ends if the host stays away.
 * Free of zod, so the parties page can read it without loading the schemas.
 */
import type { PartyState } from "@/lib/sync";

export const LISTED_PARTY_STATES = ["ACTIVE", "AWAITING_RECONNECT", "ENDED", "HOST_AWAY"] as const satisfies readonly (PartyState | "HOST_AWAY")[];
export type ListedPartyState = (typeof LISTED_PARTY_STATES)[number];

/** Whether a listed party counts as live now (its host is there, or only just dropped out). */
export function isLiveNow(state: ListedPartyState): boolean {
  return state === "ACTIVE" || state === "AWAITING_RECONNECT";
}
