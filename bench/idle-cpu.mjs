#!/usr/bin/env node
/**
 * The server's CPU while nothing happens: the built app (scripts/server.mjs, embedded database, no
 * client connected) left alone for `--settle` ms after it answered its health check, then its CPU
 * time (user + system, /proc/<pid>/stat) over `--windows` windows of `--window` ms. Background work
 * (timers, sweeps, database polling) shows here; on a busy server it is spread over every request,
 * and in bench/fanout.mjs it is part of each command's cost (at 10 commands a second, 1 ms/s of idle
 * CPU adds 100 µs to every command).
 *
 *   npm run build && node bench/idle-cpu.mjs [--settle 60000] [--window 20000] [--windows 4]
 *                                            [--env '{"NAME":"value"}']
 *
 * `--env` adds variables to the server's environment (JSON), to compare a setting in one run.
 * Prints figures; asserts nothing. The server is stopped on exit or error.
 */
import os from "node:os";
import { cpuMs, fmt, killAll, loadAverage, parseArgs, printTable, quantile, rssMb, sleep, startViewParty } from "./lib/common.mjs";

const opts = parseArgs({ settle: 60_000, window: 20_000, windows: 4, env: "{}" });

async function main() {
  console.log(`# idle server CPU — ${new Date().toISOString()}`);
  console.log(`node ${process.version}, ${os.cpus().length} CPUs, load ${loadAverage()}; settle ${opts.settle} ms, ${opts.windows} × ${opts.window} ms`);
  const app = await startViewParty({ env: JSON.parse(String(opts.env)) });
  const ready = Date.now();
  try {
    await sleep(opts.settle);
    const rows = [];
    const rates = [];
    for (let i = 0; i < opts.windows; i++) {
      const startedAt = Date.now();
      const before = cpuMs(app.pid);
      await sleep(opts.window);
      const spent = cpuMs(app.pid) - before;
      const seconds = (Date.now() - startedAt) / 1000;
      rates.push(spent / seconds);
      rows.push([`${Math.round((startedAt - ready) / 1000)} s`, fmt(spent, 0), fmt(spent / seconds, 2), fmt(rssMb(app.pid), 0)]);
    }
    printTable(["from", "CPU ms", "CPU ms/s", "RSS MB"], rows);
    const sorted = [...rates].sort((a, b) => a - b);
    console.log(`\nmedian ${fmt(quantile(sorted, 0.5), 2)} ms of CPU per second idle (load ${loadAverage()}); CPU time is counted in 10 ms ticks`);
  } finally {
    await app.stop();
  }
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => killAll());
