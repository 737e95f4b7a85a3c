// GET /api/v1/parties/{id}/events – the party's SSE stream: a snapshot (or the missed events after Last-Event-ID), then every event
import { idParamSchema } from "@/lib/schemas/common";
import { findPartyOrThrow } from "@/lib/server/parties/find-party";
import { joinParty } from "@/lib/server/parties/join-party";
import { hasRecordedJoin } from "@/lib/server/parties/membership";
import { partyCaller } from "@/lib/server/parties/member-caller";
import { openPartyStream } from "@/lib/server/realtime/party-stream";
import { getRoom, loadedRoom } from "@/lib/server/realtime/rooms";
import { otherMethods } from "@/lib/server/http/other-methods";
import { withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

export const GET = withApi(
  async ({ req, params: raw, user }) => {
    const { id } = idParamSchema.parse(raw);
    // A public party this instance already serves needs no database read (a crowd joining opens
    // thousands of streams); anything else (an invite code, a private party, a party not loaded here)
    // is looked up as the caller may see it.
    const live = loadedRoom(id);
    const room = live?.meta.visibility === "public" ? live : await findRoom(id, user.id);
    // Opening the stream joins the party, unless this is a member reconnecting. The stream's role is the
    // replica's (the host role can be handed over while it is open).
    if (!(await hasRecordedJoin(room.id, user.id))) await joinParty({ id: room.id, state: room.meta.state, hostId: room.meta.hostUserId }, user.id);
    const caller = partyCaller(user);
    return openPartyStream(req, room, { id: caller.id, displayName: caller.displayName, guest: user.isGuest === true });
  },
  { auth: "required", allowGuests: true, rateLimit: { windowSeconds: 60, max: 60 } },
);

async function findRoom(idOrCode: string, callerId: string) {
  const { row } = await findPartyOrThrow(idOrCode, callerId);
  return getRoom(row.id, row);
}

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");
