/**
 * Scale-out as deployed: two app instances on one fresh PostgreSQL database and one Redis (under a
 * key prefix of their own), sharing one auth secret so sessions and guest tokens verify on either.
 * `stop` stops both, drops the database and deletes the prefix's keys.
 */
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { startApp, type RunningApp } from "./app";
import { createTestDatabase, type TestDatabase } from "./postgres";

export const TEST_REDIS_URL = process.env.VP_TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

export interface Cluster {
  a: RunningApp;
  b: RunningApp;
  pg: TestDatabase;
  /** The instances' Redis key prefix (VP_REDIS_PREFIX). */
  redisPrefix: string;
  /** Starts one more instance on the same database and Redis (stopped with the others). */
  startInstance: () => Promise<RunningApp>;
  stop: () => Promise<void>;
}

export async function startCluster(dbPrefix: string, env: Record<string, string> = {}): Promise<Cluster> {
  const prefix = `vp_test_${randomBytes(4).toString("hex")}`;
  const pg = await createTestDatabase(dbPrefix);
  const shared = { DATABASE_URL: pg.url, REDIS_URL: TEST_REDIS_URL, VP_REDIS_PREFIX: prefix, BETTER_AUTH_SECRET: randomBytes(32).toString("hex"), ...env };
  const apps: RunningApp[] = [];
  const stop = async () => {
    await Promise.all(apps.map((app) => app.stop()));
    await pg.drop();
    const redis = new Redis(TEST_REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  };
  try {
    // One after the other: both migrate the same database (serialized by an advisory lock).
    apps.push(await startApp({ env: shared }));
    apps.push(await startApp({ env: shared }));
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
  const startInstance = async () => {
    const app = await startApp({ env: shared });
    apps.push(app);
    return app;
  };
  return { a: apps[0]!, b: apps[1]!, pg, redisPrefix: prefix, startInstance, stop };
}
