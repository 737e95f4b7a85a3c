// Any method on an /api path no route serves – 404 with the API's error body (Next would send its HTML page)
import { errorJson } from "@/lib/server/http/error-response";

export const dynamic = "force-dynamic";

function noSuchEndpoint(req: Request): Response {
  const { pathname } = new URL(req.url);
  const shown = pathname.length > 200 ? `${pathname.slice(0, 200)}…` : pathname;
  return errorJson(404, `There is no API endpoint at ${shown}.`, "not_found");
}

export const GET = noSuchEndpoint;
export const HEAD = noSuchEndpoint;
export const POST = noSuchEndpoint;
export const PUT = noSuchEndpoint;
export const PATCH = noSuchEndpoint;
export const DELETE = noSuchEndpoint;
export const OPTIONS = noSuchEndpoint;
