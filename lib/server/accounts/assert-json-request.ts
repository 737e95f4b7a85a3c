import "server-only";
import { ApiError } from "@/lib/server/http/api-error";

/**
 * Sign-in endpoints accept only JSON bodies. A cross-site page can post a form (text/plain or
 * urlencoded) without a CORS preflight, but not `application/json`; refusing the others keeps
 * another site from signing a visitor in to an account of its choosing (login CSRF).
 */
export function assertJsonRequest(req: Request): void {
  const type = req.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json") throw new ApiError("bad_request", "Send the request body as JSON (Content-Type: application/json).");
}
