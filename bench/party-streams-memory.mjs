#!/usr/bin/env node
/**
 * Memory of open party streams on ONE app instance: `--streams` guests (default 10 000) spread over
 * `--parties` live parties, each holding its SSE stream in forked worker processes
 * (bench/lib/sse-worker.mjs). Prints the server's RSS at idle, with every stream open, and per
 * 1 000 streams; then each party's host sends `--commands` commands and the bench counts the
 * guests that received each one (deliveries still arrive with every stream open) and their
 * host → guest latency.
 *
 *   npm run build && node bench/party-streams-memory.mjs
 *   node bench/party-streams-memory.mjs [--streams 10000] [--parties 10] [--commands 5] [--workers 4]
 *                                       [--concurrency 32]
 *
 * Prints figures; asserts nothing. Every process it starts is stopped on exit or error.
 */
import http from "node:http";
import os from "node:os";
import { cpuMs, fdLimits, fmt, killAll, loadAverage, mintGuests, now, parseArgs, printTable, quantile, request, rssMb, sleep, startViewParty } from "./lib/common.mjs";
import { startWorker } from "./lib/workers.mjs";

const opts = parseArgs({ streams: 10_000, parties: 10, commands: 5, workers: 4, concurrency: 32 });
const streamsPerParty = Math.ceil(opts.streams / opts.parties);

async function main() {
  console.log(`# party streams memory — ${new Date().toISOString()}`);
  console.log(`node ${process.version}, ${os.cpus().length} CPUs, load ${loadAverage()}, fd limit ${fdLimits().soft}/${fdLimits().hard}`);
  console.log(`${opts.streams} streams over ${opts.parties} parties · ${opts.workers} worker processes · ${opts.commands} commands per party`);
  const app = await startViewParty();
  const workers = [];
  const cmdAgent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  try {
    await sleep(2000);
    const rssIdle = rssMb(app.pid);
    console.log(`… idle: RSS ${fmt(rssIdle)} MB (load ${loadAverage()})`);

    const hosts = await mintGuests(app.baseUrl, opts.parties, { run: 7, prefix: "memhost" });
    const parties = [];
    for (const host of hosts) {
      const created = await request(app.baseUrl, "POST", "/api/v1/parties", {
        token: host,
        body: { video_url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", video_title: "Memory bench" },
      });
      if (created.status !== 201) throw new Error(`create party: ${created.status} ${JSON.stringify(created.body)}`);
      parties.push({ id: created.body.id, host });
    }
    const guests = await mintGuests(app.baseUrl, opts.streams, { run: 8, prefix: "mem", concurrency: 16 });

    for (let i = 0; i < opts.workers; i++) workers.push(startWorker("sse-worker.mjs"));
    await Promise.all(workers.map((w) => w.ready));
    const rssBefore = rssMb(app.pid);
    const cpu0 = cpuMs(app.pid);
    const started = now();
    // Worker w holds its slice of every party (one "connect" per party, so one at a time per worker).
    let connected = 0;
    for (const [p, party] of parties.entries()) {
      const mine = guests.slice(p * streamsPerParty, Math.min(opts.streams, (p + 1) * streamsPerParty));
      const per = Math.ceil(mine.length / workers.length);
      const results = await Promise.all(
        workers.map((w, i) =>
          w.call({ type: "connect", baseUrl: app.baseUrl, partyId: party.id, tokens: mine.slice(i * per, (i + 1) * per), concurrency: opts.concurrency }, "connected", 900_000),
        ),
      );
      connected += results.reduce((s, r) => s + r.ok, 0);
      const failed = results.reduce((s, r) => s + r.failed, 0);
      if (failed > 0) console.warn(`  ! party ${p}: ${failed} streams failed: ${results.flatMap((r) => r.errors).slice(0, 2).join(" | ")}`);
      process.stdout.write(`[${connected} open] `);
      // A worker's receipts restart with each connect: only the last party's guests are counted below.
      party.counted = results.reduce((s, r) => s + r.ok, 0);
    }
    const connectS = (now() - started) / 1000;
    const connectCpu = cpuMs(app.pid) - cpu0;
    await sleep(3000);
    const rssOpen = rssMb(app.pid);
    console.log(`\n… ${connected} streams open in ${fmt(connectS)} s (${fmt(connectCpu / Math.max(1, connected), 2)} ms server CPU per stream): RSS ${fmt(rssOpen)} MB (load ${loadAverage()})`);

    // Deliveries: every party's host sends; the last party's guests report their receipts.
    const last = parties.at(-1);
    const sentAt = new Map();
    for (let c = 0; c < opts.commands; c++) {
      for (const party of parties) {
        const cid = 500_000 + c;
        if (party === last) sentAt.set(cid, now());
        const res = await request(app.baseUrl, "POST", `/api/v1/parties/${party.id}/commands`, {
          token: party.host,
          agent: cmdAgent,
          body: { v: 1, type: "seek", position: c + 0.5, cid },
        });
        if (res.status !== 200) throw new Error(`command: ${res.status} ${JSON.stringify(res.body)}`);
      }
      await sleep(500);
    }
    // Wait (bounded) until every counted guest has the last command.
    const lastCid = 500_000 + opts.commands - 1;
    const deadline = Date.now() + 120_000;
    for (;;) {
      const counts = await Promise.all(workers.map((w) => w.call({ type: "progress", cid: lastCid }, "progress")));
      if (counts.reduce((s, m) => s + m.count, 0) >= last.counted || Date.now() > deadline) break;
      await sleep(250);
    }
    const reports = await Promise.all(workers.map((w) => w.call({ type: "report" }, "receipts")));
    const latencies = [];
    let delivered = 0;
    for (const report of reports) {
      report.cids.forEach((cid, i) => {
        const t0 = sentAt.get(cid);
        if (t0 === undefined) return;
        for (const t of report.times[i]) {
          delivered += 1;
          latencies.push(t - t0);
        }
      });
    }
    latencies.sort((a, b) => a - b);
    const rssRun = rssMb(app.pid);
    printTable(
      ["streams", "RSS idle MB", "RSS open MB", "MB / 1 000 streams", "connect all s", "delivered (last party)", "p50 ms", "p99 ms", "RSS after sends MB", "load"],
      [
        [
          connected,
          fmt(rssIdle),
          fmt(rssOpen),
          fmt(((rssOpen - rssBefore) / Math.max(1, connected)) * 1000),
          fmt(connectS),
          `${delivered} / ${last.counted * opts.commands}`,
          fmt(quantile(latencies, 0.5)),
          fmt(quantile(latencies, 0.99)),
          fmt(rssRun),
          loadAverage(),
        ],
      ],
    );
  } finally {
    await Promise.all(workers.map((w) => w.close()));
    await app.stop();
    cmdAgent.destroy();
  }
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => killAll());
