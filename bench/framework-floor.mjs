#!/usr/bin/env node
/**
 * The framework's floor for first-load JS: builds an empty App Router app (one static page, a root
 * layout, no client component, no CSS) with the Next.js and React installed here, and sums the gzip -9
 * size of the scripts its page loads, counted as bench/first-load-js.mjs counts a route (module
 * scripts only; `nomodule` polyfills apart). A page of ours cannot weigh less than this: what a route
 * adds over it is our code.
 *
 *   node bench/framework-floor.mjs [--bundler turbopack|webpack|both]
 *
 * The throwaway app is built in bench/results/framework-floor (inside the repository, so Next resolves
 * the same node_modules) and removed afterwards. Prints figures; asserts nothing.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { parseArgs, printTable, ROOT } from "./lib/common.mjs";

const args = parseArgs({ bundler: "both" });
const bundlers = args.bundler === "both" ? ["turbopack", "webpack"] : [String(args.bundler)];
const APP = path.join(ROOT, "bench", "results", "framework-floor");
const kib = (bytes) => (bytes / 1024).toFixed(1);
const version = (pkg) => JSON.parse(readFileSync(path.join(ROOT, "node_modules", pkg, "package.json"), "utf8")).version;

function writeApp() {
  rmSync(APP, { recursive: true, force: true });
  mkdirSync(path.join(APP, "app"), { recursive: true });
  writeFileSync(path.join(APP, "package.json"), JSON.stringify({ name: "framework-floor", private: true, type: "module" }));
  writeFileSync(
    path.join(APP, "app", "layout.jsx"),
    'export default function RootLayout({ children }) {\n  return <html lang="en"><body>{children}</body></html>;\n}\n',
  );
  writeFileSync(
    path.join(APP, "app", "page.jsx"),
    "export default function Page() {\n  return <main><h1>Hello</h1><p>A static page with no client component.</p></main>;\n}\n",
  );
}

function measure(bundler) {
  rmSync(path.join(APP, ".next"), { recursive: true, force: true });
  const flags = bundler === "webpack" ? ["--webpack"] : [];
  const started = Date.now();
  const built = spawnSync(process.execPath, [path.join(ROOT, "node_modules", "next", "dist", "bin", "next"), "build", ...flags], {
    cwd: APP,
    encoding: "utf8",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (built.status !== 0) throw new Error(`next build (${bundler}) failed:\n${built.stdout}\n${built.stderr}`);
  const html = readFileSync(path.join(APP, ".next", "server", "app", "index.html"), "utf8");
  const tags = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  const size = (legacy) =>
    [...new Set(tags.filter((t) => /\bnomodule\b/i.test(t) === legacy).map((t) => /\bsrc="([^"]+\.js)"/.exec(t)?.[1]).filter(Boolean))]
      .map((src) => gzipSync(readFileSync(path.join(APP, ".next", "static", src.replace(/^\/_next\/static\//, ""))), { level: 9 }).length);
  const modules = size(false);
  return [bundler, String(modules.length), kib(modules.reduce((a, b) => a + b, 0)), kib(size(true).reduce((a, b) => a + b, 0)), `${((Date.now() - started) / 1000).toFixed(0)} s`];
}

try {
  writeApp();
  console.log(`Framework floor: an empty App Router page, Next.js ${version("next")}, React ${version("react")}, ${new Date().toISOString()}`);
  const rows = bundlers.map(measure);
  printTable(["bundler", "scripts", "KiB gzip", "+ nomodule", "build"], rows);
} finally {
  rmSync(APP, { recursive: true, force: true });
}
