/**
 * A rolling restart under a live party (issue 32), the smaller version of bench/rolling-restart.mjs:
 * two instances on a fresh PostgreSQL database and one Redis behind a failover proxy (as compose.yaml
 * puts them behind Caddy), 24 guests and a host sending a seek every 50 ms; instance 1 gets SIGTERM,
 * drains, exits and is started again on its port, then instance 2. Every guest is delivered every
 * event exactly once and in order (by id), none is sent a fresh snapshot instead of what it missed,
 * every stream is open at the end, and each host command is applied exactly once.
 * The scenario runs in bench/lib/rolling-restart.mjs (one code for both).
 */
import { randomBytes } from "node:crypto";
import { judge, rollingRestart, startRestartableInstance, type RestartableInstance } from "@/bench/lib/rolling-restart.mjs";
import { TEST_REDIS_URL } from "./helpers/cluster";
import { createTestDatabase } from "./helpers/postgres";
import { Redis } from "ioredis";

jest.setTimeout(240_000);

test("a rolling restart of two instances loses, repeats and reorders no event, and leaves no stream closed", async () => {
  const pg = await createTestDatabase("vp_rolling");
  const prefix = `vp_test_${randomBytes(4).toString("hex")}`;
  const shared = { DATABASE_URL: pg.url, REDIS_URL: TEST_REDIS_URL, VP_REDIS_PREFIX: prefix, BETTER_AUTH_SECRET: randomBytes(32).toString("hex"), VP_RESOLVE_SHORT_LINKS: "0" };
  const instances: RestartableInstance[] = [];
  try {
    // One after the other: both migrate the same database.
    for (let i = 0; i < 2; i++) instances.push(await startRestartableInstance(shared));
    const result = await rollingRestart({ instances, guests: 24, commandEveryMs: 50, settleMs: 1500 });
    const verdict = judge(result);
    // Both instances drained by themselves (no SIGKILL needed) and came back.
    expect(result.phases.map((p) => p.instance)).toEqual([0, 1]);
    expect({
      lost: verdict.lost,
      duplicated: verdict.duplicated,
      outOfOrder: verdict.outOfOrder,
      extraSnapshots: verdict.extraSnapshots,
      closedAtEnd: verdict.closedAtEnd,
      appliedTwice: verdict.appliedTwice,
      unapplied: verdict.commandsSent - verdict.commandsApplied,
    }).toEqual({ lost: 0, duplicated: 0, outOfOrder: 0, extraSnapshots: 0, closedAtEnd: 0, appliedTwice: 0, unapplied: 0 });
    // The streams did move: every guest's stream ended at least once (each instance drained once).
    expect(verdict.reconnects.length).toBeGreaterThanOrEqual(24);
    expect(result.commands.refused).toEqual([]);
  } finally {
    await Promise.all(instances.map((instance) => instance.close().catch(() => undefined)));
    await pg.drop();
    const redis = new Redis(TEST_REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  }
});
