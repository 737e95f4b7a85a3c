// POST /api/v1/parties/{id}/commands – one protocol command: host playback/drawing (host only), chat (members), ping (clock sync)
import { z } from "zod";
import { ApiError, forbidden } from "@/lib/server/http/api-error";
import { handleCommand } from "@/lib/server/parties/handle-command";
import { isPartyMember } from "@/lib/server/parties/membership";
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
    if (!(await isPartyMember(room, user.id))) throw forbidden("Join the party before sending to it.");
    return handleCommand(room, partyCaller(user), body, receivedAt);
  },
  // Hosts report every play/pause/seek and ping for clock sync: a generous per-caller budget.
  { auth: "required", allowGuests: true, rateLimit: { windowSeconds: 10, max: 200 } },
);
