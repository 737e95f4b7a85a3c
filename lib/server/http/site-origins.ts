import "server-only";
/**
 * The origins that count as "this site": the configured public base URL, the loopback addresses of
 * the port actually served (tests, e2e and a fresh `npm start` open the app as http://localhost:PORT),
 * and the extra origins named in VP_TRUSTED_ORIGINS. Better Auth trusts exactly these for its own
 * endpoints, and the API's cross-site write check accepts exactly these, so both agree.
 */
import { getEnv, type ServerEnv } from "@/lib/server/env";

/** `https://Example.com:443/` → `https://example.com`; non-URL origins (e.g. `chrome-extension://id`) are only trimmed. */
export function normalizeOrigin(value: string): string {
  const trimmed = value.trim().replace(/\/+$/, "");
  try {
    const origin = new URL(trimmed).origin;
    // Node answers "null" for schemes without a host notion (chrome-extension:, moz-extension:).
    return origin === "null" ? trimmed.toLowerCase() : origin;
  } catch {
    return trimmed.toLowerCase();
  }
}

/** By configuration: every API write asks, and the answer only changes with the env (tests swap it). */
const known = new WeakMap<ServerEnv, readonly string[]>();

export function siteOrigins(env: ServerEnv = getEnv()): readonly string[] {
  let origins = known.get(env);
  if (!origins) {
    origins = Object.freeze(computeSiteOrigins(env));
    known.set(env, origins);
  }
  return origins;
}

function computeSiteOrigins(env: ServerEnv): string[] {
  const extra = env.VP_TRUSTED_ORIGINS?.split(",").map((o) => o.trim()).filter(Boolean) ?? [];
  const all = [env.baseUrl, `http://localhost:${env.PORT}`, `http://127.0.0.1:${env.PORT}`, ...extra].map(normalizeOrigin);
  return [...new Set(all)];
}
