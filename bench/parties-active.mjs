#!/usr/bin/env node
/**
 * Public party list throughput: `GET /api/v1/parties/active?limit=100` requests/s and latency with
 * autocannon against the built app (scripts/server.mjs, fresh data directory) holding ~20 public
 * parties, some with members streaming; in the same run, for context: `GET /api/v1/ready` on the
 * same server (the same Next + withApi path with one trivial database round trip) and a trivial Node
 * http server returning the very same JSON bytes (bench/lib/static-json-server.mjs).
 *
 *   npm run build && npm run bench:active
 *   node bench/parties-active.mjs [--parties 20] [--streaming 5] [--members 20] [--connections 50]
 *                                 [--duration 10] [--warmup 2] [--only active|health|static]
 *                                 [--server-node-args "--cpu-prof --cpu-prof-dir=/tmp/prof"]
 *
 * Prints figures; asserts nothing. Every process it starts is stopped on exit or error.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import {
  cpuMs,
  fdLimits,
  fmt,
  freePort,
  HOST,
  killAll,
  loadAverage,
  mintGuests,
  parseArgs,
  printTable,
  request,
  ROOT,
  rssMb,
  spawnNode,
  startViewParty,
  stopChild,
  waitFor,
} from "./lib/common.mjs";

const opts = parseArgs({ parties: 20, streaming: 5, members: 20, connections: 50, duration: 10, warmup: 2, serverNodeArgs: "", only: "" });
const ACTIVE = "/api/v1/parties/active?limit=100";

async function cannon(url, label, pid) {
  if (opts.warmup > 0) await autocannon({ url, connections: opts.connections, duration: opts.warmup });
  const cpu0 = pid ? cpuMs(pid) : NaN;
  const r = await autocannon({ url, connections: opts.connections, duration: opts.duration });
  const cpu = pid ? cpuMs(pid) - cpu0 : NaN;
  return {
    label,
    rpsP50: r.requests.p50,
    rpsMean: r.requests.average,
    latP50: r.latency.p50,
    latP99: r.latency.p99,
    total: r.requests.total,
    errors: `${r.errors}/${r.timeouts}/${r.non2xx}`,
    bytes: r.throughput.average,
    cpuPerReqMs: pid ? cpu / Math.max(1, r.requests.total) : NaN,
  };
}

async function main() {
  const fd = fdLimits();
  console.log(`# parties/active benchmark — ${new Date().toISOString()}`);
  console.log(`node ${process.version}, ${os.cpus().length} CPUs, load ${loadAverage()}, fd limit ${fd.soft}/${fd.hard}`);
  console.log(
    `${opts.parties} public parties (${opts.streaming} with host + ${opts.members} members streaming) · autocannon ${opts.connections} connections, ${opts.warmup} s warm-up + ${opts.duration} s`,
  );
  const app = await startViewParty({ nodeArgs: opts.serverNodeArgs.split(" ").filter(Boolean) });
  const streams = [];
  let staticServer;
  const tmp = mkdtempSync(path.join(os.tmpdir(), "vp-bench-active-"));
  try {
    const hosts = await mintGuests(app.baseUrl, opts.parties, { run: 200, prefix: "host", concurrency: 4 });
    const parties = [];
    for (let i = 0; i < opts.parties; i++) {
      const res = await request(app.baseUrl, "POST", "/api/v1/parties", {
        token: hosts[i],
        body: { video_url: `https://www.youtube.com/watch?v=bench${i}`, video_title: `Bench party ${i}`, synopsis: "A benchmark party." },
      });
      if (res.status !== 201) throw new Error(`create party ${i}: ${res.status} ${JSON.stringify(res.body)}`);
      parties.push(res.body.id);
    }
    // Host + members streaming in the first `streaming` parties (idle streams: no commands).
    const agent = new http.Agent({ keepAlive: true });
    const members = await mintGuests(app.baseUrl, opts.streaming * opts.members, { run: 201, concurrency: 8 });
    // Each member joins (POST; opening a stream only reads), then opens its stream.
    const open = async (party, token) => {
      const joined = await request(app.baseUrl, "POST", `/api/v1/parties/${party}/join`, { token });
      if (joined.status !== 200) throw new Error(`join ${joined.status}: ${JSON.stringify(joined.body)}`);
      return new Promise((resolve, reject) => {
        const req = http.request(`${app.baseUrl}/api/v1/parties/${party}/events`, { agent, headers: { Authorization: `Bearer ${token}` } });
        req.on("response", (res) => {
          if (res.statusCode !== 200) return reject(new Error(`stream ${res.statusCode}`));
          res.on("data", () => {});
          resolve();
        });
        req.on("error", (e) => (streams.includes(req) ? undefined : reject(e)));
        req.end();
        streams.push(req);
      });
    };
    for (let p = 0; p < Math.min(opts.streaming, opts.parties); p++) {
      await open(parties[p], hosts[p]);
      await Promise.all(members.slice(p * opts.members, (p + 1) * opts.members).map((t) => open(parties[p], t)));
    }
    // Let presence settle (debounced) so party_size is final.
    await waitFor(async () => {
      const res = await request(app.baseUrl, "GET", ACTIVE);
      return res.status === 200 && res.body.length === opts.parties && res.body.filter((p) => p.party_size > 0).length >= Math.min(opts.streaming, opts.parties);
    }, 20_000);
    const list = await request(app.baseUrl, "GET", ACTIVE);
    const bodyText = JSON.stringify(list.body);
    const bodyFile = path.join(tmp, "active.json");
    writeFileSync(bodyFile, bodyText);

    const port = await freePort();
    staticServer = spawnNode(path.join(ROOT, "bench/lib/static-json-server.mjs"), { env: { PORT: String(port), BODY_FILE: bodyFile }, label: "static JSON" });
    const staticUrl = `http://${HOST}:${port}/`;
    await waitFor(async () => (await request(staticUrl, "GET", "/")).status === 200, 10_000, staticServer);

    console.log(`list: ${list.body.length} parties, ${bodyText.length} bytes; ViewParty RSS ${fmt(rssMb(app.pid), 0)} MB`);
    const rows = [];
    const want = (name) => !opts.only || opts.only.split(",").includes(name);
    if (want("active")) rows.push(await cannon(`${app.baseUrl}${ACTIVE}`, `ViewParty GET ${ACTIVE}`, app.pid));
    if (want("health")) rows.push(await cannon(`${app.baseUrl}/api/v1/ready`, "ViewParty GET /api/v1/ready", app.pid));
    if (want("static")) rows.push(await cannon(staticUrl, "plain node:http, same JSON bytes", staticServer.pid));
    console.log("");
    printTable(
      ["target", "req/s p50", "req/s mean", "lat p50 ms", "lat p99 ms", "requests", "errors/timeouts/non-2xx", "server CPU ms/req"],
      rows.map((r) => [r.label, fmt(r.rpsP50, 0), fmt(r.rpsMean, 0), fmt(r.latP50, 1), fmt(r.latP99, 1), r.total, r.errors, fmt(r.cpuPerReqMs, 2)]),
    );
    console.log(`\nload after: ${loadAverage()}`);
  } finally {
    for (const s of streams) s.destroy();
    await stopChild(staticServer);
    await app.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

main()
  .then(() => process.exit(0))
  .catch((error) => {
    console.error(error);
    killAll();
    process.exit(1);
  });
