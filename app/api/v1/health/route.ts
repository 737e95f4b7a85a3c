// GET /api/v1/health – liveness: the process answers (no dependency round trip, so a database or Redis
// outage never gets a healthy instance restarted); readiness is GET /api/v1/ready
import { otherMethods } from "@/lib/server/http/other-methods";
import { withApi } from "@/lib/server/http/with-api";

export const dynamic = "force-dynamic";

export const GET = withApi(() => ({ status: "ok" }), { auth: "none" });

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");
