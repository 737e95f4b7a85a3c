/**
 * The rate-limit wrapper over rate-limiter-flexible: the 429 it throws, counts kept in Redis when
 * REDIS_URL is set (so a fresh instance sees them), and limits that still hold when Redis is down.
 * The Redis cases use the machine's Redis (127.0.0.1:6379, or VP_TEST_REDIS_URL) under their own prefix.
 */
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { ApiError } from "@/lib/server/http/api-error";
import { resetEnvForTests } from "@/lib/server/env";
import { enforceRateLimit, enforceRateLimitNow, resetRateLimitsForTests } from "@/lib/server/rate-limit";

const REDIS_URL = process.env.VP_TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const LIMIT = { windowSeconds: 60, max: 3 };
const savedEnv = { ...process.env };

async function useEnv(env: Record<string, string | undefined>): Promise<void> {
  process.env = { ...savedEnv, VP_DATA_DIR: "/tmp/vp-unit-rate-limit", BETTER_AUTH_SECRET: "x".repeat(32), ...env };
  resetEnvForTests();
  await resetRateLimitsForTests();
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

afterAll(async () => {
  await useEnv({});
  process.env = savedEnv;
  resetEnvForTests();
});

describe("in memory (no REDIS_URL)", () => {
  beforeAll(() => useEnv({ REDIS_URL: undefined }));

  test("allows `max` hits per key, then answers 429 with Retry-After and the given detail", async () => {
    for (let i = 0; i < LIMIT.max; i++) await expect(enforceRateLimit("mem:a", LIMIT, "Slow down.")).resolves.toBeUndefined();
    const error = await rejection(enforceRateLimit("mem:a", LIMIT, "Slow down."));
    expect(error.status).toBe(429);
    expect(error.code).toBe("rate_limited");
    expect(error.detail).toBe("Slow down.");
    const retryAfter = Number(error.headers["Retry-After"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(LIMIT.windowSeconds);
  });

  test("keys and limits count separately", async () => {
    for (let i = 0; i < LIMIT.max; i++) await enforceRateLimit("mem:b", LIMIT);
    await expect(enforceRateLimit("mem:c", LIMIT)).resolves.toBeUndefined();
    // The same key under another limit has its own count.
    await expect(enforceRateLimit("mem:b", { windowSeconds: 60, max: 10 })).resolves.toBeUndefined();
    expect((await rejection(enforceRateLimit("mem:b", LIMIT))).status).toBe(429);
  });
});

describe("in memory, without a promise (enforceRateLimitNow, the command socket's)", () => {
  beforeAll(() => useEnv({ REDIS_URL: undefined }));
  afterEach(() => jest.useRealTimers());

  function thrown(call: () => unknown): ApiError {
    try {
      call();
    } catch (error) {
      if (error instanceof ApiError) return error;
      throw error;
    }
    throw new Error("expected a 429");
  }

  test("answers at once: `max` hits pass, the next throws 429 with the seconds left in the window", () => {
    jest.useFakeTimers({ now: new Date("2026-11-27T12:00:00Z") });
    for (let i = 0; i < LIMIT.max; i++) expect(enforceRateLimitNow("now:a", LIMIT, "Slow down.")).toBeUndefined();
    jest.setSystemTime(new Date("2026-11-27T12:00:20Z"));
    const error = thrown(() => enforceRateLimitNow("now:a", LIMIT, "Slow down."));
    expect(error.status).toBe(429);
    expect(error.detail).toBe("Slow down.");
    expect(Number(error.headers["Retry-After"])).toBe(40);
  });

  test("a window lasts windowSeconds from the key's first hit; then the count starts again", () => {
    jest.useFakeTimers({ now: new Date("2026-11-27T13:00:00Z") });
    for (let i = 0; i < LIMIT.max; i++) enforceRateLimitNow("now:b", LIMIT);
    jest.setSystemTime(new Date("2026-11-27T13:00:59.500Z"));
    expect(thrown(() => enforceRateLimitNow("now:b", LIMIT)).status).toBe(429);
    jest.setSystemTime(new Date("2026-11-27T13:01:00Z"));
    for (let i = 0; i < LIMIT.max; i++) expect(enforceRateLimitNow("now:b", LIMIT)).toBeUndefined();
    expect(thrown(() => enforceRateLimitNow("now:b", LIMIT)).status).toBe(429);
  });

  test("one budget with enforceRateLimit: hits by either way count together", async () => {
    await enforceRateLimit("now:c", LIMIT);
    enforceRateLimitNow("now:c", LIMIT);
    await enforceRateLimit("now:c", LIMIT);
    expect(thrown(() => enforceRateLimitNow("now:c", LIMIT)).status).toBe(429);
    expect((await rejection(enforceRateLimit("now:c", LIMIT))).status).toBe(429);
  });
});

describe("shared across route bundles", () => {
  beforeAll(() => useEnv({ REDIS_URL: undefined }));

  test("a limit first used by another copy of the module (another route's bundle) still answers 429, not a server error", async () => {
    // Next bundles this module into each route, while the counts are kept on globalThis: hits made
    // through another copy count on here, and over the limit this copy answers the 429.
    const limit = { windowSeconds: 60, max: 2 };
    let other: typeof import("@/lib/server/rate-limit") | undefined;
    jest.isolateModules(() => {
      other = jest.requireActual<typeof import("@/lib/server/rate-limit")>("@/lib/server/rate-limit");
    });
    await other!.enforceRateLimit("bundle:a", limit);
    await enforceRateLimit("bundle:a", limit);
    const error = await rejection(enforceRateLimit("bundle:a", limit, "Too many."));
    expect(error.status).toBe(429);
    expect(error.detail).toBe("Too many.");
  });
});

describe("in Redis (REDIS_URL set)", () => {
  const prefix = `vp_unit_${randomBytes(4).toString("hex")}`;

  beforeAll(() => useEnv({ REDIS_URL, VP_REDIS_PREFIX: prefix }));
  afterAll(async () => {
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  test("enforceRateLimitNow hands back the promise: the count is Redis's", async () => {
    for (let i = 0; i < LIMIT.max; i++) await expect(enforceRateLimitNow("shared-now", LIMIT)).resolves.toBeUndefined();
    expect((await rejection(enforceRateLimitNow("shared-now", LIMIT)!)).status).toBe(429);
  });

  test("counts live in Redis under the prefix: a fresh limiter (another instance) continues the count", async () => {
    await enforceRateLimit("shared", LIMIT);
    await enforceRateLimit("shared", LIMIT);
    // Forget every in-process limiter and connection, as a second app instance would start.
    await resetRateLimitsForTests();
    await expect(enforceRateLimit("shared", LIMIT)).resolves.toBeUndefined();
    expect((await rejection(enforceRateLimit("shared", LIMIT))).status).toBe(429);

    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    await redis.quit();
    expect(keys.some((k) => k.endsWith(":shared"))).toBe(true);
  });
});

describe("Redis unreachable", () => {
  // Port 1 on loopback: nothing listens, connections are refused at once.
  beforeAll(() => useEnv({ REDIS_URL: "redis://127.0.0.1:1", VP_REDIS_PREFIX: "vp_unit_down" }));

  test("limits still hold (counted in memory) and no request fails with a server error", async () => {
    for (let i = 0; i < LIMIT.max; i++) await expect(enforceRateLimit("down", LIMIT)).resolves.toBeUndefined();
    expect((await rejection(enforceRateLimit("down", LIMIT))).status).toBe(429);
  });
});
