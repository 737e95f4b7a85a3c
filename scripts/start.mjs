#!/usr/bin/env node
/**
 * `npm start`: build the app and the browser extension if needed, then serve on PORT (default 3000).
 * The server migrates the database at start (embedded PGlite in ./.data unless DATABASE_URL is set)
 * and seeds demo content into an empty database.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { EmbeddedDatabaseLockedError, findLockHolder, pgliteDir } from "../db/lock.mjs";
import { buildExtensionIfNeeded } from "./lib/build-extension-if-needed.mjs";
import { buildIfNeeded } from "./lib/build-if-needed.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 20 || (major === 20 && minor < 9)) {
  console.error(`ViewParty needs Node.js 20.9 or newer (this is ${process.versions.node}).`);
  process.exit(1);
}

const port = process.env.PORT || "3000";
const dataDir = path.resolve(root, process.env.VP_DATA_DIR || ".data");

// Refuse early, before a build, when another process holds the embedded database.
if (!process.env.DATABASE_URL) {
  const holder = await findLockHolder(dataDir);
  if (holder) {
    console.error(new EmbeddedDatabaseLockedError(pgliteDir(dataDir), holder.pid).message);
    process.exit(1);
  }
}

buildIfNeeded(root);
// Before serving, so /get-extension offers downloads from the first request, made for this server's
// address. A failed extension build does not stop the site: it said why, and the page offers no download.
buildExtensionIfNeeded(root, { env: { ...process.env, PORT: port } });

const env = {
  ...process.env,
  NODE_ENV: "production",
  NEXT_TELEMETRY_DISABLED: "1",
  PORT: port,
  VP_DATA_DIR: dataDir,
  VP_SEED_DEMO: process.env.VP_SEED_DEMO ?? "1",
};
console.log(`▸ starting ViewParty on http://localhost:${port} (${process.env.DATABASE_URL ? "PostgreSQL" : `embedded database in ${dataDir}`})`);
const server = spawn(process.execPath, [path.join(root, "scripts/server.mjs")], {
  cwd: root,
  stdio: "inherit",
  env,
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
