#!/usr/bin/env node
/**
 * The sync engine under real-world conditions, simulated (tests/support/sync-sim/conditions.ts): for every
 * condition, the median over seeds of each figure next to its target, and how the seeds spread
 * (p95 / p99 / max over seeds: one bad run in twenty shows there, not in the median). A condition whose
 * target holds for every seed (`targetOver: "max"`) is judged on the max. Simulated time: the figures do
 * not depend on this machine's load. `--pong-stamp page` measures what a client that stamps pongs in
 * the (busy) page gets; `--only <text>` runs the conditions whose name contains it.
 *
 *   node bench/sync-conditions.mjs [--seeds 6] [--pong-stamp network|page] [--only text]
 */
import { tsImport } from "tsx/esm/api";
import { parseArgs } from "./lib/common.mjs";

const opts = parseArgs({ seeds: 6, pongStamp: "network", only: "" });

const { CONDITIONS, figuresAt } = await tsImport("../tests/support/sync-sim/conditions.ts", import.meta.url);

const seeds = Array.from({ length: opts.seeds }, (_, i) => i + 1);
const seedText = seeds.length > 10 ? `1–${seeds.length}` : seeds.join(",");
console.log(`sync conditions, 5 guests, median [p95 / p99 / max] over seeds ${seedText} (pong stamp: ${opts.pongStamp})`);
const show = (value) => (Number.isFinite(value) ? value.toFixed(1) : "never");
for (const condition of CONDITIONS) {
  if (opts.only && !condition.name.includes(opts.only)) continue;
  const started = performance.now();
  const runs = seeds.map((seed) => condition.run(seed, { pongStamp: opts.pongStamp }));
  const [median, p95, p99, max] = [50, 95, 99, 100].map((p) => figuresAt(runs, p));
  const judged = figuresAt(runs, condition.targetOver === "max" ? 100 : 50);
  const cells = Object.keys(median).map((key) => {
    const target = condition.target[key];
    const over = condition.targetOver === "max" ? "every seed " : "";
    const mark = target === undefined ? "" : judged[key] <= target ? ` (${over}≤ ${target} ok)` : ` (${over}≤ ${target} MISSED)`;
    const spread = seeds.length > 1 ? ` [${show(p95[key])} / ${show(p99[key])} / ${show(max[key])}]` : "";
    return `${key} ${show(median[key])}${spread}${mark}`;
  });
  console.log(`${condition.name.padEnd(50)} ${cells.join("  ")}  [${((performance.now() - started) / 1000).toFixed(1)} s]`);
}
