// PUT /api/v1/scheduled-parties/[id]/programme – the host replaces the programme ({ items: [{ url, title? }] },
// in play order; all or nothing) and gets the party back
import { programmeInputSchema, scheduledPartyIdParamSchema } from "@/lib/schemas/scheduled-party";
import { setProgramme } from "@/lib/server/scheduled-parties/set-programme";
import { otherMethods } from "@/lib/server/http/other-methods";
import { parseBody, withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

export const PUT = withApi(
  async ({ req, params, user }) => {
    const { id } = scheduledPartyIdParamSchema.parse(params);
    const { items } = await parseBody(req, programmeInputSchema);
    return setProgramme(id, user.id, items);
  },
  { auth: "required" },
);

export const { OPTIONS, GET, HEAD, POST, PATCH, DELETE } = otherMethods("PUT");
