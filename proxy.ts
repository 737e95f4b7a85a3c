/**
 * Request-level security headers that depend on the request: the Content-Security-Policy (a fresh
 * nonce for pages rendered on demand, the sha256 of the inline scripts for prerendered pages) and
 * Strict-Transport-Security when the site is reached over https. The constant headers (nosniff,
 * Referrer-Policy, Permissions-Policy, X-Frame-Options) come from next.config.mjs for every path, static
 * files included. Authorization is never decided here: every route checks its own.
 */
import { NextResponse, type NextRequest } from "next/server";
import { createNonce, HSTS_VALUE, pagePolicy } from "@/lib/security/content-security-policy";
import { cspSources } from "@/lib/security/csp-sources";
import { embedPlayers } from "@/lib/server/embed-players";
import { getEnv } from "@/lib/server/env";
import { apiSecurityHeaders } from "@/lib/server/security/api-security-headers";
import { prerenderedScriptHashes } from "@/lib/server/security/prerendered-pages";
import { requestIsHttps } from "@/lib/server/security/request-is-https";

export function proxy(request: NextRequest) {
  const env = getEnv();
  const { pathname } = request.nextUrl;
  const https = requestIsHttps(request, env);

  if (pathname.startsWith("/api/")) {
    const response = NextResponse.next();
    for (const [key, value] of Object.entries(apiSecurityHeaders(request, env))) response.headers.set(key, value);
    return response;
  }

  const nonce = createNonce();
  const policy = pagePolicy({
    nonce,
    scriptHashes: prerenderedScriptHashes(env.nextDistDir, pathname),
    sources: cspSources(embedPlayers()),
    https,
    dev: env.NODE_ENV === "development",
  });
  // Next.js reads the nonce from the request's policy and puts it on the scripts it renders.
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("Content-Security-Policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", policy);
  if (https) response.headers.set("Strict-Transport-Security", HSTS_VALUE);
  return response;
}

export const config = {
  // Build output (hashed JS/CSS, optimized images) needs no policy; its headers come from next.config.mjs.
  matcher: ["/((?!_next/static|_next/image).*)"],
};
