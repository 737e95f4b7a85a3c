// GET /api/v1/health – liveness + database round trip (tests and process managers wait on it)
import { getDbKind, pingDb } from "@/db/client";
import { withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

export const GET = withApi(async () => {
  await pingDb();
  return { status: "ok", database: await getDbKind() };
});
