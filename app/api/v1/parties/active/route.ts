// GET /api/v1/parties/active – public live parties (spec §7: field selection, limit ≤ 100, unauthenticated)
import { activePartiesQuerySchema } from "@/lib/schemas/party";
import { listActiveParties } from "@/lib/server/parties/list-active-parties";
import { otherMethods } from "@/lib/server/http/other-methods";
import { parseQuery, withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

export const GET = withApi(async ({ req }) => {
  const { fields, limit } = parseQuery(req, activePartiesQuerySchema);
  const parties = await listActiveParties(limit);
  if (!fields) return parties;
  return parties.map((party) => Object.fromEntries(fields.map((f) => [f, party[f]])));
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");
