/**
 * Builds the app when there is no build or when a source file changed since the last one.
 * The stamp is a hash of every source file's path, size and mtime (cheap: no file is read).
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

// extension/src too: the watch room runs the extension's SyncSession and PartyConnection.
const SOURCE_DIRS = ["app", "components", "lib", "db", "content", "public", "extension/src"];
const SOURCE_FILES = ["package.json", "package-lock.json", "next.config.mjs", "tsconfig.json", "postcss.config.mjs", "instrumentation.ts", "instrumentation-client.ts", "proxy.ts"];

function walk(dir, out, skipDir) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!skipDir(full)) walk(full, out, skipDir);
    } else out.push(full);
  }
}

/**
 * A hash of the path, size and mtime of every file in `dirs` (walked, except folders `skipDir` names)
 * and of the `files` that exist: it changes when any of them is added, removed or edited.
 */
export function filesStamp(root, dirs, files, skipDir = () => false) {
  const found = [];
  for (const dir of dirs) walk(path.join(root, dir), found, skipDir);
  for (const file of files) if (existsSync(path.join(root, file))) found.push(path.join(root, file));
  found.sort();
  const hash = createHash("sha256");
  for (const file of found) {
    const s = statSync(file);
    hash.update(`${path.relative(root, file)}\0${s.size}\0${Math.trunc(s.mtimeMs)}\n`);
  }
  return hash.digest("hex");
}

export function sourceStamp(root) {
  return filesStamp(root, SOURCE_DIRS, SOURCE_FILES);
}

export function buildIfNeeded(root, { force = false } = {}) {
  const stampFile = path.join(root, ".next", "vp-source-stamp");
  const stamp = sourceStamp(root);
  const built = existsSync(path.join(root, ".next", "BUILD_ID"));
  if (!force && built && existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp) {
    console.log("▸ build is up to date");
    return;
  }
  console.log(built ? "▸ sources changed since the last build — rebuilding (about 1–2 minutes)…" : "▸ first run — building the app (about 1–2 minutes)…");
  const started = Date.now();
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
  });
  if (result.status !== 0) {
    console.error("✖ build failed (see the output above)");
    process.exit(result.status ?? 1);
  }
  // Stamp after the build: next build itself rewrites nothing the stamp covers except tsconfig.json.
  writeFileSync(stampFile, sourceStamp(root));
  console.log(`▸ build finished in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
