import "server-only";
/**
 * Rate limits (sign-in, sign-up, API writes, chat): fixed windows (one opens at a key's first hit and
 * lasts the limit's window) counted in this process's memory by default, or in Redis through
 * rate-limiter-flexible when REDIS_URL is set, so that every app instance behind a load balancer
 * draws from the same budget (otherwise N instances would allow N times the limit). Each instance
 * also counts every hit in its own memory, so that if Redis becomes unreachable it goes on with the
 * window it was in (its own share of the count, never zero) rather than failing the request, letting
 * it through unlimited, or starting a fresh window. In memory the count is a Map
 * entry and a hit takes no promise (`enforceRateLimitNow`): a host's every command passes a limit.
 */
import { Redis } from "ioredis";
import { RateLimiterRedis, type RateLimiterAbstract, type RateLimiterRes } from "rate-limiter-flexible";
import { getEnv } from "./env";
import { rateLimited } from "./http/api-error";
import { metrics } from "./metrics/metrics";
import { processState } from "@/lib/server/process-singleton";

export interface Limit {
  windowSeconds: number;
  max: number;
}

/** Fixed windows counted in this process: a hit is a Map lookup, with no promise and no timer per key. */
class MemoryWindows {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();
  private nextSweep = 0;

  /** Counts one hit; the seconds to wait when `key` is over `limit`, else 0. */
  hit(key: string, limit: Limit, now: number): number {
    const id = `${limitId(limit)}:${key}`;
    let window = this.windows.get(id);
    if (!window || window.endsAt <= now) {
      this.sweep(now);
      window = { count: 0, endsAt: now + limit.windowSeconds * 1000 };
      this.windows.set(id, window);
    }
    window.count += 1;
    return window.count > limit.max ? Math.max(window.endsAt - now, 1) / 1000 : 0;
  }

  /** Forgets ended windows, at most once a minute (so memory follows the keys seen lately). */
  private sweep(now: number): void {
    if (now < this.nextSweep) return;
    this.nextSweep = now + 60_000;
    for (const [id, window] of this.windows) if (window.endsAt <= now) this.windows.delete(id);
  }
}

interface LimiterState {
  limiters: Map<string, RateLimiterAbstract>;
  memory: MemoryWindows;
  redis?: Redis;
}

// One per process: Next may load this module more than once per process (route bundles).
const state = processState<LimiterState>("rateLimiters", () => ({ limiters: new Map(), memory: new MemoryWindows() }));

/** A limit's name: part of every key, so two limits never share a count. */
function limitId(limit: Limit): string {
  return `${limit.max}per${limit.windowSeconds}s`;
}

function redisClient(url: string): Redis {
  // A command waits for the connection (the first requests after start) but at most a second: while
  // Redis is down the in-memory count answers instead of the request hanging.
  if (!state.redis) {
    state.redis = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 1000, disconnectTimeout: 200 });
    // Errors surface per command (and fall back); an unhandled "error" event would only add noise.
    state.redis.on("error", () => undefined);
  }
  return state.redis;
}

/** One Redis limiter per distinct limit; the limit is part of the key prefix, so two limits never share a count. */
function redisLimiterFor(limit: Limit, redisUrl: string): RateLimiterAbstract {
  const id = limitId(limit);
  let limiter = state.limiters.get(id);
  if (limiter) return limiter;
  limiter = new RateLimiterRedis({
    points: limit.max,
    duration: limit.windowSeconds,
    keyPrefix: `${getEnv().VP_REDIS_PREFIX}:rl:${id}`,
    storeClient: redisClient(redisUrl),
  });
  state.limiters.set(id, limiter);
  return limiter;
}

/**
 * Counts one hit on `key`: the seconds to wait when it is over `limit`, else 0. Counted in memory (no
 * REDIS_URL) the answer is at hand; counted in Redis it is a promise.
 */
function hitNow(key: string, limit: Limit): number | Promise<number> {
  const redisUrl = getEnv().REDIS_URL;
  return redisUrl ? redisHit(key, limit, redisUrl) : state.memory.hit(key, limit, Date.now());
}

async function redisHit(key: string, limit: Limit, redisUrl: string): Promise<number> {
  // Counted here too, always: while Redis answers this is unused; once it does not, the limit holds
  // with what this instance has seen of the current window.
  const local = state.memory.hit(key, limit, Date.now());
  try {
    await redisLimiterFor(limit, redisUrl).consume(key);
    return 0;
  } catch (rejection) {
    // The library rejects with a RateLimiterRes when over the limit, with an Error when its store
    // failed (Redis down or not answering within the command timeout): then the local count decides.
    // Told apart by shape, not by class: Next bundles the library into each route, and the limiter
    // (kept on globalThis) may have been made by another route's copy, whose RateLimiterRes is
    // another class.
    if (rejection instanceof Error) return local;
    const msBeforeNext = (rejection as Partial<RateLimiterRes> | null)?.msBeforeNext;
    if (typeof msBeforeNext === "number") return Math.max(msBeforeNext, 1) / 1000;
    throw rejection;
  }
}

function refuseOver(wait: number, detail: string | undefined, key: string): void {
  if (wait <= 0) return;
  metrics()?.rateLimitRefusals.inc(refusalLabels(key));
  throw rateLimited(wait, detail);
}

/**
 * The API's routes, for labelling a refused call by its route (ids as `{id}`); a path that fits none
 * (a route added without a line here) is labelled "other". Static segments sort before `{id}`, so
 * `/parties/active` is found before `/parties/{id}`.
 */
const API_ROUTES = [
  "/api/v1/auth/kick/authorize", "/api/v1/auth/kick/exchange-code", "/api/v1/auth/providers", "/api/v1/auth/token-exchange",
  "/api/v1/diagnostics/realtime", "/api/v1/guests", "/api/v1/health", "/api/v1/metrics", "/api/v1/parties", "/api/v1/parties/active",
  "/api/v1/parties/active/deltas", "/api/v1/parties/{id}", "/api/v1/parties/{id}/commands", "/api/v1/parties/{id}/events",
  "/api/v1/parties/{id}/join", "/api/v1/parties/{id}/poll", "/api/v1/parties/{id}/queue", "/api/v1/playlists", "/api/v1/playlists/join",
  "/api/v1/playlists/me", "/api/v1/playlists/{id}", "/api/v1/playlists/{id}/links", "/api/v1/playlists/{id}/links/{id}",
  "/api/v1/playlists/{id}/play", "/api/v1/playlists/{id}/twitch", "/api/v1/playlists/{id}/twitch/connection", "/api/v1/ready",
  "/api/v1/recordings", "/api/v1/recordings/{id}", "/api/v1/recordings/{id}/party", "/api/v1/recordings/{id}/timeline",
  "/api/v1/scheduled-parties", "/api/v1/scheduled-parties/host/{id}", "/api/v1/scheduled-parties/me", "/api/v1/scheduled-parties/me/joined",
  "/api/v1/scheduled-parties/{id}", "/api/v1/scheduled-parties/{id}/programme", "/api/v1/scheduled-parties/{id}/rsvp",
  "/api/v1/scheduled-parties/{id}/start", "/api/v1/users/me", "/api/v1/users/me/account", "/api/v1/users/me/current-party",
  "/api/v1/users/me/leave-party", "/api/v1/users/me/twitch", "/api/v1/users/{id}", "/api/v1/users/{id}/recordings", "/api/v1/users/{id}/twitch",
].map((route) => ({ route, parts: route.split("/").slice(1) }));

function apiRouteOf(segments: string[]): string {
  const found = API_ROUTES.find(({ parts }) => parts.length === segments.length && parts.every((part, i) => part === "{id}" || part === segments[i]));
  return found?.route ?? "other";
}

/**
 * A refusal's metric labels: the limit's kind (the key's first part: `api`, `chat`, `sign-in`…) and,
 * for the API's limits (`api:METHOD:/path:caller`), the route, so the labels stay few whatever ids
 * and callers come.
 */
export function refusalLabels(key: string): { limit: string; route: string } {
  const kindEnd = key.indexOf(":");
  const limit = kindEnd < 0 ? key : key.slice(0, kindEnd);
  if (limit !== "api") return { limit, route: "" };
  const methodEnd = key.indexOf(":", kindEnd + 1);
  const method = key.slice(kindEnd + 1, methodEnd);
  const segments = key.slice(methodEnd + 1).split("/").slice(1);
  // The caller follows the path after a ':' (an address may hold more of them): cut at the last segment's first.
  const last = segments.length - 1;
  if (last >= 0) segments[last] = segments[last]!.split(":", 1)[0]!;
  return { limit, route: `${/^[A-Z]{3,7}$/.test(method) ? method : "OTHER"} ${apiRouteOf(segments)}` };
}

/** Throws a 429 ApiError (with Retry-After) when `key` is over `limit`. */
export async function enforceRateLimit(key: string, limit: Limit, detail?: string): Promise<void> {
  refuseOver(await hitNow(key, limit), detail, key);
}

/**
 * `enforceRateLimit` for hot paths: counted in memory it throws (or not) at once and returns
 * undefined; counted in Redis it returns the promise to await.
 */
export function enforceRateLimitNow(key: string, limit: Limit, detail?: string): Promise<void> | undefined {
  const wait = hitNow(key, limit);
  if (typeof wait !== "number") return wait.then((seconds) => refuseOver(seconds, detail, key));
  refuseOver(wait, detail, key);
  return undefined;
}

/**
 * The key of an API route's limit: the method, the resource the path names, and the caller. The path
 * is taken percent-decoded: `/parties/%61bc/commands` names the same party as `/parties/abc/commands`
 * (the route receives the decoded id), and keyed on the raw path every other spelling of an id was a
 * fresh budget. `decodedPath` must already be decoded (a transport that decoded the id builds it from
 * that); `apiPathOf` decodes a request's path.
 */
export function apiRateLimitKey(method: string, decodedPath: string, who: string): string {
  // In lower case: invite codes are found in any letter case, so each spelling of one would otherwise
  // be a fresh budget (ids differing only in case would share one caller's budget: harmless).
  return `api:${method}:${decodedPath.toLowerCase()}:${who}`;
}

/** A request URL's path, percent-decoded (left as it is when it does not decode). */
export function apiPathOf(url: string): string {
  const { pathname } = new URL(url);
  if (!pathname.includes("%")) return pathname;
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/**
 * The client's address: behind a trusted proxy (VP_TRUST_PROXY=1) the first X-Forwarded-For hop,
 * else the socket address our server (scripts/server.mjs, in development too) stamps on every
 * request. Without either (a request that did not come through that server) all such clients share
 * one bucket.
 */
export function clientKey(req: { headers: { get(name: string): string | null } }): string {
  if (getEnv().VP_TRUST_PROXY === "1") {
    const forwarded = req.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  return req.headers.get("x-vp-client-ip") || "local";
}

/** Test hook: forget the limiters (and close the Redis connection) so a test can change the env. */
export async function resetRateLimitsForTests(): Promise<void> {
  state.limiters.clear();
  state.memory = new MemoryWindows();
  const redis = state.redis;
  state.redis = undefined;
  if (redis?.status === "ready") await redis.quit();
  else redis?.disconnect();
}
