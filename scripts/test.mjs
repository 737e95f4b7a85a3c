#!/usr/bin/env node
/**
 * `npm test`: lint, type check, build, Jest (unit + component + integration against the started app,
 * on the embedded database), the integration tests again on PostgreSQL + Redis (the production
 * set-up), Playwright end-to-end in Debian's Chromium. Installs missing system packages with apt when
 * run as root; otherwise says exactly what to install. With DATABASE_URL set, the first Jest run
 * starts the app against a fresh PostgreSQL database created for this run (and dropped after) too.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildExtensionIfNeeded } from "./lib/build-extension-if-needed.mjs";
import { buildIfNeeded } from "./lib/build-if-needed.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
// Not test-results/: Playwright empties that folder when it starts, which deleted Jest's summary.
const resultsDir = path.join(root, ".test-summary");
const timings = [];
/** Run at the end, passed or failed: drop what this run created on the shared servers. */
const cleanups = [];
const JEST_RESULTS = ["jest.json", "jest-postgres-redis.json"];

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
  // The net-fault harness (tests/netfault): network namespaces and veth pairs, nft blackholes.
  // Optional: without root they cannot be used anyway, and the harness skips with the reason.
  { pkg: "iproute2", check: () => has("ip"), optional: true },
  { pkg: "nftables", check: () => has("nft"), optional: true },
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
  const missing = SYSTEM_PACKAGES.filter((p) => !p.check() && (isRoot() || !p.optional)).map((p) => p.pkg);
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

function psql(url, sql, opts = {}) {
  const result = spawnSync("psql", [url, "-v", "ON_ERROR_STOP=1", "-qAtc", sql], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  if (result.status !== 0 && !opts.allowFailure) finish(false, `psql on ${new URL(url).host} failed: ${sql}`);
  return result.stdout ?? "";
}

/** Creates a database for this run, dropped at the end (passed or failed); returns its URL. */
function createRunDatabase(adminUrl, name) {
  psql(adminUrl, `CREATE DATABASE ${name}`);
  cleanups.push(() => psql(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`, { allowFailure: true }));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function preparePostgres() {
  if (!process.env.DATABASE_URL) return;
  const name = `vp_test_${Date.now()}_${process.pid}`;
  process.env.DATABASE_URL = createRunDatabase(process.env.DATABASE_URL, name);
  console.log(`▸ PostgreSQL mode: tests use the fresh database ${name}`);
}

// The servers the tests use (as the integration helpers default to).
const PG_ADMIN_URL = process.env.VP_TEST_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const REDIS_URL = process.env.VP_TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
// Database and Redis key prefix of one run: named with the run's start so that another checkout's run
// on the same servers keeps its own, and a killed run's leftovers can be told by age.
const RUN_NAME = /^vp_itrun_(\d+)_\d+$/;
const STALE_AFTER_MS = 3 * 60 * 60 * 1000;
/**
 * Integration files that fix the app's database and Redis themselves, so a second run would repeat the
 * first: the scale-out tests (two instances on a database and Redis prefix of their own), the Redis
 * bus alone, the database error mapping (its own database), and the embedded database's own tests
 * (they start the app without DATABASE_URL). Together about half the integration run's time.
 */
const SAME_IN_BOTH_RUNS = new Set([
  "database-errors.test.ts",
  "dependency-outages.test.ts",
  "embedded-db.test.ts",
  "live-parties-redis.test.ts",
  "npm-start.test.ts",
  "party-host-handover-redis.test.ts",
  "party-moderation-redis.test.ts",
  "party-polls-redis.test.ts",
  "party-recordings-redis.test.ts",
  "realtime-redis-bus.test.ts",
  "rolling-restart-redis.test.ts",
  "sign-in-limits-redis.test.ts",
  "twitch-bot-redis.test.ts",
  "voice-signalling-redis.test.ts",
]);

/** The integration tests once more, with the app on a fresh PostgreSQL database and on Redis. */
function integrationOnPostgresAndRedis() {
  const stale = psql(PG_ADMIN_URL, "SELECT datname FROM pg_database WHERE datname LIKE 'vp\\_itrun\\_%'")
    .split("\n")
    .filter((name) => Number(RUN_NAME.exec(name)?.[1]) < Date.now() - STALE_AFTER_MS);
  for (const name of stale) psql(PG_ADMIN_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`, { allowFailure: true });

  const name = `vp_itrun_${Date.now()}_${process.pid}`;
  const databaseUrl = createRunDatabase(PG_ADMIN_URL, name);
  // The app instances' keys all start with the run's prefix (tests/integration/helpers/app.ts).
  cleanups.push(() =>
    spawnSync("redis-cli", ["-u", REDIS_URL, "EVAL", "for _, k in ipairs(redis.call('KEYS', ARGV[1])) do redis.call('DEL', k) end", "0", `${name}*`], { stdio: "ignore" }),
  );
  const files = readdirSync(path.join(root, "tests", "integration"))
    .filter((file) => /\.test\.tsx?$/.test(file) && !SAME_IN_BOTH_RUNS.has(file))
    .map((file) => `tests/integration/${file}`);
  console.log(`▸ ${files.length} integration files with the app on PostgreSQL (database ${name}) and Redis (key prefix ${name})`);
  must(bin("jest"), ["--ci", "--json", `--outputFile=${path.join(resultsDir, JEST_RESULTS[1])}`, "--runTestsByPath", ...files], {
    env: { DATABASE_URL: databaseUrl, REDIS_URL, VP_REDIS_PREFIX: name },
  });
}

function countResults() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const file of JEST_RESULTS) {
    const jestFile = path.join(resultsDir, file);
    if (!existsSync(jestFile)) continue;
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
  for (const cleanup of cleanups.splice(0)) cleanup();
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
  // As `npm start` builds it (skipped when up to date); the end-to-end download spec serves this build.
  if (!buildExtensionIfNeeded(root).ok) finish(false, "the extension build failed");
  must(bin("tsc"), ["--noEmit", "-p", "extension"]);
});
step("database", preparePostgres);
step("unit + integration (jest)", () =>
  must(bin("jest"), ["--ci", "--json", `--outputFile=${path.join(resultsDir, JEST_RESULTS[0])}`]),
);
step("integration on PostgreSQL + Redis", integrationOnPostgresAndRedis);
// Real network faults: members in network namespaces, blackholes, a throttled link (about 2 minutes).
// Needs root; prints why and passes when namespaces are unavailable.
step("network faults (namespaces)", () => must(process.execPath, [path.join(root, "tests/netfault/run.mjs")]));
step("end-to-end (playwright, chromium)", () =>
  must(bin("playwright"), ["test"], { env: { E2E_JSON_REPORT: path.join(resultsDir, "e2e.json") } }),
);
finish(true);
