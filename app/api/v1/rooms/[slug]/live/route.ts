// POST /api/v1/rooms/[slug]/live – the owner or a co-host goes live: a live party in the room (201, the party as POST /parties answers it)
import { createPartyInputSchema } from "@/lib/schemas/party";
import { roomSlugParamSchema } from "@/lib/schemas/room";
import { toPartyDetail } from "@/lib/server/parties/party-row";
import { goLive } from "@/lib/server/rooms/go-live";
import { otherMethods } from "@/lib/server/http/other-methods";
import { parseBody, withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

export const POST = withApi(
  async ({ req, params, user }) => {
    const { slug } = roomSlugParamSchema.parse(params);
    const row = await goLive(slug, user.id, await parseBody(req, createPartyInputSchema));
    return Response.json(toPartyDetail(row, 0, "host", false), { status: 201, headers: { "Cache-Control": "no-store" } });
  },
  { auth: "required", rateLimit: { windowSeconds: 60, max: 10 } },
);

export const { OPTIONS, GET, PUT, PATCH, DELETE } = otherMethods("POST");
