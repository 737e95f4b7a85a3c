#!/usr/bin/env node
/**
 * Fan-out benchmark: host command → guest receipt latency in ONE party with 100, 1 000 and 5 000
 * guests, ViewParty (SSE down, POST up; the built app via scripts/server.mjs) side by side with a
 * minimal socket.io fan-out server (bench/lib/socketio-baseline.mjs), same guest counts, worker
 * layout and pacing. Guests live in forked worker processes (bench/lib/sse-worker.mjs,
 * bench/lib/socketio-worker.mjs); the coordinator (this process) is the host: it records each
 * command's send time by cid, workers record each guest's receipt time of the event with that cid
 * (same machine, same wall clock: performance.timeOrigin + performance.now()).
 *
 *   npm run build && npm run bench:fanout
 *   node bench/fanout.mjs [--guests 100,1000,5000] [--commands 200] [--warmup 20] [--interval 100]
 *                         [--pace closed|fixed] [--workers 4] [--systems viewparty,socketio] [--concurrency 16]
 *                         [--upstream socket|post]  (how the ViewParty host sends its commands: the party's
 *                         command socket, as the extension and the watch room do, or one POST each)
 *                         [--server-age 60000]  (ms: the measured commands start once every server process
 *                         is this old; start-up work — Next preloading its routes, then V8's memory-reducing
 *                         full collections ~30–50 s after start, ~250 ms of CPU — is once per process, not
 *                         per delivery; 0 measures from right after the guests connect, as before)
 *                         [--server-node-args "--cpu-prof --cpu-prof-dir=/tmp/prof"]  (both servers)
 *                         [--rounds 5]  (each guest count measured this many times per system, the order of
 *                         the systems alternating, and the medians over rounds printed: one run's server CPU
 *                         at 100 guests is a few hundred ms and moves by a third between identical runs)
 *                         [--instances 2]  (ViewParty as deployed to scale out: N app instances on one
 *                         fresh PostgreSQL database and one Redis; the guests are split across them, the
 *                         host commands through the first; CPU and RSS are summed over the instances)
 *
 * Prints figures; asserts nothing. Every server and worker it starts is stopped on exit or error.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import pg from "pg";
import { io } from "socket.io-client";
import WebSocket from "ws";
import {
  cpuMs,
  fdLimits,
  fmt,
  freePort,
  HOST,
  killAll,
  loadAverage,
  mintGuests,
  now,
  parseArgs,
  printTable,
  quantile,
  request,
  ROOT,
  rssMb,
  sleep,
  spawnNode,
  startViewParty,
  stopChild,
  waitFor,
} from "./lib/common.mjs";
import { startWorker } from "./lib/workers.mjs";

const opts = parseArgs({
  guests: "100,1000,5000",
  commands: 200,
  warmup: 20,
  interval: 100,
  pace: "closed",
  workers: 4,
  systems: "viewparty,socketio",
  concurrency: 16,
  settle: 2000,
  serverAge: 60_000,
  out: "",
  serverNodeArgs: "",
  instances: 1,
  rounds: 1,
  upstream: "socket",
  databaseUrl: "postgres://postgres@127.0.0.1:5432/postgres",
  redisUrl: "redis://127.0.0.1:6379",
});
const guestCounts = opts.guests.split(",").map(Number).filter((n) => Number.isInteger(n) && n > 0);
const systems = opts.systems.split(",").map((s) => s.trim());
if (guestCounts.length === 0) throw new Error("--guests: comma-separated positive integers");
if (!["socket", "post"].includes(opts.upstream)) throw new Error("--upstream: socket or post");
if (opts.interval < 67) console.warn("! --interval below 67 ms exceeds the ViewParty host command limit (200 per 10 s)");
const LIB = path.join(ROOT, "bench/lib");

// --- the two systems under test ---------------------------------------------------------------------

/**
 * `--instances` app instances: one as `npm start` runs it (embedded database, in-process bus), or
 * several sharing a fresh PostgreSQL database and a Redis key prefix (and one auth secret, so a guest
 * token minted on one verifies on the others). `stop` also drops the database and the Redis keys.
 */
async function startInstances(count) {
  const nodeArgs = opts.serverNodeArgs.split(" ").filter(Boolean);
  if (count <= 1) {
    const app = await startViewParty({ nodeArgs });
    return { apps: [app], stop: () => app.stop() };
  }
  const name = `vp_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: opts.databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(opts.databaseUrl);
  url.pathname = `/${name}`;
  const env = { DATABASE_URL: url.toString(), REDIS_URL: opts.redisUrl, VP_REDIS_PREFIX: name, BETTER_AUTH_SECRET: randomBytes(32).toString("hex") };
  const apps = [];
  const stop = async () => {
    await Promise.all(apps.map((app) => app.stop()));
    const redis = new Redis(opts.redisUrl);
    const keys = await redis.keys(`${name}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    const drop = new pg.Client({ connectionString: opts.databaseUrl });
    await drop.connect();
    await drop.query(`drop database if exists ${name} with (force)`);
    await drop.end();
  };
  try {
    // One after the other: both migrate the same database.
    for (let i = 0; i < count; i++) apps.push(await startViewParty({ nodeArgs, env }));
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
  return { apps, stop };
}

/**
 * ViewParty: one party, the host holds its own SSE stream and sends its commands on the party's
 * command socket (lib/server/hot-path/command-socket.ts), as the extension and the watch room do,
 * or with `--upstream post` one POST each.
 */
async function viewParty(run) {
  const cluster = await startInstances(opts.instances);
  const app = cluster.apps[0];
  const cmdAgent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  let party;
  let host;
  let hostStream;
  let socket = null;
  const answers = new Map();
  return {
    name: `${cluster.apps.length > 1 ? `ViewParty×${cluster.apps.length}` : "ViewParty"}${opts.upstream === "post" ? " (POST)" : ""}`,
    pids: cluster.apps.map((a) => a.pid),
    /** When the last instance was ready (the others are older). */
    startedAt: now(),
    worker: "sse-worker.mjs",
    async setup(guests) {
      host = (await mintGuests(app.baseUrl, 1, { run, prefix: "host", concurrency: 1 }))[0];
      const created = await request(app.baseUrl, "POST", "/api/v1/parties", {
        token: host,
        body: { video_url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", video_title: "Bench" },
      });
      if (created.status !== 201) throw new Error(`create party: ${created.status} ${JSON.stringify(created.body)}`);
      party = created.body.id;
      // The host's own stream (keeps the party ACTIVE, as a real host's would).
      await new Promise((resolve, reject) => {
        hostStream = http.request(`${app.baseUrl}/api/v1/parties/${party}/events`, { headers: { Authorization: `Bearer ${host}` } });
        hostStream.on("response", (res) => {
          if (res.statusCode !== 200) return reject(new Error(`host stream ${res.statusCode}`));
          res.on("data", () => {});
          resolve();
        });
        hostStream.on("error", reject);
        hostStream.end();
      });
      if (opts.upstream === "socket") {
        socket = new WebSocket(`${app.baseUrl.replace(/^http/, "ws")}/api/v1/parties/${party}/commands`, { perMessageDeflate: false });
        await new Promise((resolve, reject) => {
          socket.once("error", reject);
          socket.once("close", (code, reason) => {
            const error = new Error(`command socket closed: ${code} ${reason}`);
            for (const done of answers.values()) done(error);
            answers.clear();
            reject(error);
          });
          socket.once("open", () => socket.send(JSON.stringify({ type: "auth", token: host })));
          socket.on("message", (data) => {
            const frame = JSON.parse(data.toString());
            if (frame.type === "ready") return resolve();
            const done = answers.get(frame.n);
            answers.delete(frame.n);
            done?.(frame.status === 200 ? null : new Error(`command ${frame.n}: ${frame.status} ${JSON.stringify(frame.body)}`));
          });
        });
      }
      // A couple of commands so every route and the bus are warm before the RSS baseline.
      for (let i = 0; i < 3; i++) await this.command(1_000_000 + i);
      const tokens = await mintGuests(app.baseUrl, guests, { run, concurrency: 16 });
      // Worker i's guests join through instance i mod N.
      return {
        items: tokens,
        connect: (slice, i) => ({ type: "connect", baseUrl: cluster.apps[i % cluster.apps.length].baseUrl, partyId: party, tokens: slice, concurrency: opts.concurrency }),
      };
    },
    command(cid) {
      const command = { v: 1, type: "seek", position: (cid % 10_000) + 0.5, cid };
      if (socket) {
        return new Promise((resolve, reject) => {
          answers.set(cid, (error) => (error ? reject(error) : resolve()));
          socket.send(JSON.stringify({ n: cid, command }));
        });
      }
      const body = JSON.stringify(command);
      return new Promise((resolve, reject) => {
        const req = http.request(`${app.baseUrl}/api/v1/parties/${party}/commands`, {
          method: "POST",
          agent: cmdAgent,
          headers: { Authorization: `Bearer ${host}`, "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) },
        });
        req.on("response", (res) => {
          res.resume();
          res.on("end", () => (res.statusCode === 200 ? resolve() : reject(new Error(`command ${cid}: ${res.statusCode}`))));
        });
        req.on("error", reject);
        req.end(body);
      });
    },
    async stop() {
      hostStream?.destroy();
      socket?.terminate();
      cmdAgent.destroy();
      await cluster.stop();
    },
  };
}

/** socket.io baseline: one room, the host is a socket.io client that emits commands. */
async function socketIo() {
  const port = await freePort();
  const child = spawnNode(path.join(LIB, "socketio-baseline.mjs"), {
    env: { PORT: String(port) },
    nodeArgs: opts.serverNodeArgs.split(" ").filter(Boolean),
    label: "socket.io baseline",
  });
  const url = `http://${HOST}:${port}`;
  await waitFor(async () => (await request(url, "GET", "/health")).status === 200, 20_000, child);
  const startedAt = now();
  const room = "bench";
  let host;
  return {
    name: "socket.io",
    pids: [child.pid],
    startedAt,
    worker: "socketio-worker.mjs",
    async setup(guests) {
      host = io(url, { transports: ["websocket"], forceNew: true, reconnection: false });
      await new Promise((resolve, reject) => {
        host.on("connect", () => host.emit("join", room, resolve));
        host.on("connect_error", reject);
      });
      for (let i = 0; i < 3; i++) await this.command(1_000_000 + i);
      // socket.io guests need no identity: one placeholder per guest.
      return { items: Array.from({ length: guests }, () => "-"), connect: (slice) => ({ type: "connect", url, room, tokens: slice, concurrency: opts.concurrency }) };
    },
    command(cid) {
      return new Promise((resolve) => host.emit("command", room, { v: 1, type: "seek", position: (cid % 10_000) + 0.5, cid }, resolve));
    },
    async stop() {
      host?.close();
      await stopChild(child);
    },
  };
}

// --- one measurement ----------------------------------------------------------------------------------

/** Server CPU (ms) and RSS (MB), summed over a system's processes. */
const cpuOf = (pids) => pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
const rssOf = (pids) => pids.reduce((sum, pid) => sum + rssMb(pid), 0);

async function measure(system, guests, run) {
  const sys = system === "viewparty" ? await viewParty(run) : await socketIo();
  const workers = [];
  try {
    const { items, connect } = await sys.setup(guests);
    const k = Math.max(1, Math.min(opts.workers, guests));
    for (let i = 0; i < k; i++) workers.push(startWorker(sys.worker));
    await Promise.all(workers.map((w) => w.ready));

    await sleep(1000);
    const rssBefore = rssOf(sys.pids);

    // Connect the guests, spread over the workers.
    const connectCpu0 = cpuOf(sys.pids);
    const connectStarted = now();
    const slices = workers.map((_, i) => [Math.floor((i * guests) / k), Math.floor(((i + 1) * guests) / k)]);
    // Bounded: 10 min, or 300 ms per guest when more (a join storm on a loaded 2-core box is slow).
    const connectTimeout = Math.max(600_000, guests * 300);
    const progress = setInterval(() => {
      const fds = (() => {
        try {
          return sys.pids.reduce((sum, pid) => sum + readdirSync(`/proc/${pid}/fd`).length, 0);
        } catch {
          return NaN;
        }
      })();
      process.stdout.write(`[${Math.round((now() - connectStarted) / 1000)} s: server holds ${fds} fds] `);
    }, 30_000);
    const results = await Promise.all(
      workers.map((w, i) => w.call(connect(items.slice(...slices[i]), i), "connected", connectTimeout)),
    ).finally(() => clearInterval(progress));
    const connectMs = now() - connectStarted;
    const connectCpu = cpuOf(sys.pids) - connectCpu0;
    const connectFrames = results.reduce((s, r) => s + r.frames, 0);
    const connected = results.reduce((s, r) => s + r.ok, 0);
    const failed = results.reduce((s, r) => s + r.failed, 0);
    if (failed > 0) console.warn(`  ! ${failed} of ${guests} guests failed to connect: ${results.flatMap((r) => r.errors).slice(0, 3).join(" | ")}`);
    await sleep(opts.settle);
    const rssAfter = rssOf(sys.pids);
    const age = now() - sys.startedAt;
    if (age < opts.serverAge) await sleep(opts.serverAge - age);

    // Warm-up, then the measured commands. "fixed": one every --interval ms whatever happens (shows
    // saturation); "closed": also never before the previous command reached every guest (latency of
    // an otherwise idle server), bounded by 30 s per command.
    const sendAt = new Map();
    const acks = [];
    let ackErrors = 0;
    const total = opts.warmup + opts.commands;
    const pending = [];
    let cpuStart = NaN;
    const started = now();
    let due = started;
    for (let i = 0; i < total; i++) {
      if (opts.pace === "closed" && i > 0) {
        const waitUntil = now() + 30_000;
        while (!workers.every((w) => w.completions.has(i)) && now() < waitUntil) await sleep(1);
        due = Math.max(due, now());
      }
      const wait = due - now();
      if (wait > 0) await sleep(wait);
      due += opts.interval;
      const cid = i + 1;
      if (i === opts.warmup) cpuStart = cpuOf(sys.pids);
      const t = now();
      sendAt.set(cid, t);
      pending.push(
        sys.command(cid).then(
          () => i >= opts.warmup && acks.push(now() - t),
          () => (ackErrors += 1),
        ),
      );
    }
    const firstMeasured = sendAt.get(opts.warmup + 1);
    const lastSent = sendAt.get(total);
    await Promise.all(pending);

    // Drain: wait until every connected guest has the last command (bounded: 180 s, or 15 s
    // without progress).
    const deadline = now() + 180_000;
    let lastCount = -1;
    let lastProgress = now();
    for (;;) {
      const counts = await Promise.all(workers.map((w) => w.call({ type: "progress", cid: total }, "progress")));
      const count = counts.reduce((s, c) => s + c.count, 0);
      if (count >= connected || now() > deadline) break;
      if (count !== lastCount) [lastCount, lastProgress] = [count, now()];
      else if (now() - lastProgress > 15_000) break;
      await sleep(100);
    }
    const rssRun = rssOf(sys.pids);
    const cpuUsed = cpuOf(sys.pids) - cpuStart;

    const reports = await Promise.all(workers.map((w) => w.call({ type: "report" }, "receipts", 60_000)));
    return summarize({
      system: sys.name,
      guests,
      connected,
      failed,
      connectMs,
      rssBefore,
      rssAfter,
      rssRun,
      cpuUsed,
      connectCpu,
      connectFrames,
      sendAt,
      reports,
      acks,
      ackErrors,
      rate: ((total - opts.warmup - 1) * 1000) / (lastSent - firstMeasured),
    });
  } finally {
    await Promise.all(workers.map((w) => w.close()));
    await sys.stop();
  }
}

function summarize(r) {
  const measured = [];
  for (const [cid] of r.sendAt) if (cid > opts.warmup) measured.push(cid);
  const perCid = new Map(measured.map((cid) => [cid, { n: 0, max: -Infinity }]));
  const latencies = new Float64Array(measured.length * Math.max(1, r.connected));
  let n = 0;
  let dropped = 0;
  let duplicates = 0;
  for (const rep of r.reports) {
    dropped += rep.dropped;
    duplicates += rep.duplicates;
    rep.cids.forEach((cid, i) => {
      const entry = perCid.get(cid);
      if (!entry) return;
      const sent = r.sendAt.get(cid);
      for (const t of rep.times[i]) {
        const lat = t - sent;
        if (n < latencies.length) latencies[n++] = lat;
        entry.n += 1;
        if (lat > entry.max) entry.max = lat;
      }
    });
  }
  const sorted = latencies.slice(0, n).sort();
  const complete = [...perCid.values()].filter((e) => e.n >= r.connected).map((e) => e.max);
  const completion = Float64Array.from(complete).sort();
  const acks = Float64Array.from(r.acks).sort();
  return {
    system: r.system,
    guests: r.guests,
    connected: r.connected,
    failed: r.failed,
    pairs: n,
    lost: measured.length * r.connected - n,
    dropped,
    duplicates,
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    max: sorted.length ? sorted[sorted.length - 1] : NaN,
    fanoutP50: quantile(completion, 0.5),
    fanoutP99: quantile(completion, 0.99),
    incompleteCommands: measured.length - complete.length,
    ackP50: quantile(acks, 0.5),
    ackP99: quantile(acks, 0.99),
    ackErrors: r.ackErrors,
    rate: r.rate,
    connectS: r.connectMs / 1000,
    /** Server CPU per guest connected (ms), and event frames guests received while the others joined. */
    connectCpuMsPerGuest: r.connectCpu / Math.max(1, r.connected),
    connectFrames: r.connectFrames,
    rssBefore: r.rssBefore,
    rssAfter: r.rssAfter,
    rssRun: r.rssRun,
    cpuMs: r.cpuUsed,
    /** Server CPU per delivered event (one frame to one guest), µs: CPU over the measured phase / pairs. */
    cpuUsPerEvent: (r.cpuUsed * 1000) / Math.max(1, n),
    mbPer1000: ((r.rssAfter - r.rssBefore) * 1000) / Math.max(1, r.connected),
  };
}

// --- main ------------------------------------------------------------------------------------------

async function main() {
  const fd = fdLimits();
  const perWorker = Math.ceil(Math.max(...guestCounts) / opts.workers);
  if (perWorker + 64 > fd.soft) throw new Error(`${perWorker} connections per worker exceed this shell's fd limit ${fd.soft}: raise --workers`);
  console.log(`# fan-out benchmark — ${new Date().toISOString()}`);
  console.log(
    `node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "?"}), load ${loadAverage()}, fd limit ${fd.soft}/${fd.hard} (servers run with ulimit -n ${fd.hard})`,
  );
  console.log(
    `guests ${guestCounts.join(", ")} · ViewParty host commands by ${opts.upstream === "socket" ? "command socket" : "POST"} · ${opts.workers} worker processes · ${opts.warmup} warm-up + ${opts.commands} measured commands, ` +
      `${opts.pace === "closed" ? `≥ ${opts.interval} ms apart and each after the previous reached every guest` : `one every ${opts.interval} ms`}, from ${opts.serverAge / 1000} s after each server was ready · systems ${systems.join(", ")}${opts.instances > 1 ? ` · ViewParty on ${opts.instances} instances (PostgreSQL + Redis)` : ""}`,
  );
  const rows = [];
  let run = 1;
  const rounds = Math.max(1, Math.floor(opts.rounds));
  for (const guests of guestCounts) {
    for (let round = 1; round <= rounds; round++) {
      // Alternate the order, so neither system always runs first (or on a machine warmed by the other).
      for (const system of round % 2 === 1 ? systems : [...systems].reverse()) {
        process.stdout.write(`… ${system} with ${guests} guests${rounds > 1 ? `, round ${round}/${rounds}` : ""} `);
        const r = { ...(await measure(system, guests, run++)), round };
        rows.push(r);
        console.log(
          `→ p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms, fan-out p99 ${fmt(r.fanoutP99)} ms, ${fmt(r.cpuUsPerEvent)} µs CPU/event, ${fmt(r.mbPer1000)} MB/1000 (load ${loadAverage()})`,
        );
      }
    }
  }
  const label = (r) => (rounds > 1 ? `${r.system} #${r.round}` : r.system);
  console.log("\nLatency: host send → guest receipt (ms) over all (guest, command) pairs; fan-out = time until the LAST guest of a command has it.");
  printTable(
    ["system", "guests", "p50", "p99", "max", "fan-out p50", "fan-out p99", "lost", "cmd/s", "ack p50", "srv CPU µs/event", "connect s", "join CPU ms", "join frames", "RSS before MB", "RSS after MB", "MB/1000 conns"],
    rows.map((r) => [
      label(r),
      `${r.connected}/${r.guests}`,
      fmt(r.p50, 2),
      fmt(r.p99, 2),
      fmt(r.max, 1),
      fmt(r.fanoutP50, 2),
      fmt(r.fanoutP99, 2),
      r.lost + (r.incompleteCommands ? ` (${r.incompleteCommands} cmds)` : ""),
      fmt(r.rate, 1),
      fmt(r.ackP50, 2),
      fmt(r.cpuUsPerEvent, 1),
      fmt(r.connectS, 1),
      fmt(r.connectCpuMsPerGuest, 2),
      r.connectFrames,
      fmt(r.rssBefore, 0),
      fmt(r.rssAfter, 0),
      fmt(r.mbPer1000, 1),
    ]),
  );
  // ViewParty against the socket.io baseline of the same run, per guest count (below 1: ViewParty does better).
  const baseOf = (r) => rows.find((b) => b.system === "socket.io" && b.guests === r.guests && b.round === r.round);
  const ratioRows = guestCounts.flatMap((guests) => {
    return rows
      .filter((r) => r.system !== "socket.io" && r.guests === guests && baseOf(r))
      .map((r) => [r, baseOf(r)])
      .map(([r, base]) => [
        label(r),
        String(guests),
        fmt(r.p50 / base.p50, 2),
        fmt(r.p99 / base.p99, 2),
        fmt(r.cpuUsPerEvent / base.cpuUsPerEvent, 2),
        fmt(r.connectS / base.connectS, 2),
        fmt(r.connectCpuMsPerGuest / base.connectCpuMsPerGuest, 2),
        fmt(r.mbPer1000 / base.mbPer1000, 2),
      ]);
  });
  if (ratioRows.length > 0) {
    console.log("\nRatios to socket.io in this run (ViewParty ÷ socket.io; below 1 is better):");
    printTable(["system", "guests", "p50", "p99", "srv CPU/event", "connect s", "join CPU", "MB/1000 conns"], ratioRows);
  }
  if (rounds > 1) printMedians(rows, baseOf);
  const problems = rows.filter((r) => r.failed || r.lost || r.dropped || r.duplicates || r.ackErrors);
  for (const r of problems) {
    console.log(`! ${r.system} ${r.guests}: failed ${r.failed}, lost ${r.lost}, dropped ${r.dropped}, duplicates ${r.duplicates}, command errors ${r.ackErrors}`);
  }
  const outFile = opts.out || path.join(ROOT, "bench/results", `fanout-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  mkdirSync(path.dirname(outFile), { recursive: true });
  writeFileSync(outFile, JSON.stringify({ opts, load: loadAverage(), rows }, null, 2));
  console.log(`\nraw figures: ${path.relative(process.cwd(), outFile)}`);
}

/** Per system and guest count: the median over rounds of each figure, and of each round's ratio to socket.io. */
function printMedians(rows, baseOf) {
  const median = (values) => quantile(Float64Array.from(values.filter(Number.isFinite)).sort(), 0.5);
  const groups = new Map();
  for (const r of rows) {
    const key = `${r.system}\u0000${r.guests}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(r);
  }
  console.log(`\nMedians over ${Math.max(...rows.map((r) => r.round))} rounds (ratio columns: the median of each round's ratio to socket.io in that round):`);
  printTable(
    ["system", "guests", "p50", "p99", "srv CPU µs/event", "each round's CPU µs/event", "join CPU ms", "p99 ratio", "CPU/event ratio", "each round's CPU/event ratio"],
    [...groups.values()].map((group) => {
      const ratios = (pick) => group.map((r) => (baseOf(r) ? pick(r) / pick(baseOf(r)) : NaN));
      const cpuRatios = ratios((r) => r.cpuUsPerEvent);
      const compared = group[0].system !== "socket.io";
      return [
        group[0].system,
        String(group[0].guests),
        fmt(median(group.map((r) => r.p50)), 2),
        fmt(median(group.map((r) => r.p99)), 2),
        fmt(median(group.map((r) => r.cpuUsPerEvent)), 1),
        group.map((r) => fmt(r.cpuUsPerEvent, 1)).join(" "),
        fmt(median(group.map((r) => r.connectCpuMsPerGuest)), 2),
        compared ? fmt(median(ratios((r) => r.p99)), 2) : "",
        compared ? fmt(median(cpuRatios), 2) : "",
        compared ? cpuRatios.map((x) => fmt(x, 2)).join(" ") : "",
      ];
    }),
  );
}

main()
  .then(() => process.exit(0))
  .catch((error) => {
    console.error(error);
    killAll();
    process.exit(1);
  });
