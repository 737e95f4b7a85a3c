// GET /api/v1/health – liveness, a database round trip and, with Redis, a Redis round trip: 200 when
// every dependency answers, else 503 naming the ones down (process managers and load balancers read it)
import type { ErrorCode } from "@/lib/schemas/error-code";
import { getDbKind, pingDb } from "@/lib/server/db";
import { DEPENDENCY_RETRY_AFTER_SECONDS, type Dependency } from "@/lib/server/http/api-error";
import { otherMethods } from "@/lib/server/http/other-methods";
import { withApi } from "@/lib/server/http/with-api";
import { getBus } from "@/lib/server/realtime/get-bus";

export const dynamic = "force-dynamic";

/** The database's round trip is bounded by its pool's connect timeout; Redis's by its command timeout. */
async function unavailable(): Promise<Dependency[]> {
  const [database, redis] = await Promise.allSettled([
    pingDb(),
    getBus().then((bus) => bus.ping?.()),
  ]);
  const down: Dependency[] = [];
  if (database.status === "rejected") down.push("database");
  if (redis.status === "rejected") down.push("redis");
  return down;
}

export const GET = withApi(
  async () => {
    const down = await unavailable();
    if (down.length > 0) {
      // The error shape every client reads (`detail`, `code`), plus which dependencies are down.
      return Response.json(
        { detail: `Unavailable: ${down.join(" and ")} not answering.`, code: "service_unavailable" satisfies ErrorCode, unavailable: down },
        { status: 503, headers: { "Cache-Control": "no-store", "Retry-After": String(DEPENDENCY_RETRY_AFTER_SECONDS) } },
      );
    }
    return { status: "ok", database: await getDbKind() };
  },
  { auth: "none" },
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");
