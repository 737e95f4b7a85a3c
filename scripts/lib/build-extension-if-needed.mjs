/**
 * Builds the browser extension for each browser it ships for (lib/extension-targets.mjs) when that
 * build is missing, its sources changed since (the same path/size/mtime stamp as the app's build), or
 * it was made for another server address. `npm start` runs it after the app's build, so a fresh clone's
 * /get-extension offers working downloads; an up-to-date tree is left alone.
 *
 * Each browser is built into a staging folder and moved into place only when complete: a failed
 * rebuild keeps the previous build, and a running server never zips a half-written one.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { EXTENSION_TARGETS, extensionOutDir } from "../../lib/extension-targets.mjs";
import { filesStamp } from "./build-if-needed.mjs";

// What the extension's build reads: its own folder (entrypoints, src, wxt.config.ts) and the shared
// code it imports from lib/ (sync engine, schemas, site bridge), plus the version and dependencies.
const SOURCE_DIRS = ["extension", "lib"];
const SOURCE_FILES = ["package.json", "package-lock.json", "tsconfig.json"];
const GENERATED_DIRS = new Set([".output", ".wxt", "node_modules"]);

/**
 * The server the extension talks to by default (its popup can change it): the one this start serves,
 * i.e. VP_EXTENSION_SERVER_URL, else the public URL (BETTER_AUTH_URL), else http://localhost:PORT.
 */
export function extensionServerUrl(env = process.env) {
  return (env.VP_EXTENSION_SERVER_URL || env.BETTER_AUTH_URL || `http://localhost:${env.PORT || 3000}`).replace(/\/+$/, "");
}

const stampFileOf = (outDir, browser) => path.join(outDir, `.vp-build-${browser}.json`);

function readStamp(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

/** Why a browser's build must be made again, or null when it is up to date. */
function staleReason(outDir, browser, sources, serverUrl) {
  if (!existsSync(path.join(outDir, EXTENSION_TARGETS[browser].dir, "manifest.json"))) return "missing";
  const stamp = readStamp(stampFileOf(outDir, browser));
  if (!stamp) return "made without a stamp";
  if (stamp.serverUrl !== serverUrl) return `built for ${stamp.serverUrl}`;
  if (stamp.sources !== sources) return "sources changed";
  return null;
}

/**
 * Returns `{ ok, built, failed }`: ok is false when a browser has no current build afterwards (the
 * build failed, or its tools are not installed). `force` rebuilds every browser.
 */
export function buildExtensionIfNeeded(root, { env = process.env, force = false } = {}) {
  const outDir = extensionOutDir(root, env.VP_EXTENSION_OUT_DIR);
  const serverUrl = extensionServerUrl(env);
  const sources = filesStamp(root, SOURCE_DIRS, SOURCE_FILES, (dir) => GENERATED_DIRS.has(path.basename(dir)) || dir === outDir);
  const browsers = Object.keys(EXTENSION_TARGETS);
  const stale = browsers
    .map((browser) => ({ browser, reason: force ? "requested" : staleReason(outDir, browser, sources, serverUrl) }))
    .filter((b) => b.reason !== null);
  if (stale.length === 0) {
    console.log(`▸ browser extension is up to date (${serverUrl})`);
    return { ok: true, built: [], failed: [] };
  }

  const label = (browser) => EXTENSION_TARGETS[browser].label;
  // A production install (npm ci --omit=dev) has no WXT: serve what was built elsewhere, if anything.
  const wxt = path.join(root, "node_modules", "wxt", "bin", "wxt.mjs");
  if (!existsSync(wxt)) {
    for (const { browser, reason } of stale) {
      console.warn(
        reason === "missing"
          ? `✖ no ${label(browser)} extension build, and its build tool (wxt, a dev dependency) is not installed: /get-extension offers no ${label(browser)} download. Build it with \`npm run build:extension\` where the dev dependencies are installed and ship ${path.relative(root, outDir) || "."} with the app.`
          : `▸ the ${label(browser)} extension build may be out of date (${reason}), and wxt is not installed to rebuild it: serving it as it is.`,
      );
    }
    const failed = stale.filter((b) => b.reason === "missing").map((b) => b.browser);
    return { ok: failed.length === 0, built: [], failed };
  }

  const started = Date.now();
  const first = stale.every((b) => b.reason === "missing");
  console.log(
    `▸ ${first ? "building the browser extension" : "rebuilding the browser extension"} for ${serverUrl} (${stale.map((b) => label(b.browser)).join(", ")}; about 10 s each)…`,
  );
  mkdirSync(outDir, { recursive: true });
  const built = [];
  const failed = [];
  for (const [i, { browser, reason }] of stale.entries()) {
    console.log(`▸ extension ${i + 1}/${stale.length}: ${label(browser)}${reason === "missing" || reason === "requested" ? "" : ` (${reason})`}`);
    const staging = path.join(outDir, `.staging-${process.pid}`);
    rmSync(staging, { recursive: true, force: true });
    const result = spawnSync(process.execPath, [wxt, "build", "extension", "-b", browser], {
      cwd: root,
      stdio: "inherit",
      env: { ...env, VP_EXTENSION_SERVER_URL: serverUrl, VP_EXTENSION_OUT_DIR: staging, NODE_ENV: "production" },
    });
    const made = path.join(staging, EXTENSION_TARGETS[browser].dir);
    if (result.status === 0 && existsSync(path.join(made, "manifest.json"))) {
      const final = path.join(outDir, EXTENSION_TARGETS[browser].dir);
      rmSync(final, { recursive: true, force: true });
      renameSync(made, final);
      writeFileSync(stampFileOf(outDir, browser), `${JSON.stringify({ serverUrl, sources })}\n`);
      built.push(browser);
    } else {
      const kept = existsSync(path.join(outDir, EXTENSION_TARGETS[browser].dir, "manifest.json"));
      console.error(
        `✖ the ${label(browser)} extension build failed (see the output above): /get-extension ${kept ? "keeps offering the previous build" : `offers no ${label(browser)} download`} until a build succeeds.`,
      );
      failed.push(browser);
    }
    rmSync(staging, { recursive: true, force: true });
  }
  if (built.length > 0) console.log(`▸ browser extension built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return { ok: failed.length === 0, built, failed };
}
