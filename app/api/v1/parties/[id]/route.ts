// GET /api/v1/parties/{id} – a live party by id or invite code (private ones: by code, or for members)
// PATCH /api/v1/parties/{id} – the host renames the party
// DELETE /api/v1/parties/{id} – the host ends the party
import { idParamSchema } from "@/lib/schemas/common";
import { renamePartyInputSchema } from "@/lib/schemas/party";
import { forbidden, partyEnded } from "@/lib/server/http/api-error";
import { endParty } from "@/lib/server/parties/end-party";
import { findPartyOrThrow, isMember } from "@/lib/server/parties/find-party";
import { toPartyDetail } from "@/lib/server/parties/party-row";
import { renameParty } from "@/lib/server/parties/rename-party";
import { getRoom, partySize } from "@/lib/server/realtime/rooms";
import { otherMethods } from "@/lib/server/http/other-methods";
import { isPrivateHost } from "@/lib/server/users/find-private-host-ids";
import { parseBody, withApi } from "@/lib/server/http/with-api";

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

export const PATCH = withApi(
  async ({ req, params: raw, user }) => {
    const { id } = idParamSchema.parse(raw);
    const { row } = await findPartyOrThrow(id, user.id);
    if (row.hostId !== user.id) throw forbidden("Only the host can rename the party.", "host_only");
    const { video_title: title } = await parseBody(req, renamePartyInputSchema);
    const room = await getRoom(row.id, row);
    if (room.meta.state === "ENDED") throw partyEnded();
    await renameParty(room, title);
    return toPartyDetail({ ...row, videoTitle: title }, await partySize(row.id), "host", false);
  },
  { auth: "required", allowGuests: true, rateLimit: { windowSeconds: 60, max: 10 } },
);

export const DELETE = withApi(
  async ({ params: raw, user }) => {
    const { id } = idParamSchema.parse(raw);
    const { row } = await findPartyOrThrow(id, user.id);
    if (row.hostId !== user.id) throw forbidden("Only the host can end the party.", "host_only");
    await endParty(row.id);
    return null;
  },
  { auth: "required", allowGuests: true },
);

export const { OPTIONS, POST, PUT } = otherMethods("GET", "PATCH", "DELETE");
