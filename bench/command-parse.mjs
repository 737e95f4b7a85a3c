#!/usr/bin/env node
/**
 * What checking one party command costs: the protocol's zod schemas (parseClientCommand, the
 * baseline) against the hand-written check of the hot commands (parseHotCommand,
 * lib/sync/hot-commands.ts), on the commands a host and its guests send most (seek, pause, ping,
 * as they arrive: fresh objects from JSON.parse).
 *
 * Two ways, because a server sees the second: "warm" calls one after another in a loop (code and
 * data in the caches); "cold" flushes the caches before every call (a sweep over --flush-mb MB)
 * and times that one call, as on a server that handles a command between hundreds of socket
 * writes, timers and collections.
 *
 *   node bench/command-parse.mjs [--calls 2000] [--flush-mb 64]
 *
 * Prints figures; asserts nothing.
 */
import os from "node:os";
import { tsImport } from "tsx/esm/api";
import { fmt, loadAverage, parseArgs, printTable, quantile } from "./lib/common.mjs";

const opts = parseArgs({ calls: 2000, flushMb: 64 });
const { parseClientCommand } = await tsImport("../lib/sync/protocol.ts", import.meta.url);
const { parseHotCommand } = await tsImport("../lib/sync/hot-commands.ts", import.meta.url);

const COMMANDS = [
  { v: 1, type: "seek", position: 612.5, at: 1_764_000_000_000, cid: 42, horizon: 640 },
  { v: 1, type: "pause", position: 612.5, at: 1_764_000_000_000, cid: 43 },
  { v: 1, type: "ping", t0: 123456.789 },
].map((command) => JSON.stringify(command));

const WAYS = [
  ["zod schemas (parseClientCommand)", (input) => parseClientCommand(input).ok],
  ["hand check (parseHotCommand)", (input) => parseHotCommand(input) !== undefined],
  ["nothing (the timer's own cost)", (input) => input !== undefined],
];

const flushed = new Float64Array((opts.flushMb * 1024 * 1024) / 8);
/** Touches one value per 64-byte line of a buffer larger than the caches. */
function flushCaches() {
  for (let i = 0; i < flushed.length; i += 8) flushed[i] += 1;
}

/** Nanoseconds per call: `cold` times single calls after a flush; warm, batches of 1 000. */
function measure(check, cold) {
  const inputs = Array.from({ length: 1000 }, (_, i) => JSON.parse(COMMANDS[i % COMMANDS.length]));
  const times = [];
  if (cold) {
    for (let i = 0; i < opts.calls; i++) {
      const input = JSON.parse(COMMANDS[i % COMMANDS.length]);
      flushCaches();
      const started = process.hrtime.bigint();
      if (!check(input)) throw new Error("a hot command was refused");
      times.push(Number(process.hrtime.bigint() - started));
    }
  } else {
    for (let batch = 0; batch < Math.max(1, Math.round(opts.calls / 20)); batch++) {
      const started = process.hrtime.bigint();
      for (const input of inputs) if (!check(input)) throw new Error("a hot command was refused");
      times.push(Number(process.hrtime.bigint() - started) / inputs.length);
    }
  }
  // The first tenth warms the code (and V8's tiers) up: not counted.
  return Float64Array.from(times.slice(Math.floor(times.length / 10))).sort();
}

console.log(`# command check benchmark — ${new Date().toISOString()}`);
console.log(`node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "?"}), load ${loadAverage()}; ${opts.calls} calls per way, caches flushed with a ${opts.flushMb} MB sweep`);
const rows = [];
for (const cold of [false, true]) {
  const figures = WAYS.map(([name, check]) => [name, measure(check, cold)]);
  const base = quantile(figures[0][1], 0.5);
  for (const [name, sorted] of figures) {
    rows.push([cold ? "cold" : "warm", name, fmt(quantile(sorted, 0.5), 0), fmt(quantile(sorted, 0.99), 0), fmt(quantile(sorted, 0.5) / base, 2)]);
  }
}
printTable(["caches", "check", "ns/command p50", "p99", "p50 ÷ schemas"], rows);
console.log(`load after ${loadAverage()}`);
