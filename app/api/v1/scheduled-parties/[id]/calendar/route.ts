// GET /api/v1/scheduled-parties/[id]/calendar – the party as an .ics file (who may see the party: as GET /scheduled-parties/[id], ?code= included)
import { inviteCodeQuerySchema, scheduledPartyIdParamSchema } from "@/lib/schemas/scheduled-party";
import { scheduledPartyCalendar } from "@/lib/server/scheduled-parties/calendar";
import { getVisibleScheduledPartyOrThrow } from "@/lib/server/scheduled-parties/get-scheduled-party-or-throw";
import { toScheduledParty } from "@/lib/server/scheduled-parties/scheduled-party-query";
import { getEnv } from "@/lib/server/env";
import { otherMethods } from "@/lib/server/http/other-methods";
import { parseQuery, withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

export const GET = withApi(async ({ req, params, user }) => {
  const { id } = scheduledPartyIdParamSchema.parse(params);
  const { code } = parseQuery(req, inviteCodeQuerySchema);
  const viewerId = user?.id ?? null;
  const party = toScheduledParty(await getVisibleScheduledPartyOrThrow(id, viewerId, code), viewerId);
  const query = new URLSearchParams({ party: party.id, ...(code ? { code } : {}) });
  const body = scheduledPartyCalendar(party, `${getEnv().baseUrl}/scheduled-parties?${query}`);
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="viewparty-${party.id}.ics"`,
      "Cache-Control": "private, no-store",
    },
  });
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");
