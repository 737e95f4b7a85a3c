import "server-only";
/**
 * Fixed-window rate limiter keyed by any string (ip + route + identity). In-process; each app
 * instance counts its own traffic, which bounds abuse per instance without a shared store.
 */
import { getEnv } from "./env";
import { rateLimited } from "./http/api-error";

interface Window {
  count: number;
  resetAt: number;
}

const globalForLimits = globalThis as unknown as { __vpRateLimits?: Map<string, Window> };
const windows = (globalForLimits.__vpRateLimits ??= new Map());
let lastSweep = 0;

function sweep(now: number): void {
  if (now - lastSweep < 60_000) return;
  lastSweep = now;
  for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
}

export interface Limit {
  windowSeconds: number;
  max: number;
}

/** Counts one hit; returns seconds to wait when over the limit, else 0. */
export function hit(key: string, limit: Limit, now = Date.now()): number {
  sweep(now);
  let w = windows.get(key);
  if (!w || w.resetAt <= now) {
    w = { count: 0, resetAt: now + limit.windowSeconds * 1000 };
    windows.set(key, w);
  }
  w.count += 1;
  return w.count > limit.max ? (w.resetAt - now) / 1000 : 0;
}

/** Throws a 429 ApiError when `key` is over `limit`. */
export function enforceRateLimit(key: string, limit: Limit, detail?: string): void {
  const wait = hit(key, limit);
  if (wait > 0) throw rateLimited(wait, detail);
}

/**
 * The client's address: behind a trusted proxy (VP_TRUST_PROXY=1) the first X-Forwarded-For hop,
 * else the socket address our server (scripts/server.mjs) stamps on every request. Under `next dev`
 * neither exists and all clients share one bucket.
 */
export function clientKey(req: Request): string {
  if (getEnv().VP_TRUST_PROXY === "1") {
    const forwarded = req.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  return req.headers.get("x-vp-client-ip") || "local";
}
