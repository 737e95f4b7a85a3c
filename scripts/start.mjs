#!/usr/bin/env node
/**
 * `npm start`: build if needed, then serve on PORT (default 3000). The server migrates the database
 * at start (embedded PGlite in ./.data unless DATABASE_URL is set) and seeds demo content into an
 * empty database.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
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
  const lock = path.join(dataDir, "pglite.lock");
  if (existsSync(lock)) {
    const pid = Number.parseInt(readFileSync(lock, "utf8"), 10);
    let alive = false;
    try {
      if (pid > 0 && pid !== process.pid) {
        process.kill(pid, 0);
        alive = true;
      }
    } catch (error) {
      alive = error.code === "EPERM";
    }
    if (alive) {
      console.error(
        `The embedded database at ${path.join(dataDir, "pglite")} is already in use by another process (pid ${pid}). ` +
          "Stop that process first, or set DATABASE_URL to use PostgreSQL.",
      );
      process.exit(1);
    }
  }
}

buildIfNeeded(root);

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
