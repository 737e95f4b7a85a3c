#!/usr/bin/env node
/**
 * Sync drift in the watch room (no extension): the built app, the local YouTube IFrame API stand-in
 * (tests/support/stand-ins: YT.Player over a <video>), and one headless Chromium with two contexts —
 * a host and a guest, each a guest identity, in one YouTube party at /watch/{id}. The host plays for
 * `--duration` seconds and seeks (on its player, as a viewer using the player's own bar would) at
 * `--seeks` seconds into the run. Every `--sample` ms both stand-in players' `currentTime` is read
 * with the page's wall clock (performance.timeOrigin + performance.now(): same machine, same clock);
 * the guest's drift is its position minus the host's at the same instant.
 *
 * Printed: drift p50 / p95 / max (absolute, ms) in steady playback (outside the resync windows) and
 * over every sample; for each seek, the time from the host's seek landing until the guest is within
 * `--tolerance` ms for 3 samples in a row. The stand-in reads its <video> directly, where the real
 * YouTube player reports its position through postMessage a few times a second: these figures are
 * the engine and the room's adapter, not YouTube's frame. On a loaded 2-core box they move with the
 * load average (printed before and after).
 *
 *   npm run build && node bench/watch-room-drift.mjs [--duration 60] [--seeks 12,27,42] [--sample 100]
 *                                                   [--tolerance 50] [--seed 7] [--out file.json]
 *
 * Needs ffmpeg (apt) and Debian's Chromium. Prints figures; asserts nothing; stops what it started.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { startPlayerStandIns } from "../tests/support/stand-ins/server.mjs";
import { fmt, killAll, loadAverage, parseArgs, quantile, request, ROOT, sleep, startViewParty } from "./lib/common.mjs";

const opts = parseArgs({ duration: 60, seeks: "12,27,42", sample: 100, tolerance: 50, seed: 7, out: "" });
const RESULTS = path.join(ROOT, "bench", "results");
/** The stand-in's default clip length (any id not starting with "short"/"private"). */
const CLIP_SECONDS = 300;
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update",
  "--disable-sync", "--no-first-run", "--disable-quic"];
const VIDEO = 'video[data-stand-in="youtube"]';

function rng(seed) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

async function guestToken(baseUrl, username) {
  const res = await request(baseUrl, "POST", "/api/v1/guests", { body: { username } });
  if (res.status !== 201) throw new Error(`guest sign-in failed: ${res.status}`);
  return res.body.token;
}

/** A browser context whose watch room connects with `token` (the room keeps guests in sessionStorage). */
async function roomPage(browser, baseUrl, partyId, token) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript((t) => {
    sessionStorage.setItem("vp:watch-guest", JSON.stringify({ token: t, expiresAt: new Date(Date.now() + 3_600_000).toISOString() }));
  }, token);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/watch/${partyId}`);
  await page.locator(VIDEO).waitFor({ timeout: 60_000 });
  return { context, page };
}

const read = (page) =>
  page.locator(VIDEO).evaluate((v) => ({ t: v.currentTime, paused: v.paused, rate: v.playbackRate, at: performance.timeOrigin + performance.now() }));

async function main() {
  mkdirSync(RESULTS, { recursive: true });
  const seekTimes = opts.seeks.split(",").filter(Boolean).map(Number).filter((s) => s > 0 && s < opts.duration);
  const random = rng(opts.seed);
  console.log(`watch-room-drift: ${opts.duration} s of playback, seeks at ${seekTimes.join(", ") || "none"} s, sample every ${opts.sample} ms, ` +
    `${os.cpus().length} cores, load ${loadAverage()}`);

  const standIns = await startPlayerStandIns();
  const app = await startViewParty({ env: standIns.env });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
  try {
    const hostToken = await guestToken(app.baseUrl, "Drift Host");
    const created = await request(app.baseUrl, "POST", "/api/v1/parties", {
      token: hostToken,
      body: { video_url: "https://www.youtube.com/watch?v=benchClip01", video_title: "Drift bench", visibility: "private" },
    });
    if (created.status !== 201) throw new Error(`party creation failed: ${created.status} ${JSON.stringify(created.body)}`);
    const partyId = created.body.id;
    const host = await roomPage(browser, app.baseUrl, partyId, hostToken);
    await host.page.getByText("You are the host").waitFor({ timeout: 60_000 });
    // A private party: the guest joins with the invite code first (it then may open the room by id).
    const guestTok = await guestToken(app.baseUrl, "Drift Guest");
    const joined = await request(app.baseUrl, "POST", `/api/v1/parties/${created.body.invite_code}/join`, { token: guestTok });
    if (joined.status !== 200) throw new Error(`join failed: ${joined.status}`);
    const guest = await roomPage(browser, app.baseUrl, partyId, guestTok);

    const drift = async () => {
      const [h, g] = await Promise.all([read(host.page), read(guest.page)]);
      const hostAt = h.paused ? h.t : h.t + ((g.at - h.at) / 1000) * h.rate;
      return { at: g.at, host: h.t, guest: g.t, guestPaused: g.paused, driftMs: (g.t - hostAt) * 1000 };
    };

    await host.page.getByRole("button", { name: "Play", exact: true }).click({ timeout: 60_000 });
    const joinStart = performance.timeOrigin + performance.now();
    for (;;) {
      const d = await drift();
      if (!d.guestPaused && d.host > 0.3 && Math.abs(d.driftMs) <= opts.tolerance) break;
      if (d.at - joinStart > 30_000) throw new Error(`the guest did not follow the host's play within 30 s (drift ${fmt(d.driftMs)} ms)`);
      await sleep(opts.sample);
    }
    const startedIn = performance.timeOrigin + performance.now() - joinStart;

    const samples = [];
    const seeks = [];
    const t0 = performance.timeOrigin + performance.now();
    const pending = [...seekTimes];
    while (performance.timeOrigin + performance.now() - t0 < opts.duration * 1000) {
      const elapsed = (performance.timeOrigin + performance.now() - t0) / 1000;
      if (pending.length > 0 && elapsed >= pending[0]) {
        pending.shift();
        const target = Math.round((5 + random() * (CLIP_SECONDS - opts.duration - 20)) * 1000) / 1000;
        const landedAt = await host.page.locator(VIDEO).evaluate(
          (v, to) =>
            new Promise((resolve) => {
              v.addEventListener("seeked", () => resolve(performance.timeOrigin + performance.now()), { once: true });
              v.currentTime = to;
            }),
          target,
        );
        seeks.push({ at: landedAt, elapsed, target });
      }
      samples.push({ elapsed, ...(await drift()) });
      await sleep(opts.sample);
    }

    for (const seek of seeks) {
      const after = samples.filter((s) => s.at >= seek.at);
      let resyncedAt = null;
      for (let i = 0; i + 2 < after.length; i++) {
        if ([0, 1, 2].every((k) => Math.abs(after[i + k].driftMs) <= opts.tolerance)) {
          resyncedAt = after[i].at;
          break;
        }
      }
      seek.resyncMs = resyncedAt === null ? null : resyncedAt - seek.at;
    }
    const inResync = (s) => seeks.some((k) => s.at >= k.at && s.at < k.at + (k.resyncMs ?? Infinity));
    const steady = samples.filter((s) => !inResync(s)).map((s) => Math.abs(s.driftMs)).sort((a, b) => a - b);
    const all = samples.map((s) => Math.abs(s.driftMs)).sort((a, b) => a - b);
    const line = (label, v) => console.log(`  ${label.padEnd(36)} p50 ${fmt(quantile(v, 0.5)).padStart(7)} ms   p95 ${fmt(quantile(v, 0.95)).padStart(7)} ms   max ${fmt(v.at(-1) ?? NaN).padStart(8)} ms   (${v.length} samples)`);
    console.log(`\nguest followed the host's first play in ${fmt(startedIn)} ms`);
    console.log("|guest − host| drift");
    line("steady playback (outside resyncs)", steady);
    line("every sample (incl. seek instants)", all);
    console.log("time to resync after a host seek (within ±" + opts.tolerance + " ms for 3 samples)");
    for (const s of seeks) console.log(`  seek at ${fmt(s.elapsed)} s to ${fmt(s.target)} s: ${s.resyncMs === null ? "did not resync" : `${fmt(s.resyncMs)} ms`}`);
    const resyncs = seeks.map((s) => s.resyncMs).filter((v) => v !== null).sort((a, b) => a - b);
    if (resyncs.length) console.log(`  median ${fmt(quantile(resyncs, 0.5))} ms, max ${fmt(resyncs.at(-1))} ms`);
    console.log(`load average after: ${loadAverage()}`);

    const out = opts.out || path.join(RESULTS, `watch-room-drift-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
    writeFileSync(out, JSON.stringify({ opts, startedInMs: startedIn, seeks, samples }, null, 1));
    console.log(`raw samples: ${path.relative(ROOT, out)}`);
  } finally {
    await browser.close().catch(() => {});
    await app.stop();
    await standIns.close();
  }
}

main().then(
  () => process.exit(0),
  async (error) => {
    console.error(error);
    await killAll();
    process.exit(1);
  },
);
