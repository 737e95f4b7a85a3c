#!/usr/bin/env node
/**
 * The sync engine under real-world conditions, simulated (lib/sync/sim/conditions.ts): for every
 * condition, the median over seeds of each figure next to its target. Simulated time: the figures do
 * not depend on this machine's load. `--pong-stamp page` measures what a client that stamps pongs in
 * the (busy) page gets; `--only <text>` runs the conditions whose name contains it.
 *
 *   node bench/sync-conditions.mjs [--seeds 6] [--pong-stamp network|page] [--only text]
 */
import { tsImport } from "tsx/esm/api";
import { parseArgs } from "./lib/common.mjs";

const opts = parseArgs({ seeds: 6, pongStamp: "network", only: "" });

const { CONDITIONS, medianFigures } = await tsImport("../lib/sync/sim/conditions.ts", import.meta.url);

const seeds = Array.from({ length: opts.seeds }, (_, i) => i + 1);
console.log(`sync conditions, 5 guests, median over seeds ${seeds.join(",")} (pong stamp: ${opts.pongStamp})`);
for (const condition of CONDITIONS) {
  if (opts.only && !condition.name.includes(opts.only)) continue;
  const started = performance.now();
  const runs = seeds.map((seed) => condition.run(seed, { pongStamp: opts.pongStamp }));
  const median = medianFigures(runs);
  const cells = Object.entries(median).map(([key, value]) => {
    const target = condition.target[key];
    const mark = target === undefined ? "" : value <= target ? ` (≤ ${target} ok)` : ` (≤ ${target} MISSED)`;
    return `${key} ${Number.isFinite(value) ? value.toFixed(1) : "never"}${mark}`;
  });
  console.log(`${condition.name.padEnd(50)} ${cells.join("  ")}  [${((performance.now() - started) / 1000).toFixed(1)} s]`);
}
