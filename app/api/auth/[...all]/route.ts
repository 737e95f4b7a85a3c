/**
 * Better Auth's catch-all (/api/auth/*). Sign-in and sign-up attempts pass our rate limits first
 * (lib/server/accounts/enforce-auth-rate-limits.ts). Better Auth's error bodies are `{message, code}`;
 * they also get the `detail` every other API error carries, so one client rule reads them all, and
 * unknown or disabled auth paths answer a JSON 404.
 */
import { enforceAuthRateLimits } from "@/lib/server/accounts/enforce-auth-rate-limits";
import { getAuth } from "@/lib/server/auth";
import { notFound } from "@/lib/server/http/api-error";
import { toErrorResponse } from "@/lib/server/http/error-response";

async function withDetail(res: Response): Promise<Response> {
  if (res.status < 400) return res;
  // Unknown and disabled auth paths answer a bare "Not Found" text.
  if (res.status === 404 && !res.headers.get("content-type")?.includes("application/json")) return toErrorResponse(notFound());
  if (!res.headers.get("content-type")?.includes("application/json")) return res;
  const body: unknown = await res
    .clone()
    .json()
    .catch(() => null);
  if (!body || typeof body !== "object" || Array.isArray(body)) return res;
  const { message, detail } = body as { message?: unknown; detail?: unknown };
  if (detail !== undefined || typeof message !== "string") return res;
  const headers = new Headers(res.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify({ ...body, detail: message }), { status: res.status, statusText: res.statusText, headers });
}

async function handle(req: Request): Promise<Response> {
  try {
    await enforceAuthRateLimits(req);
    return await withDetail(await (await getAuth()).handler(req));
  } catch (error) {
    return toErrorResponse(error);
  }
}

export const GET = handle;
export const POST = handle;
