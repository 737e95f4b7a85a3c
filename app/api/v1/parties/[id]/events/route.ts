// GET /api/v1/parties/{id}/events – the party's SSE stream: a snapshot (or the missed events after Last-Event-ID), then every event
import { idParamSchema } from "@/lib/schemas/common";
import { findPartyOrThrow } from "@/lib/server/parties/find-party";
import { joinParty } from "@/lib/server/parties/join-party";
import { hasRecordedJoin } from "@/lib/server/parties/membership";
import { partyCaller } from "@/lib/server/parties/member-caller";
import { openPartyStream } from "@/lib/server/realtime/party-stream";
import { getRoom } from "@/lib/server/realtime/rooms";
import { otherMethods } from "@/lib/server/http/other-methods";
import { withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

export const GET = withApi(
  async ({ req, params: raw, user }) => {
    const { id } = idParamSchema.parse(raw);
    const { row } = await findPartyOrThrow(id, user.id);
    const room = await getRoom(row.id, row);
    // Opening the stream joins the party, unless this is a member reconnecting. The stream's role is the
    // replica's (the host role can be handed over while it is open).
    if (!(await hasRecordedJoin(room.id, user.id))) await joinParty(row, user.id);
    const caller = partyCaller(user);
    return openPartyStream(req, room, { id: caller.id, displayName: caller.displayName, guest: user.isGuest === true });
  },
  { auth: "required", allowGuests: true, rateLimit: { windowSeconds: 60, max: 60 } },
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");
