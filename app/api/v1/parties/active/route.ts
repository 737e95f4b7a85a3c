// GET /api/v1/parties/active – public live parties (field selection, limit ≤ 100, unauthenticated), from an in-memory snapshot
import { activePartiesQuerySchema } from "@/lib/schemas/party";
import { ACTIVE_PARTIES_API, ACTIVE_PARTIES_CACHE_CONTROL, activePartiesBody } from "@/lib/server/parties/active-parties-snapshot";
import { otherMethods } from "@/lib/server/http/other-methods";
import { parseQuery, withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

// The app's server answers this route on its hot path with the same function (lib/server/hot-path).
export const GET = withApi(
  async ({ req }) => {
    const body = await activePartiesBody(parseQuery(req, activePartiesQuerySchema));
    return new Response(body, { headers: { "Content-Type": "application/json", "Cache-Control": ACTIVE_PARTIES_CACHE_CONTROL } });
  },
  ACTIVE_PARTIES_API,
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");
