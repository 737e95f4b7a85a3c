// GET /api/v1/health – liveness + database round trip (tests and process managers wait on it)
import { getDbKind, pingDb } from "@/lib/server/db";
import { otherMethods } from "@/lib/server/http/other-methods";
import { withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

export const GET = withApi(async () => {
  await pingDb();
  return { status: "ok", database: await getDbKind() };
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");
