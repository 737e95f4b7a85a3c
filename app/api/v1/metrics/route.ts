// GET /api/v1/metrics – Prometheus metrics (text exposition) for `Authorization: Bearer $VP_METRICS_TOKEN`;
// without VP_METRICS_TOKEN the endpoint does not exist (404, as any unknown API path)
import { getEnv } from "@/lib/server/env";
import { ApiError } from "@/lib/server/http/api-error";
import { errorJson } from "@/lib/server/http/error-response";
import { otherMethods } from "@/lib/server/http/other-methods";
import { withApi } from "@/lib/server/http/with-api";
import { checkBearerToken } from "@/lib/server/metrics/bearer-token";
import { collectGauges } from "@/lib/server/metrics/collect-gauges";
import { metrics } from "@/lib/server/metrics/metrics";

export const dynamic = "force-dynamic";

export const GET = withApi(
  async ({ req }) => {
    const token = getEnv().VP_METRICS_TOKEN;
    const m = metrics();
    if (!token || !m) return errorJson(404, "There is no API endpoint at /api/v1/metrics.", "not_found");
    const check = checkBearerToken(req.headers.get("authorization"), token);
    if (check === "missing") {
      throw new ApiError("unauthorized", "Send the metrics token: Authorization: Bearer <VP_METRICS_TOKEN>.", { "WWW-Authenticate": 'Bearer realm="metrics"' });
    }
    if (check === "wrong") throw new ApiError("forbidden", "That is not the metrics token.");
    await collectGauges(m);
    return new Response(await m.registry.metrics(), {
      headers: { "Content-Type": m.registry.contentType, "Cache-Control": "no-store" },
    });
  },
  { auth: "none" },
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");
