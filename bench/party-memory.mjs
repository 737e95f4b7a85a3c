#!/usr/bin/env node
/**
 * Server memory under the "fill a party's drawing and end it, repeat" pattern: guest hosts create
 * live parties, post many maximum-size strokes (full-precision coordinates, as a hostile client
 * would), end them, and the next round starts. Prints the server's RSS (and, when the app exposes
 * its diagnostics, heap and how many party logs the bus still holds) before and after every round,
 * plus the size and arrival time of the snapshot a guest joining a full drawing receives.
 *
 *   npm run build && npm run bench:party-memory
 *   node bench/party-memory.mjs [--rounds 3] [--parties 2] [--strokes 300] [--points 2000]
 *                               [--concurrency 2] [--settle 3000]
 *
 * Prints figures; asserts nothing. Every process it starts is stopped on exit or error.
 */
import http from "node:http";
import os from "node:os";
import {
  fmt,
  partyCommand,
  killAll,
  loadAverage,
  mintGuests,
  now,
  parseArgs,
  printTable,
  request,
  rssMb,
  sleep,
  startViewParty,
} from "./lib/common.mjs";

const opts = parseArgs({ rounds: 3, parties: 2, strokes: 300, points: 2000, concurrency: 2, settle: 3000 });

/** A stroke as a hostile client sends it: the most points allowed, every coordinate a full double. */
function stroke(i) {
  const points = Array.from({ length: opts.points }, () => [Math.random(), Math.random()]);
  return { id: `s${i}-${Math.random().toString(36).slice(2)}`, points, color: "#ff0000", width: 0.01 };
}

async function diagnostics(baseUrl, partyIds = []) {
  const query = partyIds.length > 0 ? `?party=${partyIds.join(",")}` : "";
  const res = await request(baseUrl, "GET", `/api/v1/diagnostics/realtime${query}`);
  return res.status === 200 ? res.body : null;
}

/**
 * Joins a party as a guest, then opens the guest's stream and measures the first snapshot frame:
 * bytes and ms to arrive (from the stream's request; the join before it is not counted).
 */
async function measureSnapshot(baseUrl, partyId, token) {
  const joined = await request(baseUrl, "POST", `/api/v1/parties/${partyId}/join`, { token });
  if (joined.status !== 200) throw new Error(`join ${joined.status}: ${JSON.stringify(joined.body)}`);
  return new Promise((resolve, reject) => {
    const started = now();
    const req = http.request(`${baseUrl}/api/v1/parties/${partyId}/events`, { headers: { Authorization: `Bearer ${token}` } });
    req.on("response", (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream ${res.statusCode}`));
      // The frame ends at the first blank line after "type":"snapshot"; search only new bytes.
      let text = "";
      let start = -1;
      res.setEncoding("utf8");
      res.on("data", (chunk) => {
        const from = Math.max(0, text.length - 32);
        text += chunk;
        if (start < 0) {
          const at = text.indexOf('"type":"snapshot"', from);
          if (at < 0) return;
          start = text.lastIndexOf("\n\n", at) + 2;
        }
        const end = text.indexOf("\n\n", Math.max(start, from));
        if (end < 0) return;
        resolve({ bytes: Buffer.byteLength(text.slice(start, end + 2)), ms: now() - started });
        req.destroy();
      });
    });
    req.on("error", (e) => (e.code === "ECONNRESET" ? undefined : reject(e)));
    req.end();
  });
}

async function fill(baseUrl, host, n, strokes) {
  const created = await request(baseUrl, "POST", "/api/v1/parties", {
    token: host,
    body: { video_url: `https://www.youtube.com/watch?v=mem${n}`, video_title: `Memory party ${n}` },
  });
  if (created.status !== 201) throw new Error(`create party: ${created.status} ${JSON.stringify(created.body)}`);
  const partyId = created.body.id;
  for (let i = 0; i < strokes; i++) await partyCommand(baseUrl, partyId, host, { type: "draw.stroke", stroke: stroke(i) });
  return partyId;
}

async function endParty(baseUrl, partyId, host) {
  const res = await request(baseUrl, "DELETE", `/api/v1/parties/${partyId}`, { token: host });
  if (res.status !== 204) throw new Error(`end party: ${res.status} ${JSON.stringify(res.body)}`);
}

async function main() {
  console.log(`# party memory benchmark — ${new Date().toISOString()}`);
  console.log(`node ${process.version}, ${os.cpus().length} CPUs, load ${loadAverage()}`);
  console.log(
    `${opts.rounds} rounds × ${opts.parties} parties; each: ${opts.strokes} strokes × ${opts.points} points posted, then ended (${opts.concurrency} at a time)`,
  );
  // A generous start-up wait: the figures are memory, and a busy machine can take minutes to start.
  const app = await startViewParty({ env: { VP_DIAGNOSTICS: "1" }, readyTimeoutMs: 300_000 });
  try {
    const total = opts.rounds * opts.parties;
    const [viewer, ...hosts] = await mintGuests(app.baseUrl, total + 2, { run: 7, prefix: "mem", concurrency: 4 });
    // Warm up every route the rounds use, so the baseline includes compiled code, not just an idle process.
    const warmHost = hosts.pop();
    await endParty(app.baseUrl, await fill(app.baseUrl, warmHost, 0, 5), warmHost);
    await sleep(opts.settle);
    const rows = [];
    const diag0 = await diagnostics(app.baseUrl);
    rows.push(["before", fmt(rssMb(app.pid), 0), diag0 ? fmt(diag0.memory.heapUsed / 2 ** 20, 0) : "—", diag0 ? diag0.bus.parties : "—", "—"]);

    let snapshot = null;
    const ended = [];
    let next = 0;
    for (let round = 1; round <= opts.rounds; round++) {
      const started = now();
      const batch = hosts.slice(next, next + opts.parties);
      next += opts.parties;
      const queue = [...batch.entries()];
      const worker = async () => {
        for (let item = queue.shift(); item; item = queue.shift()) {
          const [i, host] = item;
          const partyId = await fill(app.baseUrl, host, round * 1000 + i, opts.strokes);
          // Once, before its end: what a guest joining a full drawing receives.
          if (!snapshot) snapshot = await measureSnapshot(app.baseUrl, partyId, viewer);
          await endParty(app.baseUrl, partyId, host);
          ended.push(partyId);
        }
      };
      await Promise.all(Array.from({ length: Math.min(opts.concurrency, batch.length) }, worker));
      await sleep(opts.settle);
      const diag = await diagnostics(app.baseUrl, ended);
      const held = diag ? Object.values(diag.logs).filter((log) => log !== null).length : "—";
      rows.push([
        `after round ${round} (${fmt((now() - started) / 1000, 0)} s)`,
        fmt(rssMb(app.pid), 0),
        diag ? fmt(diag.memory.heapUsed / 2 ** 20, 0) : "—",
        diag ? diag.bus.parties : "—",
        `${held}/${ended.length}`,
      ]);
    }
    console.log("");
    printTable(["phase", "server RSS MB", "heap used MB", "party logs in bus", "ended parties still logged"], rows);
    const first = Number(rows[0][1]);
    const last = Number(rows.at(-1)[1]);
    console.log(`\nRSS growth: ${fmt(last - first, 0)} MB over ${ended.length} ended parties (${fmt((last - first) / ended.length, 1)} MB per party)`);
    if (snapshot) console.log(`snapshot of a full drawing: ${fmt(snapshot.bytes / 1024, 0)} KiB, first byte to full frame ${fmt(snapshot.ms, 0)} ms after the request`);
    if (!diag0) console.log("(heap and bus columns need the app's diagnostics endpoint: VP_DIAGNOSTICS=1; this build has none)");
    console.log(`load after: ${loadAverage()}`);
  } finally {
    await app.stop();
  }
}

main()
  .then(() => process.exit(0))
  .catch((error) => {
    console.error(error);
    killAll();
    process.exit(1);
  });
