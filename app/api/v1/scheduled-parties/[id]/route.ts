// GET /api/v1/scheduled-parties/[id] – one scheduled party (private: host, invitees, or ?code= holders)
// PUT /api/v1/scheduled-parties/[id] – the host updates the party (same fields as create; moving it into the past is 422)
// DELETE /api/v1/scheduled-parties/[id] – the host deletes the party (204)
import { inviteCodeQuerySchema, scheduledPartyIdParamSchema, scheduledPartyInputSchema } from "@/lib/schemas/scheduled-party";
import { deleteScheduledParty } from "@/lib/server/scheduled-parties/delete-scheduled-party";
import { getVisibleScheduledPartyOrThrow } from "@/lib/server/scheduled-parties/get-scheduled-party-or-throw";
import { toScheduledParty } from "@/lib/server/scheduled-parties/scheduled-party-query";
import { updateScheduledParty } from "@/lib/server/scheduled-parties/update-scheduled-party";
import { otherMethods } from "@/lib/server/http/other-methods";
import { parseBody, parseQuery, withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

export const GET = withApi(async ({ req, params, user }) => {
  const { id } = scheduledPartyIdParamSchema.parse(params);
  const { code } = parseQuery(req, inviteCodeQuerySchema);
  const viewerId = user?.id ?? null;
  return toScheduledParty(await getVisibleScheduledPartyOrThrow(id, viewerId, code), viewerId);
});

export const PUT = withApi(
  async ({ req, params, user }) => {
    const { id } = scheduledPartyIdParamSchema.parse(params);
    return updateScheduledParty(id, user.id, await parseBody(req, scheduledPartyInputSchema));
  },
  { auth: "required" },
);

export const DELETE = withApi(
  async ({ params, user }) => {
    const { id } = scheduledPartyIdParamSchema.parse(params);
    await deleteScheduledParty(id, user.id);
    return null;
  },
  { auth: "required" },
);

export const { OPTIONS, POST, PATCH } = otherMethods("GET", "PUT", "DELETE");
