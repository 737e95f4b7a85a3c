// GET /api/v1/parties/active – public live parties (field selection, limit ≤ 100, unauthenticated), from an in-memory snapshot
import { activePartiesQuerySchema } from "@/lib/schemas/party";
import { ACTIVE_PARTIES_CACHE_CONTROL, activePartiesBody } from "@/lib/server/parties/active-parties-snapshot";
import { otherMethods } from "@/lib/server/http/other-methods";
import { parseQuery, withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

// The app's own server answers a valid query without this handler (lib/server/fast-path); this one
// answers the rest (and everything under `next dev`).
export const GET = withApi(
  async ({ req }) => {
    const body = await activePartiesBody(parseQuery(req, activePartiesQuerySchema));
    return new Response(body, { headers: { "Content-Type": "application/json", "Cache-Control": ACTIVE_PARTIES_CACHE_CONTROL } });
  },
  { auth: "none" },
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");
