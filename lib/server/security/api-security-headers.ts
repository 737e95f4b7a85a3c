import "server-only";
/**
 * The request-dependent security headers of an /api response: the API's own Content-Security-Policy
 * (under /api/v1; Better Auth's pages under /api/auth set theirs) and Strict-Transport-Security when
 * the site is reached over https. proxy.ts sets them on what Next serves; the realtime hot path
 * (lib/server/hot-path) on what it serves itself.
 */
import { API_POLICY, HSTS_VALUE } from "@/lib/security/content-security-policy";
import type { ServerEnv } from "@/lib/server/env";
import { requestIsHttps } from "./request-is-https";

export function apiSecurityHeaders(request: { headers: Pick<Headers, "get">; url: string }, env: Pick<ServerEnv, "baseUrl" | "VP_TRUST_PROXY">): Record<string, string> {
  const headers: Record<string, string> = {};
  if (new URL(request.url).pathname.startsWith("/api/v1/")) headers["Content-Security-Policy"] = API_POLICY;
  if (requestIsHttps(request, env)) headers["Strict-Transport-Security"] = HSTS_VALUE;
  return headers;
}
