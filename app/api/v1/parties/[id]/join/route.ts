// POST /api/v1/parties/{id}/join – join a live party by id or invite code; it becomes your current party
import { idParamSchema } from "@/lib/schemas/common";
import { findPartyOrThrow } from "@/lib/server/parties/find-party";
import { joinParty } from "@/lib/server/parties/join-party";
import { toPartyDetail } from "@/lib/server/parties/party-row";
import { getRoom, partySize } from "@/lib/server/realtime/rooms";
import { otherMethods } from "@/lib/server/http/other-methods";
import { withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

export const POST = withApi(
  async ({ params: raw, user }) => {
    const { id } = idParamSchema.parse(raw);
    const { row } = await findPartyOrThrow(id, user.id);
    await getRoom(row.id, row); // load the replica now: the member's stream and commands follow
    const role = await joinParty(row, user.id);
    return toPartyDetail(row, await partySize(row.id), role, false); // a member knows who hosts
  },
  { auth: "required", allowGuests: true },
);

export const { OPTIONS, GET, HEAD, PUT, PATCH, DELETE } = otherMethods("POST");
