// POST /api/v1/scheduled-parties/[id]/rsvp – RSVP (201; again: 200 "Already RSVP'd"); private parties need ?code= or an invitation
// DELETE /api/v1/scheduled-parties/[id]/rsvp – un-RSVP (idempotent)
import { inviteCodeQuerySchema, scheduledPartyIdParamSchema } from "@/lib/schemas/scheduled-party";
import { rsvpScheduledParty, unRsvpScheduledParty } from "@/lib/server/scheduled-parties/rsvp-scheduled-party";
import { otherMethods } from "@/lib/server/http/other-methods";
import { parseQuery, withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

export const POST = withApi(
  async ({ req, params, user }) => {
    const { id } = scheduledPartyIdParamSchema.parse(params);
    const { code } = parseQuery(req, inviteCodeQuerySchema);
    const { created, body } = await rsvpScheduledParty(id, user.id, code);
    return Response.json(body, { status: created ? 201 : 200, headers: { "Cache-Control": "no-store" } });
  },
  { auth: "required" },
);

export const DELETE = withApi(
  async ({ params, user }) => {
    const { id } = scheduledPartyIdParamSchema.parse(params);
    return unRsvpScheduledParty(id, user.id);
  },
  { auth: "required" },
);

export const { OPTIONS, GET, HEAD, PUT, PATCH } = otherMethods("POST", "DELETE");
