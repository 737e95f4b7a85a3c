// GET /api/v1/parties/{id}/events – a member's SSE stream of the party: a snapshot (or the missed events after Last-Event-ID), then every event
import { idParamSchema } from "@/lib/schemas/common";
import { forbidden, partyEnded } from "@/lib/server/http/api-error";
import { findPartyOrThrow } from "@/lib/server/parties/find-party";
import { isPartyMember } from "@/lib/server/parties/membership";
import { assertNotRemoved } from "@/lib/server/parties/party-moderation";
import { partyCaller } from "@/lib/server/parties/member-caller";
import { openPartyStream } from "@/lib/server/realtime/party-stream";
import { getRoom, loadedRoom } from "@/lib/server/realtime/rooms";
import { otherMethods } from "@/lib/server/http/other-methods";
import { withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

/** What a caller who is not in the party is told: joining is its own, explicit request. */
const JOIN_BEFORE_STREAM = "Join the party (POST /api/v1/parties/{id}/join) before opening its stream.";

export const GET = withApi(
  async ({ req, params: raw, user }) => {
    const { id } = idParamSchema.parse(raw);
    // A public party this instance already serves needs no database read (a crowd joining opens
    // thousands of streams); anything else (an invite code, a private party, a party not loaded here)
    // is looked up as the caller may see it.
    const live = loadedRoom(id);
    const room = live?.meta.visibility === "public" ? live : await findRoom(id, user.id);
    if (room.meta.state === "ENDED") throw partyEnded();
    // Opening the stream only reads. It used to join the party for a caller not in it, and a GET is
    // neither CSRF-checked nor kept from other sites (a SameSite=Lax cookie rides a top-level
    // navigation, an <img> on a same-site page): any page could move a signed-in visitor into a
    // party of its choosing. Joining is POST .../join; the stream is for members (the host, anyone
    // who joined, a member reconnecting with Last-Event-ID). The stream's role is the replica's (the
    // host role can be handed over while it is open).
    if (!(await isPartyMember(room, user.id))) {
      await assertNotRemoved(room.id, user.id); // a kicked or banned member is told so, not told to join
      throw forbidden(JOIN_BEFORE_STREAM, "not_member");
    }
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
