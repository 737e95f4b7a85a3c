#!/usr/bin/env node
/**
 * Sync drift in real Chromium: two Chromium instances with the built extension (host and guest), a
 * local `<video>` served with HTTP Range, the built app (scripts/server.mjs on a free port, fresh
 * data dir). The host starts a party from the popup, the guest joins by invite code; the host plays
 * for `--duration` seconds with seeks to random positions at `--seeks` (seconds into the run).
 * Every `--sample` ms both players' `currentTime` is read together with the page's wall clock
 * (performance.timeOrigin + performance.now(): same machine, same clock), and the guest's drift is
 * its position minus the host's at the same instant.
 *
 * Printed: drift p50 / p95 / max (absolute, ms) in steady playback (outside the resync windows) and
 * over every sample; for each seek, the time from the host's seek landing until the guest is within
 * `--tolerance` ms for 3 samples in a row; the clock estimates' error bounds (read from the overlay's
 * diagnostics attribute). Raw samples go to bench/results/ (git-ignored). On a loaded 2-core box the
 * figures move a lot with the load average (printed before and after): compare runs with that in mind.
 *
 *   npm run build && node bench/sync-drift.mjs [--duration 60] [--seeks 12,27,42] [--sample 100]
 *                                             [--tolerance 50] [--seed 7] [--out file.json]
 *                                             [--cpu-throttle 4] [--busy 2]
 *
 * `--cpu-throttle N` slows both players' pages N× through the DevTools protocol
 * (Emulation.setCPUThrottlingRate); `--busy N` keeps N extra processes spinning for the whole run
 * (both cores of a 2-core box busy): a slow laptop, a streamer's machine.
 *
 * Needs ffmpeg (apt) and Debian's Chromium. Prints figures; asserts nothing; stops what it started.
 */
import { spawn, spawnSync } from "node:child_process";
import { createReadStream, existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { fmt, killAll, loadAverage, parseArgs, quantile, ROOT, sleep, startViewParty } from "./lib/common.mjs";

const opts = parseArgs({ duration: 60, seeks: "12,27,42", sample: 100, tolerance: 50, seed: 7, out: "", cpuThrottle: 1, busy: 0 });
const RESULTS = path.join(ROOT, "bench", "results");
const CLIP_SECONDS = 180;
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update",
  "--disable-sync", "--no-first-run", "--disable-quic", "--autoplay-policy=no-user-gesture-required"];

/** The spinning processes of `--busy`, stopped at the end. */
const busy = [];

function rng(seed) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

function makeClip() {
  const clip = path.join(RESULTS, `clip-${CLIP_SECONDS}s.mp4`);
  if (existsSync(clip)) return clip;
  const r = spawnSync("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", `testsrc=duration=${CLIP_SECONDS}:size=320x240:rate=30`,
    "-pix_fmt", "yuv420p", "-g", "15", "-movflags", "+faststart", clip], { stdio: "inherit" });
  if (r.status !== 0) throw new Error("ffmpeg failed (apt-get install -y ffmpeg)");
  return clip;
}

function buildExtension(serverUrl) {
  const out = path.join(RESULTS, "sync-drift-ext");
  const r = spawnSync(path.join(ROOT, "node_modules/.bin/wxt"), ["build", "extension", "-b", "chrome"], {
    cwd: ROOT, stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, VP_EXTENSION_SERVER_URL: serverUrl, VP_EXTENSION_OUT_DIR: out },
  });
  if (r.status !== 0) throw new Error("wxt build failed");
  return path.join(out, "chrome-mv3");
}

function startVideoServer(clip) {
  const page = `<!doctype html><title>Drift clip</title><style>body{margin:0;background:#000}video{width:640px;height:360px}</style>
<video src="/clip.mp4" muted playsinline preload="auto"></video>`;
  const server = createServer((req, res) => {
    if (req.url === "/watch.html") return res.writeHead(200, { "Content-Type": "text/html" }).end(page);
    if (req.url !== "/clip.mp4") return res.writeHead(404).end();
    const size = statSync(clip).size;
    const m = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? "");
    const start = m?.[1] ? Number(m[1]) : 0;
    const end = m?.[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
    res.writeHead(m ? 206 : 200, { "Content-Type": "video/mp4", "Accept-Ranges": "bytes", "Content-Length": end - start + 1,
      ...(m ? { "Content-Range": `bytes ${start}-${end}/${size}` } : {}) });
    createReadStream(clip, { start, end }).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({ server, origin: `http://127.0.0.1:${server.address().port}` })));
}

async function launch(extension) {
  const context = await chromium.launchPersistentContext("", {
    executablePath: CHROMIUM, headless: true, viewport: { width: 1280, height: 800 },
    args: [...ARGS, `--disable-extensions-except=${extension}`, `--load-extension=${extension}`],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
  return { context, worker, id: new URL(worker.url()).host };
}

async function popupFor(b, tabId) {
  const popup = await b.context.newPage();
  await popup.goto(`chrome-extension://${b.id}/popup.html${tabId ? `?tab=${tabId}` : ""}`);
  return popup;
}

async function signInAsGuest(b, name) {
  const popup = await popupFor(b);
  await popup.getByLabel("Guest username").fill(name);
  await popup.getByRole("button", { name: "Continue as guest" }).click();
  await popup.locator('[data-vp="session"]').getByText(`${name} (guest)`).waitFor();
  await popup.close();
}

const read = (page) =>
  page.evaluate(() => {
    const v = document.querySelector("video");
    const clock = document.querySelector("viewparty-overlay")?.dataset.vpClock;
    return { t: v.currentTime, paused: v.paused, rate: v.playbackRate, at: performance.timeOrigin + performance.now(), clock: clock ? JSON.parse(clock) : null };
  });

async function main() {
  mkdirSync(RESULTS, { recursive: true });
  const seekTimes = opts.seeks.split(",").filter(Boolean).map(Number).filter((s) => s > 0 && s < opts.duration);
  const random = rng(opts.seed);
  console.log(`sync-drift: ${opts.duration} s of playback, seeks at ${seekTimes.join(", ") || "none"} s, sample every ${opts.sample} ms, ` +
    `${os.cpus().length} cores, load ${loadAverage()}`);

  const app = await startViewParty();
  const clip = makeClip();
  const extension = buildExtension(app.baseUrl);
  const video = await startVideoServer(clip);
  const host = await launch(extension);
  const guest = await launch(extension);
  try {
    await signInAsGuest(host, "Drift Host");
    await signInAsGuest(guest, "Drift Guest");

    const hostPage = await host.context.newPage();
    await hostPage.goto(`${video.origin}/watch.html`);
    await hostPage.waitForFunction(() => document.querySelector("video").readyState >= 3);
    const tabId = await host.worker.evaluate(async (url) => (await chrome.tabs.query({})).find((t) => t.url === url)?.id, `${video.origin}/watch.html`);
    const popup = await popupFor(host, tabId);
    await popup.getByRole("button", { name: "Start a party" }).click();
    const code = (await popup.locator('[data-vp="invite-code"]').textContent({ timeout: 20_000 })).trim();
    await popup.close();
    await hostPage.bringToFront();

    const guestPopup = await popupFor(guest);
    const [guestPage] = await Promise.all([
      guest.context.waitForEvent("page"),
      (async () => {
        await guestPopup.getByLabel("Invite code").fill(code);
        await guestPopup.getByRole("button", { name: "Join" }).click();
      })(),
    ]);
    await guestPage.waitForFunction(() => document.querySelector("video")?.readyState >= 3, null, { timeout: 30_000 });
    await guestPopup.close();
    await guestPage.bringToFront();
    await guestPage.locator('viewparty-overlay [data-vp="host"]').getByText("Host: Drift Host").waitFor({ timeout: 20_000 });
    if (opts.cpuThrottle > 1) {
      for (const [page, context] of [[hostPage, host.context], [guestPage, guest.context]]) {
        const cdp = await context.newCDPSession(page);
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: opts.cpuThrottle });
      }
    }
    for (let i = 0; i < opts.busy; i++) {
      busy.push(spawn(process.execPath, ["-e", "for(;;){}"], { stdio: "ignore" }));
    }
    if (opts.cpuThrottle > 1 || opts.busy > 0) console.log(`pages CPU-throttled ${opts.cpuThrottle}×, ${opts.busy} busy processes; load ${loadAverage()}`);

    const drift = async () => {
      const [h, g] = await Promise.all([read(hostPage), read(guestPage)]);
      const hostAt = h.paused ? h.t : h.t + ((g.at - h.at) / 1000) * h.rate;
      return { at: g.at, host: h.t, guest: g.t, guestPaused: g.paused, driftMs: (g.t - hostAt) * 1000, hostClock: h.clock, guestClock: g.clock };
    };

    // Start: the host plays; wait for the guest to follow before measuring.
    await hostPage.evaluate(() => document.querySelector("video").play());
    const joinStart = performance.timeOrigin + performance.now();
    for (;;) {
      const d = await drift();
      if (!d.guestPaused && d.host > 0.3 && Math.abs(d.driftMs) <= opts.tolerance) break;
      if (d.at - joinStart > 20_000) {
        // Measured anyway (a start that never settles is a figure too), with what the clocks said.
        console.log(`the guest did not follow the host's play within 20 s (drift ${fmt(d.driftMs)} ms; clocks host ${JSON.stringify(d.hostClock)} guest ${JSON.stringify(d.guestClock)})`);
        break;
      }
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
        const landedAt = await hostPage.evaluate(
          (to) =>
            new Promise((resolve) => {
              const v = document.querySelector("video");
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

    // Resync after each seek: first of 3 consecutive samples within tolerance.
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
    const clockErrors = samples.flatMap((s) => [s.hostClock?.errorMs, s.guestClock?.errorMs]).filter(Number.isFinite).sort((a, b) => a - b);
    if (clockErrors.length) console.log(`clock estimate error bound (host and guest): p50 ${fmt(quantile(clockErrors, 0.5))} ms, max ${fmt(clockErrors.at(-1))} ms`);
    console.log(`load average after: ${loadAverage()}`);

    const out = opts.out || path.join(RESULTS, `sync-drift-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
    writeFileSync(out, JSON.stringify({ opts, startedInMs: startedIn, seeks, samples }, null, 1));
    console.log(`raw samples: ${path.relative(ROOT, out)}`);
  } finally {
    for (const child of busy) child.kill();
    await host.context.close().catch(() => {});
    await guest.context.close().catch(() => {});
    video.server.close();
    await app.stop();
  }
}

main().then(
  () => process.exit(0),
  async (error) => {
    console.error(error);
    await killAll?.();
    process.exit(1);
  },
);
