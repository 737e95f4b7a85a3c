#!/usr/bin/env node
/**
 * First-load JavaScript per route: starts the built app (fresh data directory), fetches each route's
 * HTML and sums the gzip size of every script the HTML loads (the `<script src>` tags Next puts in
 * the page, the same bytes a first visit downloads before hydration). `nomodule` scripts (Next's
 * polyfills for browsers without ES modules, ~39 KiB) are listed apart: every browser the site
 * supports skips them. Where a Lighthouse CLI is found (`LIGHTHOUSE=/path/to/bin`, node_modules/.bin
 * or the PATH) it also prints the Lighthouse mobile table run with Debian's Chromium. Lighthouse 12.2.3
 * is the last that runs on Node 20 (13 wants Node 22): `npm i -g -E lighthouse@12.2.3`.
 *
 * Besides the routes, a signed-in visit (a new account: its /profile) and a YouTube watch room (a
 * public party of that account, its player on the local stand-in of the YouTube IFrame API) are
 * measured; Lighthouse gets the account's session cookie for those.
 *
 *   npm run build && npm run bench:first-load
 *   node bench/first-load-js.mjs [--routes /,/faqs,/parties] [--lighthouse 0] [--signed-in 0] [--lighthouse-out DIR]
 *
 * `--lighthouse-out DIR` keeps each Lighthouse report (JSON) there, to read what a figure is made of
 * (the LCP element, the long tasks, the script bootup time).
 *
 * Prints figures; asserts nothing. The server it starts is stopped on exit or error.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { startPlayerStandIns } from "../tests/support/stand-ins/server.mjs";
import { killAll, parseArgs, printTable, ROOT, startViewParty } from "./lib/common.mjs";

const DEFAULT_ROUTES = [
  "/", "/faqs", "/about", "/getting-started", "/streaming-guide", "/blogs",
  "/blogs/the-ultimate-guide-to-virtual-watch-parties", "/contact", "/get-extension",
  "/parties", "/scheduled-parties", "/playlists", "/profile",
];
/** Measured with the signed-in account's cookie; `{party}` is its watch room's party id. */
const SIGNED_IN_ROUTES = ["/profile", "/watch/{party}"];

const args = parseArgs({ routes: DEFAULT_ROUTES.join(","), lighthouse: "1", signedIn: "1", lighthouseOut: "" });
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
  if (process.env.LIGHTHOUSE) return existsSync(process.env.LIGHTHOUSE) ? process.env.LIGHTHOUSE : null;
  const local = path.join(ROOT, "node_modules", ".bin", "lighthouse");
  if (existsSync(local)) return local;
  const found = spawnSync("sh", ["-c", "command -v lighthouse"], { encoding: "utf8" });
  return found.status === 0 ? found.stdout.trim() : null;
}

/** A new account (its session cookie) hosting a public YouTube party: what the signed-in routes need. */
async function signedInVisit({ baseUrl, port }) {
  // Better Auth refuses a sign-up without the site's own Origin (as a browser would send it).
  const origin = `http://localhost:${port}`;
  const name = `bench${Date.now().toString(36)}`;
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin },
    body: JSON.stringify({ email: `${name}@example.com`, password: "bench-password-1", name, username: name }),
  });
  if (!signUp.ok) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  const cookie = signUp.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const created = await fetch(`${baseUrl}/api/v1/parties`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin, Cookie: cookie },
    body: JSON.stringify({ video_url: "https://www.youtube.com/watch?v=benchClip01", video_title: "Bench clip", chat_provider: "builtin", visibility: "public", streamer_latency_ms: 0 }),
  });
  if (created.status !== 201) throw new Error(`party: ${created.status} ${await created.text()}`);
  const party = await created.json();
  return { cookie, party: party.id };
}

const standIns = args.signedIn !== "0" ? await startPlayerStandIns() : null;
const app = await startViewParty({ env: standIns?.env ?? {} });
try {
  const visit = standIns ? await signedInVisit(app) : null;
  /** Each measured page: its route, and the cookie to send (signed-in routes). */
  const pages = [
    ...routes.map((route) => ({ route, label: route, cookie: null })),
    ...(visit ? SIGNED_IN_ROUTES.map((route) => ({ route: route.replace("{party}", visit.party), label: `${route.replace("/{party}", "/…")} (signed in)`, cookie: visit.cookie })) : []),
  ];
  const rows = [];
  for (const { route, label, cookie } of pages) {
    const res = await fetch(app.baseUrl + route, { headers: cookie ? { Cookie: cookie } : {} });
    const html = await res.text();
    const scripts = scriptsOf(html);
    const total = scripts.reduce((sum, src) => sum + gzipBytes(src), 0);
    const legacy = scriptsOf(html, { legacy: true }).reduce((sum, src) => sum + gzipBytes(src), 0);
    rows.push([label, res.status, scripts.length, kib(total), kib(legacy)]);
  }
  console.log(`First-load JS (gzip -9 of the scripts in each route's HTML), ${new Date().toISOString()}`);
  printTable(["route", "status", "scripts", "KiB gzip", "+ nomodule"], rows);

  const lighthouse = args.lighthouse !== "0" ? lighthouseBin() : null;
  if (!lighthouse) {
    console.log("\nLighthouse: no CLI found (install it with `npm i -g -E lighthouse@12.2.3`, the last for Node 20, or set LIGHTHOUSE).");
  } else {
    const lhRows = [];
    for (const { route, label, cookie } of pages) {
      const out = execFileSync(lighthouse, [app.baseUrl + route, "--output=json", "--quiet", "--form-factor=mobile",
        "--only-categories=performance,accessibility,best-practices,seo",
        ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
        "--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run"],
        { env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH || "/usr/bin/chromium" }, maxBuffer: 64 * 1024 * 1024 });
      const report = JSON.parse(String(out));
      if (args.lighthouseOut) {
        mkdirSync(args.lighthouseOut, { recursive: true });
        writeFileSync(path.join(args.lighthouseOut, `${label.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home"}.json`), String(out));
      }
      const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
      const audit = (id, digits, scale = 1) => {
        const value = report.audits[id]?.numericValue;
        return typeof value === "number" ? (value / scale).toFixed(digits) : "?";
      };
      lhRows.push([label, score("performance"), score("accessibility"), score("best-practices"), score("seo"), audit("cumulative-layout-shift", 3), audit("total-blocking-time", 0), audit("largest-contentful-paint", 2, 1000)]);
    }
    console.log("\nLighthouse (mobile)");
    printTable(["route", "perf", "a11y", "best pr.", "SEO", "CLS", "TBT ms", "LCP s"], lhRows);
  }
} finally {
  await app.stop();
  await standIns?.close();
  killAll();
}
