#!/usr/bin/env node
/**
 * Rolling restart under a live party (issue 32): two instances on a fresh PostgreSQL database and one
 * Redis behind a failover proxy, one party with `--guests` guests (split across both by the proxy)
 * and a host sending a seek every `--interval` ms; instance 1 is sent SIGTERM (it drains: see
 * scripts/server.mjs), started again on its port, then instance 2. Prints what every guest received
 * (lost, repeated or out-of-order events, snapshots sent again, streams left closed), the host's
 * commands (sent, answered, applied, applied twice), each instance's drain time and the guests'
 * reconnect times (a stream's end to its next 200: median, p99, max). The scenario is
 * bench/lib/rolling-restart.mjs, which tests/integration/rolling-restart-redis.test.ts runs smaller.
 *
 *   node bench/rolling-restart.mjs [--guests 200] [--interval 50] [--settle 2000]
 * Needs PostgreSQL and Redis (VP_BENCH_PG_URL, VP_BENCH_REDIS_URL; 127.0.0.1 by default) and `npm run build`.
 */
import { randomBytes } from "node:crypto";
import { fmt, parseArgs, printTable, quantile, setupEnv } from "./lib/common.mjs";
import { judge, rollingRestart, startRestartableInstance } from "./lib/rolling-restart.mjs";

const opts = parseArgs({ guests: 200, interval: 50, settle: 2000 });

const { env, cleanup } = await setupEnv("postgres-redis", "vp_bench_rolling");
const shared = { ...env, BETTER_AUTH_SECRET: randomBytes(32).toString("hex"), VP_RESOLVE_SHORT_LINKS: "0" };
const instances = [];
try {
  // One after the other: both migrate the same database.
  for (let i = 0; i < 2; i++) instances.push(await startRestartableInstance(shared));
  const started = Date.now();
  const result = await rollingRestart({
    instances,
    guests: opts.guests,
    commandEveryMs: opts.interval,
    settleMs: opts.settle,
    log: (line) => console.log(`  ${((Date.now() - started) / 1000).toFixed(1)} s  ${line}`),
  });
  const v = judge(result);
  const r = v.reconnects;
  console.log(`\nrolling restart · 2 instances (PostgreSQL + Redis) behind a failover proxy · ${opts.guests} guests · a host seek every ${opts.interval} ms`);
  printTable(
    ["events", "lost", "repeated", "out of order", "snapshots again", "streams closed at end"],
    [[v.events, v.lost, v.duplicated, v.outOfOrder, v.extraSnapshots, v.closedAtEnd]],
  );
  printTable(["host commands sent", "answered", "applied", "applied twice"], [[v.commandsSent, v.commandsAnswered, v.commandsApplied, v.appliedTwice]]);
  printTable(
    ["instance", "drained and exited (ms)", "down until serving again (ms)"],
    result.phases.map((p) => [p.instance + 1, fmt(p.drainMs, 0), fmt(p.downMs, 0)]),
  );
  printTable(["reconnects", "median (ms)", "p99 (ms)", "max (ms)"], [[r.length, fmt(quantile(r, 0.5), 0), fmt(quantile(r, 0.99), 0), fmt(r.at(-1) ?? NaN, 0)]]);
  const ok = v.lost === 0 && v.duplicated === 0 && v.outOfOrder === 0 && v.extraSnapshots === 0 && v.closedAtEnd === 0 && v.appliedTwice === 0 && v.commandsApplied === v.commandsSent;
  console.log(ok ? "\n✓ nothing lost, repeated or reordered; every stream open at the end" : "\n✖ see the figures above");
  process.exitCode = ok ? 0 : 1;
} finally {
  await Promise.all(instances.map((i) => i.close().catch(() => undefined)));
  await cleanup();
}
