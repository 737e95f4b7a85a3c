#!/usr/bin/env node
/** Starts the built app for Playwright on E2E_PORT with a fresh, empty embedded database. */
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const port = process.env.E2E_PORT || "3199";
const dataDir = path.resolve(root, process.env.VP_DATA_DIR || ".data-e2e");
if (!process.env.DATABASE_URL) rmSync(dataDir, { recursive: true, force: true });

const server = spawn(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "start", "-p", port], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: port,
    VP_DATA_DIR: dataDir,
    VP_SEED_DEMO: "0",
    BETTER_AUTH_URL: `http://localhost:${port}`,
  },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
