import "server-only";
/**
 * Whether the visitor reached the site over https, which decides Strict-Transport-Security (a browser
 * ignores HSTS on plain http, and sending it from a plain-http deployment would only confuse). True when
 * the configured public URL is https (the site says it is served that way), or — only behind a trusted
 * reverse proxy (VP_TRUST_PROXY=1) — when the proxy's `X-Forwarded-Proto` says https; a client could
 * forge that header otherwise. The app's own server (scripts/server.mjs) speaks plain http only.
 */
import type { ServerEnv } from "@/lib/server/env";

export function requestIsHttps(request: { headers: Pick<Headers, "get"> }, env: Pick<ServerEnv, "baseUrl" | "VP_TRUST_PROXY">): boolean {
  if (env.baseUrl.startsWith("https://")) return true;
  if (env.VP_TRUST_PROXY !== "1") return false;
  // With several proxies the header is a list; the first entry is what the client used.
  const forwarded = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  return forwarded === "https";
}
