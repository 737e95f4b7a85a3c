// POST /api/v1/parties/{id}/join – join a live party by id or invite code; it becomes your current party
import { z } from "zod";
import { findPartyOrThrow } from "@/lib/server/parties/find-party";
import { joinParty } from "@/lib/server/parties/join-party";
import { toPartyDetail } from "@/lib/server/parties/party-row";
import { getRoom, partySize } from "@/lib/server/realtime/rooms";
import { withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";
const params = z.object({ id: z.string().min(1).max(64) });

export const POST = withApi(
  async ({ params: raw, user }) => {
    const { id } = params.parse(raw);
    const { row } = await findPartyOrThrow(id, user.id);
    const role = await joinParty(row, user.id);
    (await getRoom(row.id, row)).knownMembers.add(user.id);
    return toPartyDetail(row, await partySize(row.id), role, false); // a member knows who hosts
  },
  { auth: "required", allowGuests: true },
);
