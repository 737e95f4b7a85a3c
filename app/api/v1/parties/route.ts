// POST /api/v1/parties – host a live party (accounts and guests; one live party per host)
import { createPartyInputSchema } from "@/lib/schemas/party";
import { createParty } from "@/lib/server/parties/create-party";
import { partyCaller } from "@/lib/server/parties/member-caller";
import { toPartyDetail } from "@/lib/server/parties/party-row";
import { otherMethods } from "@/lib/server/http/other-methods";
import { parseBody, withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

export const POST = withApi(
  async ({ req, user }) => {
    const input = await parseBody(req, createPartyInputSchema);
    const caller = partyCaller(user);
    const row = await createParty({ id: caller.id, displayName: caller.displayName, username: caller.username }, input);
    return Response.json(toPartyDetail(row, 0, "host", false), { status: 201, headers: { "Cache-Control": "no-store" } });
  },
  { auth: "required", allowGuests: true, rateLimit: { windowSeconds: 60, max: 10 } },
);

export const { OPTIONS, GET, HEAD, PUT, PATCH, DELETE } = otherMethods("POST");
