#!/usr/bin/env node
/**
 * First-load JavaScript per route: starts the built app (fresh data directory), fetches each route's
 * HTML and sums the gzip size of every script the HTML loads (the `<script src>` tags Next puts in
 * the page, the same bytes a first visit downloads before hydration). `nomodule` scripts (Next's
 * polyfills for browsers without ES modules, ~39 KiB) are listed apart: every browser the site
 * supports skips them. Where a Lighthouse CLI is on
 * the PATH (or in node_modules/.bin) it also prints the Lighthouse mobile table run with Debian's
 * Chromium.
 *
 *   npm run build && npm run bench:first-load
 *   node bench/first-load-js.mjs [--routes /,/faqs,/parties] [--lighthouse 0]
 *
 * Prints figures; asserts nothing. The server it starts is stopped on exit or error.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { killAll, parseArgs, printTable, ROOT, startViewParty } from "./lib/common.mjs";

const DEFAULT_ROUTES = [
  "/", "/faqs", "/about", "/getting-started", "/streaming-guide", "/blogs",
  "/blogs/the-ultimate-guide-to-virtual-watch-parties", "/contact", "/get-extension",
  "/parties", "/scheduled-parties", "/playlists", "/profile",
];

const args = parseArgs({ routes: DEFAULT_ROUTES.join(","), lighthouse: "1" });
const routes = String(args.routes).split(",").filter(Boolean);
const kib = (bytes) => (bytes / 1024).toFixed(1);

function scriptsOf(html, { legacy = false } = {}) {
  const tags = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  const chosen = tags.filter((tag) => /\bnomodule\b/i.test(tag) === legacy);
  return [...new Set(chosen.map((tag) => /\bsrc="([^"]+\.js)"/.exec(tag)?.[1]).filter(Boolean))];
}

function gzipBytes(src) {
  const pathname = new URL(src, "http://x").pathname;
  if (!pathname.startsWith("/_next/static/")) return 0;
  const file = path.join(ROOT, ".next", "static", pathname.slice("/_next/static/".length));
  return existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0;
}

function lighthouseBin() {
  const local = path.join(ROOT, "node_modules", ".bin", "lighthouse");
  if (existsSync(local)) return local;
  const found = spawnSync("sh", ["-c", "command -v lighthouse"], { encoding: "utf8" });
  return found.status === 0 ? found.stdout.trim() : null;
}

const app = await startViewParty();
try {
  const rows = [];
  for (const route of routes) {
    const res = await fetch(app.baseUrl + route);
    const html = await res.text();
    const scripts = scriptsOf(html);
    const total = scripts.reduce((sum, src) => sum + gzipBytes(src), 0);
    const legacy = scriptsOf(html, { legacy: true }).reduce((sum, src) => sum + gzipBytes(src), 0);
    rows.push([route, res.status, scripts.length, kib(total), kib(legacy)]);
  }
  console.log(`First-load JS (gzip -9 of the scripts in each route's HTML), ${new Date().toISOString()}`);
  printTable(["route", "status", "scripts", "KiB gzip", "+ nomodule"], rows);

  const lighthouse = args.lighthouse !== "0" ? lighthouseBin() : null;
  if (!lighthouse) {
    console.log("\nLighthouse: no CLI found (install it with `npm i -g lighthouse` to add the table).");
  } else {
    const lhRows = [];
    for (const route of routes) {
      const out = execFileSync(lighthouse, [app.baseUrl + route, "--output=json", "--quiet", "--form-factor=mobile",
        "--only-categories=performance,accessibility,best-practices,seo",
        "--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run"],
        { env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH || "/usr/bin/chromium" }, maxBuffer: 64 * 1024 * 1024 });
      const report = JSON.parse(String(out));
      const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
      lhRows.push([route, score("performance"), score("accessibility"), score("best-practices"), score("seo"), report.audits["cumulative-layout-shift"]?.numericValue?.toFixed(3) ?? "?"]);
    }
    console.log("\nLighthouse (mobile)");
    printTable(["route", "perf", "a11y", "best pr.", "SEO", "CLS"], lhRows);
  }
} finally {
  await app.stop();
  killAll();
}
