import { defineConfig } from "@playwright/test";

/** End-to-end tests drive Debian's Chromium (never a downloaded browser) against the built app. */
const port = Number(process.env.E2E_PORT || 3199);
/** The OAuth specs' app and its OpenID Connect stand-in sit on the two ports below. */
export const OAUTH_APP_PORT = port - 1;
export const OIDC_STAND_IN_PORT = port - 2;
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  // No retries: an intermittent failure is a defect to find, not to hide.
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.E2E_JSON_REPORT
    ? [["list"], ["json", { outputFile: process.env.E2E_JSON_REPORT }]]
    : [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    browserName: "chromium",
    headless: true,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: "retain-on-failure",
  },
  webServer: [
    {
      command: "node scripts/e2e-server.mjs",
      url: `http://localhost:${port}/api/v1/ready`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: { E2E_PORT: String(port) },
      stdout: "ignore",
      stderr: "pipe",
    },
    // A second app whose Google, Twitch and Kick sign-in point at a local OpenID Connect stand-in;
    // the OAuth specs use it (baseURL in tests/e2e/oauth-helpers.ts), the others the plain one.
    {
      command: "node scripts/e2e-server.mjs",
      url: `http://localhost:${OAUTH_APP_PORT}/api/v1/ready`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: { E2E_PORT: String(OAUTH_APP_PORT), E2E_OIDC: "1", E2E_OIDC_PORT: String(OIDC_STAND_IN_PORT), VP_DATA_DIR: ".data-e2e-oauth" },
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
