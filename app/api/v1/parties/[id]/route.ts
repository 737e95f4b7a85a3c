// GET /api/v1/parties/{id} – a live party by id or invite code (private ones: by code, or for members)
// DELETE /api/v1/parties/{id} – the host ends the party
import { idParamSchema } from "@/lib/schemas/common";
import { forbidden } from "@/lib/server/http/api-error";
import { endParty } from "@/lib/server/parties/end-party";
import { findPartyOrThrow, isMember } from "@/lib/server/parties/find-party";
import { toPartyDetail } from "@/lib/server/parties/party-row";
import { partySize } from "@/lib/server/realtime/rooms";
import { otherMethods } from "@/lib/server/http/other-methods";
import { isPrivateHost } from "@/lib/server/users/find-private-host-ids";
import { withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

export const GET = withApi(
  async ({ params: raw, user }) => {
    const { id } = idParamSchema.parse(raw);
    const { row } = await findPartyOrThrow(id, user?.id ?? null);
    const role = user ? (row.hostId === user.id ? "host" : (await isMember(row.id, user.id)) ? "guest" : null) : null;
    // The host and members know who hosts; anyone else gets the public view (no private host's name).
    const hostPrivate = role === null && (await isPrivateHost(row.hostId));
    return toPartyDetail(row, await partySize(row.id), role, hostPrivate);
  },
  { allowGuests: true },
);

export const DELETE = withApi(
  async ({ params: raw, user }) => {
    const { id } = idParamSchema.parse(raw);
    const { row } = await findPartyOrThrow(id, user.id);
    if (row.hostId !== user.id) throw forbidden("Only the host can end the party.");
    await endParty(row.id);
    return null;
  },
  { auth: "required", allowGuests: true },
);

export const { OPTIONS, POST, PUT, PATCH } = otherMethods("GET", "DELETE");
