// GET /api/v1/parties/active – public live parties (field selection, limit ≤ 100, unauthenticated), from an in-memory snapshot
import { activePartiesQuerySchema } from "@/lib/schemas/party";
import { encodedActiveParties } from "@/lib/server/parties/active-parties-snapshot";
import { otherMethods } from "@/lib/server/http/other-methods";
import { parseQuery, withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

/**
 * The same for every visitor, and polled by each of them every few seconds: a shared cache may keep
 * it for a second (the deltas stream carries anything sooner).
 */
const CACHE_CONTROL = "public, max-age=1";

export const GET = withApi(
  async ({ req }) => {
    const { fields, limit } = parseQuery(req, activePartiesQuerySchema);
    const body = await encodedActiveParties(`${fields?.join(",") ?? "*"}|${limit}`, limit, (parties) =>
      JSON.stringify(fields ? parties.map((party) => Object.fromEntries(fields.map((f) => [f, party[f]]))) : parties),
    );
    return new Response(body, { headers: { "Content-Type": "application/json", "Cache-Control": CACHE_CONTROL } });
  },
  { auth: "none" },
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");
