#!/usr/bin/env node
/**
 * Reading a large recording: a host records a party and draws `--strokes` strokes of `--points`
 * points (full-precision coordinates, as a hostile client sends them; the server keeps 4 decimals,
 * ~32 KB a stroke), then `--readers` anonymous visitors read the public recording's whole timeline
 * at once, as the replay page does (following next_cursor when the server pages it, waiting out a 503
 * for its Retry-After). Meanwhile /api/v1/ready (a database round trip) is asked every 100 ms and the server's RSS sampled.
 * Prints, per server: the recording's size, each read's time, RSS before / peak / after the reads,
 * and health latency (median, p99, max) during them.
 *
 *   npm run build && node bench/recording-read.mjs [--strokes 1500] [--points 2000] [--readers 3]
 *                                                  [--baseline-root /path/to/older/checkout]
 *
 * With --baseline-root (a checkout of an earlier commit, built), the same run is made against that
 * build first, so before and after come from one run on one machine. This build is started with
 * recording limits raised (VP_RECORDING_MAX_BYTES 1 GB, VP_RECORDING_MAX_BYTES_PER_MINUTE 256 MB) so
 * it records the same timeline: what is measured is how it serves one that large. With its defaults
 * (32 MB, 1 MB a minute) the same drawing would stop growing the recording after 1 MB a minute.
 *
 * Prints figures; asserts nothing. Every process it starts is stopped on exit or error.
 */
import { fmt, killAll, partyCommand, loadAverage, now, parseArgs, printTable, quantile, readinessPath, request, rssMb, sleep, startViewParty } from "./lib/common.mjs";

const opts = parseArgs({ strokes: 1500, points: 2000, readers: 3, baselineRoot: "" });

function stroke(i) {
  const points = Array.from({ length: opts.points }, () => [Math.random(), Math.random()]);
  return { id: `s${i}`, points, color: "#ff0000", width: 0.01 };
}

/** Signs up an account (recordings belong to accounts) and returns its bearer token. */
async function account(baseUrl) {
  const username = `rec_${Date.now().toString(36)}`;
  const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseUrl },
    body: JSON.stringify({ email: `${username}@example.test`, password: "correct-horse-battery", name: username, username }),
  });
  if (res.status !== 200) throw new Error(`sign-up ${res.status}: ${await res.text()}`);
  return res.headers.get("set-auth-token");
}

/** The whole timeline as the replay page reads it: every page, a 503 waited out. */
async function readTimeline(baseUrl, id) {
  const started = now();
  let cursor = null;
  let pages = 0;
  let busy = 0;
  let entries = 0;
  let bytes = 0;
  for (;;) {
    const res = await request(baseUrl, "GET", `/api/v1/recordings/${id}/timeline${cursor === null ? "" : `?cursor=${cursor}`}`, { timeoutMs: 600_000 });
    if (res.status === 503) {
      busy += 1;
      await sleep(1000);
      continue;
    }
    if (res.status !== 200) throw new Error(`timeline ${res.status}: ${JSON.stringify(res.body).slice(0, 200)}`);
    pages += 1;
    entries += res.body.entries.length;
    bytes += Buffer.byteLength(JSON.stringify(res.body.entries));
    cursor = res.body.next_cursor ?? null;
    if (cursor === null) break;
  }
  return { ms: now() - started, pages, busy, entries, bytes };
}

async function run(label, root, env) {
  const app = await startViewParty({ root, env });
  try {
    const host = await account(app.baseUrl);
    const party = await request(app.baseUrl, "POST", "/api/v1/parties", {
      token: host,
      body: { video_url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", video_title: "Bench" },
    });
    if (party.status !== 201) throw new Error(`party ${party.status}`);
    const partyId = party.body.id;
    const { recordingId } = (await partyCommand(app.baseUrl, partyId, host, { type: "recording.start" })).body;
    const drawStart = now();
    for (let i = 0; i < opts.strokes; i += 1) await partyCommand(app.baseUrl, partyId, host, { type: "draw.stroke", stroke: stroke(i) });
    const drawMs = now() - drawStart;
    await partyCommand(app.baseUrl, partyId, host, { type: "recording.stop" });
    const patched = await request(app.baseUrl, "PATCH", `/api/v1/recordings/${recordingId}`, { token: host, body: { privacy: "public" } });
    if (patched.status !== 200) throw new Error(`patch ${patched.status}`);
    await sleep(2000);

    const rssBefore = rssMb(app.pid);
    let rssPeak = rssBefore;
    let reading = true;
    const health = [];
    const readyPath = await readinessPath(app.baseUrl);
    const sampler = (async () => {
      while (reading) {
        rssPeak = Math.max(rssPeak, rssMb(app.pid));
        const res = await request(app.baseUrl, "GET", readyPath, { timeoutMs: 600_000 });
        health.push(res.ms);
        await sleep(100);
      }
    })();
    const reads = await Promise.all(Array.from({ length: opts.readers }, () => readTimeline(app.baseUrl, recordingId)));
    reading = false;
    await sampler;
    await sleep(1000);
    const rssAfter = rssMb(app.pid);
    health.sort((a, b) => a - b);
    const times = reads.map((r) => r.ms).sort((a, b) => a - b);
    return {
      label,
      strokes: opts.strokes,
      drawS: drawMs / 1000,
      entries: reads[0].entries,
      sizeMb: reads[0].bytes / 1024 / 1024,
      readMedianS: quantile(times, 0.5) / 1000,
      readMaxS: times[times.length - 1] / 1000,
      pages: reads[0].pages,
      busy: reads.reduce((sum, r) => sum + r.busy, 0),
      rssBefore,
      rssPeak,
      rssAfter,
      healthN: health.length,
      healthMedian: quantile(health, 0.5),
      healthP99: quantile(health, 0.99),
      healthMax: health[health.length - 1],
    };
  } finally {
    await app.stop();
  }
}

async function main() {
  console.log(`recording-read: ${opts.strokes} strokes × ${opts.points} points, ${opts.readers} parallel readers; load ${loadAverage()}`);
  const results = [];
  if (opts.baselineRoot) results.push(await run("baseline", opts.baselineRoot, {}));
  results.push(
    await run("this build", undefined, { VP_RECORDING_MAX_BYTES: String(1024 * 1024 * 1024), VP_RECORDING_MAX_BYTES_PER_MINUTE: String(256 * 1024 * 1024) }),
  );
  printTable(
    ["server", "entries", "read MB", "draw s", "pages", "503s", "read med s", "read max s", "RSS before", "RSS peak", "RSS after", "health n", "health med ms", "p99 ms", "max ms"],
    results.map((r) => [
      r.label,
      r.entries,
      fmt(r.sizeMb),
      fmt(r.drawS),
      r.pages,
      r.busy,
      fmt(r.readMedianS, 2),
      fmt(r.readMaxS, 2),
      fmt(r.rssBefore),
      fmt(r.rssPeak),
      fmt(r.rssAfter),
      r.healthN,
      fmt(r.healthMedian),
      fmt(r.healthP99),
      fmt(r.healthMax),
    ]),
  );
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => killAll());
