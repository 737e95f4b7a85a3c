#!/usr/bin/env node
/**
 * `npm test`: lint, type check, build, Jest (unit + component + integration against the started app),
 * Playwright end-to-end in Debian's Chromium. Installs missing system packages with apt when run as
 * root; otherwise says exactly what to install. With DATABASE_URL set, every test that starts the app
 * runs it against a fresh PostgreSQL database created for this run (and dropped after).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildIfNeeded } from "./lib/build-if-needed.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
// Not test-results/: Playwright empties that folder when it starts, which deleted Jest's summary.
const resultsDir = path.join(root, ".test-summary");
const timings = [];

function step(name, fn) {
  console.log(`\n━━ ${name} ━━`);
  const started = Date.now();
  fn();
  timings.push([name, (Date.now() - started) / 1000]);
}

function run(cmd, args, opts = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...opts.env } });
  return result.status ?? 1;
}

function must(cmd, args, opts) {
  const status = run(cmd, args, opts);
  if (status !== 0) {
    finish(false, `${path.basename(cmd)} ${args.join(" ")} exited with ${status}`);
  }
}

function isRoot() {
  return typeof process.getuid === "function" && process.getuid() === 0;
}

const has = (cmd) => spawnSync("sh", ["-c", `command -v ${cmd}`], { stdio: "ignore" }).status === 0;
const SYSTEM_PACKAGES = [
  { pkg: "chromium", check: () => existsSync(process.env.CHROMIUM_PATH || "/usr/bin/chromium") },
  { pkg: "postgresql", check: () => has("pg_ctlcluster") || has("pg_ctl") || has("psql") },
  { pkg: "redis-server", check: () => has("redis-server") },
  // The extension's end-to-end tests make their test clip with it.
  { pkg: "ffmpeg", check: () => has("ffmpeg") },
];

const quiet = (cmd, args) => spawnSync(cmd, args, { stdio: "ignore" }).status === 0;
const SERVICES = [
  {
    name: "PostgreSQL on 127.0.0.1:5432",
    up: () => quiet("pg_isready", ["-q", "-h", "127.0.0.1", "-p", "5432"]),
    start: () => {
      const versions = existsSync("/etc/postgresql") ? readdirSync("/etc/postgresql") : [];
      return versions.length > 0 && quiet("pg_ctlcluster", ["--skip-systemctl-redirect", versions[0], "main", "start"]);
    },
    hint: "sudo pg_ctlcluster <version> main start (trust auth for local connections, as Debian sets up for user postgres)",
  },
  {
    name: "Redis on 127.0.0.1:6379",
    up: () => quiet("redis-cli", ["-h", "127.0.0.1", "-p", "6379", "ping"]),
    start: () => {
      mkdirSync("/var/lib/redis", { recursive: true });
      mkdirSync("/var/log/redis", { recursive: true });
      return quiet("redis-server", ["--daemonize", "yes", "--bind", "127.0.0.1", "-::1", "--port", "6379", "--save", "", "--appendonly", "no",
        "--dir", "/var/lib/redis", "--logfile", "/var/log/redis/ci.log"]);
    },
    hint: "redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save '' --appendonly no",
  },
];

function ensureServices() {
  for (const service of SERVICES) {
    if (service.up()) {
      console.log(`▸ ${service.name}: up`);
      continue;
    }
    if (!isRoot()) finish(false, `${service.name} is not reachable. Start it with: ${service.hint}`);
    console.log(`▸ ${service.name}: starting`);
    service.start();
    for (let i = 0; i < 50 && !service.up(); i++) spawnSync("sleep", ["0.2"]);
    if (!service.up()) finish(false, `${service.name} could not be started. Start it with: ${service.hint}`);
  }
}

function ensureSystemPackages() {
  const missing = SYSTEM_PACKAGES.filter((p) => !p.check()).map((p) => p.pkg);
  if (missing.length === 0) {
    console.log("▸ system packages present");
    return;
  }
  if (!isRoot()) {
    finish(false, `missing system packages: ${missing.join(", ")}. Install them with: sudo apt-get install -y ${missing.join(" ")}`);
  }
  console.log(`▸ installing ${missing.join(", ")} with apt (root)`);
  must("apt-get", ["update", "-qq"]);
  must("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...missing], { env: { DEBIAN_FRONTEND: "noninteractive" } });
}

let pgTestDb = null;
function preparePostgres() {
  const url = process.env.DATABASE_URL;
  if (!url) return;
  const name = `vp_test_${Date.now()}_${process.pid}`;
  const admin = new URL(url);
  const status = run("psql", [admin.toString(), "-v", "ON_ERROR_STOP=1", "-qc", `CREATE DATABASE ${name}`]);
  if (status !== 0) finish(false, `could not create test database ${name} on ${admin.host}`);
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  process.env.DATABASE_URL = testUrl.toString();
  pgTestDb = { admin: admin.toString(), name };
  console.log(`▸ PostgreSQL mode: tests use the fresh database ${name}`);
}

function dropPostgres() {
  if (!pgTestDb) return;
  spawnSync("psql", [pgTestDb.admin, "-qc", `DROP DATABASE IF EXISTS ${pgTestDb.name} WITH (FORCE)`], { stdio: "ignore" });
}

function countResults() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const jestFile = path.join(resultsDir, "jest.json");
  if (existsSync(jestFile)) {
    const j = JSON.parse(readFileSync(jestFile, "utf8"));
    passed += j.numPassedTests;
    failed += j.numFailedTests;
    skipped += j.numPendingTests + (j.numTodoTests ?? 0);
  }
  const e2eFile = path.join(resultsDir, "e2e.json");
  if (existsSync(e2eFile)) {
    const e = JSON.parse(readFileSync(e2eFile, "utf8"));
    passed += e.stats?.expected ?? 0;
    failed += e.stats?.unexpected ?? 0;
    skipped += e.stats?.skipped ?? 0;
  }
  return { passed, failed, skipped };
}

function finish(ok, reason) {
  dropPostgres();
  console.log("\n━━ summary ━━");
  for (const [name, secs] of timings) console.log(`  ${name.padEnd(34)} ${secs.toFixed(1).padStart(7)} s`);
  const { passed, failed, skipped } = countResults();
  if (!ok) console.log(`✖ ${reason}`);
  console.log(`${passed} passed, ${failed + (ok ? 0 : failed === 0 ? 1 : 0)} failed, ${skipped} skipped`);
  process.exit(ok ? 0 : 1);
}

process.env.NEXT_TELEMETRY_DISABLED = "1";
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

step("system packages", ensureSystemPackages);
step("services", ensureServices);
step("lint (eslint)", () => must(bin("eslint"), ["--max-warnings=0", "."]));
step("type check (tsc)", () => {
  must(bin("tsc"), ["--noEmit", "-p", "."]);
  // Checked: the build below need not check the same types again (next.config.mjs).
  process.env.VP_TYPES_CHECKED = "1";
});
step("build (next build)", () => buildIfNeeded(root));
step("extension build (wxt)", () => {
  must(bin("wxt"), ["build", "extension", "-b", "chrome"]);
  must(bin("wxt"), ["build", "extension", "-b", "firefox"]);
  must(bin("tsc"), ["--noEmit", "-p", "extension"]);
});
step("database", preparePostgres);
step("unit + integration (jest)", () =>
  must(bin("jest"), ["--ci", "--json", `--outputFile=${path.join(resultsDir, "jest.json")}`]),
);
step("end-to-end (playwright, chromium)", () =>
  must(bin("playwright"), ["test"], { env: { E2E_JSON_REPORT: path.join(resultsDir, "e2e.json") } }),
);
finish(true);
