// POST /api/v1/parties/{id}/commands – one protocol command: host playback/drawing (host only), chat (members), ping (clock sync)
import { z } from "zod";
import { ApiError, forbidden } from "@/lib/server/http/api-error";
import { handleCommand } from "@/lib/server/parties/handle-command";
import { isMember } from "@/lib/server/parties/find-party";
import { partyCaller } from "@/lib/server/parties/member-caller";
import { getRoom } from "@/lib/server/realtime/rooms";
import { withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";
const params = z.object({ id: z.string().min(1).max(64) });

export const POST = withApi(
  async ({ req, params: raw, user }) => {
    const receivedAt = Date.now();
    const { id } = params.parse(raw);
    let body: unknown;
    try {
      body = await req.json();
    } catch {
      throw new ApiError("bad_request", "Request body must be valid JSON.");
    }
    const room = await getRoom(id);
    if (!room.knownMembers.has(user.id)) {
      // First command seen on this instance from this caller (they may stream from another instance).
      if (user.id !== room.meta.hostUserId && !(await isMember(room.id, user.id))) {
        throw forbidden("Join the party before sending to it.");
      }
      room.knownMembers.add(user.id);
    }
    return handleCommand(room, partyCaller(user), body, receivedAt);
  },
  // Hosts report every play/pause/seek and ping for clock sync: a generous per-caller budget.
  { auth: "required", allowGuests: true, rateLimit: { windowSeconds: 10, max: 200 } },
);
