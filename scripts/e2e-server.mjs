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

// E2E_OIDC=1 (the OAuth specs' server): a local OpenID Connect stand-in plays Google, Twitch and
// Kick, and the app's sign-in and Twitch API endpoints point at it (tests/support/oidc-stand-in.mjs).
let providerEnv = {};
if (process.env.E2E_OIDC === "1") {
  const { startOidcStandIn } = await import("../tests/support/oidc-stand-in.mjs");
  const standIn = await startOidcStandIn({ port: Number(process.env.E2E_OIDC_PORT || 3197) });
  providerEnv = standIn.env;
}

// The watch room's players load from local stand-ins (tests/support/stand-ins), never YouTube or TikTok.
const { startPlayerStandIns } = await import("../tests/support/stand-ins/server.mjs");
const standIns = await startPlayerStandIns();

const server = spawn(process.execPath, [path.join(root, "scripts/server.mjs")], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: port,
    VP_DATA_DIR: dataDir,
    VP_SEED_DEMO: "0",
    // Tests stay offline: TikTok short links are kept as links instead of being resolved.
    VP_RESOLVE_SHORT_LINKS: "0",
    // A party's host counts as away (the list's "Host away") after 4 s instead of a minute, so the
    // spec that checks it need not wait; rooms in the other specs have their hosts connected.
    VP_HOST_AWAY_MS: process.env.VP_HOST_AWAY_MS || "4000",
    BETTER_AUTH_URL: `http://localhost:${port}`,
    ...providerEnv,
    ...standIns.env,
  },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
