// GET /api/v1/ready – readiness, for orchestrators and the reverse proxy: 200 when the database and (with
// REDIS_URL) Redis answer a round trip and the instance is not draining, else 503 with Retry-After naming
// what is not ready
import { otherMethods } from "@/lib/server/http/other-methods";
import { withApi } from "@/lib/server/http/with-api";
import { getDbKind } from "@/lib/server/db";
import { readiness } from "@/lib/server/readiness";

export const dynamic = "force-dynamic";

export const GET = withApi(
  async () => {
    const refusal = await readiness();
    if (refusal) {
      // The error shape every client reads (`detail`, `code`), plus what is not ready.
      return Response.json(refusal.body, { status: 503, headers: { "Cache-Control": "no-store", "Retry-After": String(refusal.retryAfterSeconds) } });
    }
    return { status: "ready", database: await getDbKind() };
  },
  { auth: "none" },
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");
