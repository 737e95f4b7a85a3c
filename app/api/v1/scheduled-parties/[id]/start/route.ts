// POST /api/v1/scheduled-parties/[id]/start – the host starts the party as a live party from its programme
// (201 { started: true, party }; while that live party runs, again 200 { started: false, party })
import { scheduledPartyIdParamSchema, startScheduledPartyResultSchema } from "@/lib/schemas/scheduled-party";
import { partyCaller } from "@/lib/server/parties/member-caller";
import { toPartyDetail } from "@/lib/server/parties/party-row";
import { startScheduledParty } from "@/lib/server/scheduled-parties/start-scheduled-party";
import { otherMethods } from "@/lib/server/http/other-methods";
import { withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

export const POST = withApi(
  async ({ params, user }) => {
    const { id } = scheduledPartyIdParamSchema.parse(params);
    const { started, row } = await startScheduledParty(id, partyCaller(user));
    const body = startScheduledPartyResultSchema.parse({ started, party: toPartyDetail(row, 0, "host", false) });
    return Response.json(body, { status: started ? 201 : 200, headers: { "Cache-Control": "no-store" } });
  },
  { auth: "required", rateLimit: { windowSeconds: 60, max: 10 } },
);

export const { OPTIONS, GET, HEAD, PUT, PATCH, DELETE } = otherMethods("POST");
