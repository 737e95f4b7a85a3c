/**
 * Shared helpers for the benchmarks: starting/stopping the built app (scripts/server.mjs) on a free
 * port with a fresh data directory, small HTTP helpers (everything on 127.0.0.1), process RSS,
 * percentiles and table printing. Not part of the app; never imported by the test suite.
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const HOST = "127.0.0.1";

/** Wall-clock milliseconds with sub-millisecond resolution, comparable across processes on this machine. */
export const now = () => performance.timeOrigin + performance.now();
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** `--name value` / `--flag` command-line options with defaults (values keep the default's type). */
export function parseArgs(defaults, argv = process.argv.slice(2)) {
  const out = { ...defaults };
  for (let i = 0; i < argv.length; i++) {
    const m = argv[i].match(/^--([\w-]+)(?:=(.*))?$/);
    if (!m) throw new Error(`unexpected argument ${argv[i]}`);
    const key = m[1].replace(/-(\w)/g, (_, c) => c.toUpperCase());
    if (!(key in defaults)) throw new Error(`unknown option --${m[1]} (known: ${Object.keys(defaults).join(", ")})`);
    let value = m[2];
    if (value === undefined) value = typeof defaults[key] === "boolean" ? "true" : argv[++i];
    const d = defaults[key];
    out[key] = typeof d === "number" ? Number(value) : typeof d === "boolean" ? value !== "false" : value;
    if (typeof d === "number" && !Number.isFinite(out[key])) throw new Error(`--${m[1]} must be a number`);
  }
  return out;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, HOST, () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Children started by the benchmark; killed on exit, error or Ctrl-C. */
const children = new Set();
export function track(child) {
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}
/** Temporary data directories, removed on exit. */
const tempDirs = new Set();
export function killAll() {
  for (const child of children) {
    try {
      child.kill("SIGKILL");
    } catch {
      // already gone
    }
  }
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
}
process.once("exit", killAll);
for (const sig of ["SIGINT", "SIGTERM"]) {
  process.once(sig, () => {
    killAll();
    process.exit(130);
  });
}

/** The shell's file-descriptor limits (soft, hard). */
export function fdLimits() {
  const line = readFileSync("/proc/self/limits", "utf8")
    .split("\n")
    .find((l) => l.startsWith("Max open files"));
  const [soft, hard] = line.trim().split(/\s+/).slice(3, 5);
  return { soft: Number(soft) || Infinity, hard: Number(hard) || Infinity };
}

let clockTicks;
/** CPU time (user + system) a process has used so far, in ms (from /proc/<pid>/stat), or NaN. */
export function cpuMs(pid) {
  try {
    clockTicks ??= Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks;
  } catch {
    return NaN;
  }
}

/** Resident set size of a process in MB (VmRSS), or NaN when gone. */
export function rssMb(pid) {
  try {
    const m = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)\s+kB/);
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/**
 * Spawns a Node script under `bash -c 'ulimit -n <hard>; exec node …'` so the server can hold
 * thousands of sockets; resolves with the child (its pid is the node process, thanks to exec).
 */
export function spawnNode(script, { args = [], nodeArgs = [], env = {}, cwd = ROOT, label = path.basename(script) } = {}) {
  const quoted = [process.execPath, ...nodeArgs, script, ...args].map((a) => `'${String(a).replace(/'/g, "'\\''")}'`).join(" ");
  const child = track(
    spawn("bash", ["-c", `ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec ${quoted}`], {
      cwd,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    }),
  );
  let out = "";
  const keep = (d) => {
    out += d.toString();
    if (out.length > 200_000) out = out.slice(-100_000);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  child.output = () => out;
  child.label = label;
  return child;
}

export function stopChild(child, timeoutMs = 5_000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
    }, timeoutMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/**
 * The environment of an app on a fresh PostgreSQL database and a Redis key prefix of its own (named
 * `${name}_<random>`), and `cleanup()` that drops both; `setup` "embedded" gives the embedded database
 * and the in-process bus (no DATABASE_URL, no REDIS_URL) and a cleanup with nothing to do.
 */
export async function setupEnv(setup, name) {
  if (setup !== "postgres-redis") return { env: { DATABASE_URL: "", REDIS_URL: "" }, cleanup: async () => {} };
  const [{ default: pg }, { Redis }, { randomBytes }] = await Promise.all([import("pg"), import("ioredis"), import("node:crypto")]);
  const pgUrl = process.env.VP_BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const redisUrl = process.env.VP_BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
  const dbName = `${name}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  return {
    env: { DATABASE_URL: pgUrl.replace(/\/[^/]*$/, `/${dbName}`), REDIS_URL: redisUrl, VP_REDIS_PREFIX: dbName },
    async cleanup() {
      const drop = new pg.Client({ connectionString: pgUrl });
      await drop.connect();
      await drop.query(`drop database if exists ${dbName} with (force)`);
      await drop.end();
      const redis = new Redis(redisUrl);
      const keys = await redis.keys(`${dbName}:*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    },
  };
}

/**
 * Starts the built ViewParty app (scripts/server.mjs) with a fresh temporary data directory, or on
 * `dataDir` and `port` when given (a bench that restarts one app keeps both; the directory is then
 * the caller's, not removed on stop).
 */
export async function startViewParty({ env = {}, nodeArgs = [], readyTimeoutMs = 300_000, root = ROOT, dataDir: ownDataDir, port: ownPort } = {}) {
  if (!existsSync(path.join(root, ".next", "BUILD_ID"))) {
    throw new Error("No build found in " + root + ": run `npm run build` first.");
  }
  const port = ownPort ?? (await freePort());
  const dataDir = ownDataDir ?? mkdtempSync(path.join(tmpdir(), "vp-bench-"));
  const removeDataDir = () => ownDataDir === undefined && rmSync(dataDir, { recursive: true, force: true });
  if (ownDataDir === undefined) tempDirs.add(dataDir);
  // `root`: another checkout's build (a benchmark's baseline), served by that checkout's own server script.
  const child = spawnNode(path.join(root, "scripts/server.mjs"), {
    cwd: root,
    label: "viewparty",
    nodeArgs,
    env: {
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(port),
      HOST,
      VP_DATA_DIR: dataDir,
      VP_SEED_DEMO: "0",
      VP_TRUST_PROXY: "1",
      // Thousands of simulated clients share one address here (the proxy setting above turns the
      // per-client cap off as well; said outright so a bench without it keeps working).
      VP_MAX_CONNECTIONS_PER_CLIENT: "0",
      BETTER_AUTH_URL: `http://localhost:${port}`,
      ...env,
    },
  });
  const baseUrl = `http://${HOST}:${port}`;
  try {
    await waitFor(async () => (await request(baseUrl, "GET", await readinessPath(baseUrl))).status === 200, readyTimeoutMs, child);
  } catch (error) {
    await stopChild(child);
    removeDataDir();
    throw error;
  }
  return {
    baseUrl,
    port,
    child,
    pid: child.pid,
    async stop() {
      await stopChild(child);
      removeDataDir();
    },
  };
}

export async function waitFor(check, timeoutMs, child) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`${child.label} exited (${child.exitCode}):\n${child.output().slice(-3000)}`);
    try {
      if (await check()) return;
    } catch {
      // not ready yet
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms${child ? `:\n${child.output().slice(-3000)}` : ""}`);
    await sleep(100);
  }
}

const jsonAgent = new http.Agent({ keepAlive: true, maxSockets: 32 });

/** One HTTP request to 127.0.0.1; resolves with { status, body (parsed JSON or text), ms }. */
export function request(baseUrl, method, pathname, { token, body, headers = {}, agent = jsonAgent, timeoutMs = 30_000 } = {}) {
  const url = new URL(pathname, baseUrl);
  const payload = body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const started = now();
    const req = http.request(
      url,
      {
        method,
        agent,
        headers: {
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(payload !== undefined ? { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(payload) } : {}),
          ...headers,
        },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString();
          let parsed = text;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            // not JSON
          }
          resolve({ status: res.statusCode, body: parsed, ms: now() - started });
        });
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`${method} ${pathname} timed out`)));
    req.on("error", reject);
    req.end(payload);
  });
}

/** A party command that must succeed; a 429 (the host's generous but finite command budget) is waited out. Resolves with the response. */
export async function partyCommand(baseUrl, partyId, token, body) {
  for (;;) {
    const res = await request(baseUrl, "POST", `/api/v1/parties/${partyId}/commands`, { token, body: { v: 1, ...body } });
    if (res.status === 429) {
      await sleep(1000);
      continue;
    }
    if (res.status !== 200) throw new Error(`command ${body.type}: ${res.status} ${JSON.stringify(res.body)}`);
    return res;
  }
}

/** A fake client address for the n-th guest: ≤ 50 guests per address (the guest limit is 60 per 10 min). */
export const fakeAddress = (run, n) => `10.${run % 250}.${Math.floor(n / 50) % 250}.${(Math.floor(n / 12_500) % 250) + 1}`;

/** Mints `count` guest tokens with bounded concurrency. */
export async function mintGuests(baseUrl, count, { run = 1, prefix = "g", concurrency = 16 } = {}) {
  const tokens = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const res = await request(baseUrl, "POST", "/api/v1/guests", {
        body: { username: `${prefix}${i}` },
        headers: { "X-Forwarded-For": fakeAddress(run, i) },
      });
      if (res.status !== 201) throw new Error(`guest ${i}: ${res.status} ${JSON.stringify(res.body)}`);
      tokens[i] = res.body.token;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return tokens;
}

/** Value at quantile q (0..1) of an ascending-sorted array (nearest rank). */
export function quantile(sorted, q) {
  if (sorted.length === 0) return NaN;
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[idx];
}

export const fmt = (v, digits = 1) => (Number.isFinite(v) ? v.toFixed(digits) : "—");

/** Prints rows (arrays of cells) as an aligned text table with a header. */
export function printTable(header, rows) {
  const widths = header.map((h, i) => Math.max(String(h).length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join("  ");
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of rows) console.log(line(r));
}

export function loadAverage() {
  try {
    return readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  } catch {
    return "?";
  }
}

/**
 * Where a server says it is ready: GET /api/v1/ready; an older build (a --baseline-root from before
 * it existed) answers 404 there, and its /api/v1/health made the same database (and Redis) round trip.
 */
export async function readinessPath(baseUrl) {
  const ready = await request(baseUrl, "GET", "/api/v1/ready").catch(() => null);
  return ready?.status === 404 ? "/api/v1/health" : "/api/v1/ready";
}
