import "server-only";
import { idParamSchema } from "@/lib/schemas/common";
import type { ApiOptions, SessionUser } from "@/lib/server/http/with-api";
import { getRoom, partySize } from "@/lib/server/realtime/rooms";
import { findPartyOrThrow } from "./find-party";
import { joinParty } from "./join-party";
import { toPartyDetail } from "./party-row";

/** `POST /api/v1/parties/{id}/join`'s checks before it runs (withApi's, or the hot path's). */
export const JOIN_PARTY_API = { auth: "required", allowGuests: true } as const satisfies ApiOptions;

/**
 * `POST /api/v1/parties/{id}/join` after its caller is resolved, whichever server serves it: joins a
 * live party by id or invite code (it becomes the caller's current party) and answers its detail.
 */
export async function joinLiveParty(idOrCode: unknown, user: SessionUser) {
  const { id } = idParamSchema.parse({ id: idOrCode });
  const { row } = await findPartyOrThrow(id, user.id);
  await getRoom(row.id, row); // load the replica now: the member's stream and commands follow
  const role = await joinParty(row, user.id);
  return toPartyDetail(row, await partySize(row.id), role, false); // a member knows who hosts
}
