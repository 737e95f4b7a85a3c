#!/usr/bin/env node
/**
 * What voice costs each member of a party's mesh (issue 33): the built app, the local YouTube IFrame
 * API stand-in (tests/support/stand-ins), and one headless Chromium with fake media devices
 * (`--use-fake-device-for-media-stream --use-fake-ui-for-media-stream`: a tone for the microphone, a
 * test pattern for the camera; no network). N members (one browser context each, so each is its own
 * renderer process) open the party's watch room and press "Join voice"; with `--camera` each then turns
 * its camera on (the room asks 640×360). Once every member has an inbound audio stream from every other
 * (2, 4, 6, 8 members: 1 to 7 peer connections each), the run waits `--settle` seconds, then measures
 * `--window` seconds:
 *
 * - up / down kbit/s per member: the bytes its peer connections sent and received in the window
 *   (RTCPeerConnection.getStats, outbound-rtp and inbound-rtp), averaged over members;
 * - renderer CPU per member: the CPU time of the browser's renderer processes in the window (CDP
 *   SystemInfo.getProcessInfo), divided by the members; "all CPU" adds the browser's other processes
 *   (audio service, network, GPU), which every member's page shares here.
 *
 * Each member's peer connections are found by wrapping RTCPeerConnection in an init script (the bench's
 * instrument; the product exposes nothing for it). Every member runs on this one machine, so CPU at 8
 * members with cameras is eight browsers' encoders and decoders on two cores: the per-member figure
 * is an upper bound of what one member's own machine would spend.
 *
 *   npm run build && node bench/voice-mesh.mjs [--members 2,4,6,8] [--camera both|off|on]
 *                                             [--settle 5] [--window 10] [--out file.json]
 *
 * Needs Debian's Chromium. Prints figures; asserts nothing; stops what it started.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { startPlayerStandIns } from "../tests/support/stand-ins/server.mjs";
import { fmt, killAll, loadAverage, parseArgs, printTable, request, ROOT, sleep, startViewParty } from "./lib/common.mjs";

const opts = parseArgs({ members: "2,4,6,8", camera: "both", settle: 5, window: 10, out: "" });
const RESULTS = path.join(ROOT, "bench", "results");
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update",
  "--disable-sync", "--no-first-run", "--disable-quic", "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream",
  "--autoplay-policy=no-user-gesture-required"];
const VIDEO = 'video[data-stand-in="youtube"]';

/** Keeps every RTCPeerConnection the page makes on `window.__benchPeers` (this bench's instrument). */
function trackPeers() {
  const Native = window.RTCPeerConnection;
  const peers = [];
  Object.defineProperty(window, "__benchPeers", { value: peers });
  window.RTCPeerConnection = class extends Native {
    constructor(...args) {
      super(...args);
      peers.push(this);
    }
  };
}

async function guestToken(baseUrl, username) {
  const res = await request(baseUrl, "POST", "/api/v1/guests", { body: { username } });
  if (res.status !== 201) throw new Error(`guest sign-in failed: ${res.status}`);
  return res.body.token;
}

async function memberPage(browser, baseUrl, partyId, token) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, permissions: ["microphone", "camera"] });
  await context.addInitScript(trackPeers);
  await context.addInitScript((t) => {
    sessionStorage.setItem("vp:watch-guest", JSON.stringify({ token: t, expiresAt: new Date(Date.now() + 3_600_000).toISOString() }));
  }, token);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/watch/${partyId}`);
  await page.locator(VIDEO).waitFor({ timeout: 60_000 });
  return { context, page };
}

/** Bytes sent and received by the page's open peer connections, and how many peers it hears. */
function readStats(page) {
  return page.evaluate(async () => {
    let sent = 0;
    let received = 0;
    let hearing = 0;
    for (const peer of window.__benchPeers ?? []) {
      if (peer.connectionState === "closed") continue;
      const stats = await peer.getStats();
      let hears = false;
      stats.forEach((s) => {
        if (s.type === "outbound-rtp") sent += s.bytesSent ?? 0;
        if (s.type === "inbound-rtp") {
          received += s.bytesReceived ?? 0;
          if (s.kind === "audio" && (s.packetsReceived ?? 0) > 0) hears = true;
        }
      });
      if (hears) hearing += 1;
    }
    return { sent, received, hearing, at: performance.timeOrigin + performance.now() };
  });
}

/** CPU seconds of the browser's processes, renderers apart. */
async function browserCpu(cdp) {
  const { processInfo } = await cdp.send("SystemInfo.getProcessInfo");
  let renderer = 0;
  let all = 0;
  for (const p of processInfo) {
    all += p.cpuTime;
    if (p.type === "renderer") renderer += p.cpuTime;
  }
  return { renderer, all };
}

async function measure(browser, baseUrl, members, camera) {
  const hostToken = await guestToken(baseUrl, "Voice Host");
  const created = await request(baseUrl, "POST", "/api/v1/parties", {
    token: hostToken,
    body: { video_url: "https://www.youtube.com/watch?v=benchClip01", video_title: "Voice bench", visibility: "private" },
  });
  if (created.status !== 201) throw new Error(`party creation failed: ${created.status} ${JSON.stringify(created.body)}`);
  const partyId = created.body.id;
  const pages = [await memberPage(browser, baseUrl, partyId, hostToken)];
  for (let i = 1; i < members; i++) {
    const token = await guestToken(baseUrl, `Voice Guest ${i}`);
    const joined = await request(baseUrl, "POST", `/api/v1/parties/${created.body.invite_code}/join`, { token });
    if (joined.status !== 200) throw new Error(`join failed: ${joined.status}`);
    pages.push(await memberPage(browser, baseUrl, partyId, token));
  }
  try {
    for (const { page } of pages) {
      await page.getByRole("button", { name: "Join voice" }).click({ timeout: 30_000 });
      if (camera) await page.getByRole("button", { name: /camera/i }).first().click({ timeout: 30_000 });
    }
    // Every member hears every other.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const stats = await Promise.all(pages.map(({ page }) => readStats(page)));
      if (stats.every((s) => s.hearing >= members - 1)) break;
      if (Date.now() > deadline) throw new Error(`the mesh did not connect within 60 s: hearing ${stats.map((s) => s.hearing).join(", ")} of ${members - 1}`);
      await sleep(500);
    }
    await sleep(opts.settle * 1000);
    const cdp = await browser.newBrowserCDPSession();
    const cpu0 = await browserCpu(cdp);
    const before = await Promise.all(pages.map(({ page }) => readStats(page)));
    await sleep(opts.window * 1000);
    const cpu1 = await browserCpu(cdp);
    const after = await Promise.all(pages.map(({ page }) => readStats(page)));
    await cdp.detach();
    const seconds = opts.window;
    const up = after.map((a, i) => ((a.sent - before[i].sent) * 8) / 1000 / ((a.at - before[i].at) / 1000));
    const down = after.map((a, i) => ((a.received - before[i].received) * 8) / 1000 / ((a.at - before[i].at) / 1000));
    const mean = (xs) => xs.reduce((s, x) => s + x, 0) / xs.length;
    return {
      members,
      camera,
      upKbps: mean(up),
      downKbps: mean(down),
      rendererCpuPct: (((cpu1.renderer - cpu0.renderer) / seconds) * 100) / members,
      allCpuPct: (((cpu1.all - cpu0.all) / seconds) * 100) / members,
    };
  } finally {
    await Promise.all(pages.map(({ context }) => context.close().catch(() => {})));
  }
}

async function main() {
  mkdirSync(RESULTS, { recursive: true });
  const counts = opts.members.split(",").map(Number).filter((n) => n >= 2);
  const cameras = opts.camera === "both" ? [false, true] : [opts.camera === "on"];
  console.log(`voice-mesh: members ${counts.join(", ")}, camera ${cameras.map((c) => (c ? "on" : "off")).join("/")}, ` +
    `settle ${opts.settle} s, window ${opts.window} s, ${os.cpus().length} cores, load ${loadAverage()}`);
  const standIns = await startPlayerStandIns();
  const app = await startViewParty({ env: standIns.env });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
  const rows = [];
  try {
    for (const camera of cameras) {
      for (const members of counts) {
        // A mesh this machine cannot connect (every member's encoders and decoders on its cores) is a
        // row that says so; the other sizes are still measured.
        const row = await measure(browser, app.baseUrl, members, camera).catch((error) => ({ members, camera, error: error instanceof Error ? error.message : String(error) }));
        rows.push(row);
        if (row.error) console.log(`… ${members} members, camera ${camera ? "on" : "off"}: not measured: ${row.error} (load ${loadAverage()})`);
        else console.log(`… ${members} members, camera ${camera ? "on" : "off"}: up ${fmt(row.upKbps)} kbit/s, down ${fmt(row.downKbps)} kbit/s, ` +
          `renderer CPU ${fmt(row.rendererCpuPct)} % per member (load ${loadAverage()})`);
      }
    }
  } finally {
    await browser.close().catch(() => {});
    await standIns.close?.();
    killAll();
  }
  console.log("\nPer member, averaged over the members of one mesh (kbit/s; CPU in % of one core):");
  printTable(
    ["members", "camera", "up kbit/s", "down kbit/s", "renderer CPU %", "all CPU %", "note"],
    rows.map((r) =>
      r.error
        ? [r.members, r.camera ? "360p" : "off", "—", "—", "—", "—", r.error]
        : [r.members, r.camera ? "360p" : "off", fmt(r.upKbps), fmt(r.downKbps), fmt(r.rendererCpuPct), fmt(r.allCpuPct), ""],
    ),
  );
  const out = opts.out || path.join(RESULTS, `voice-mesh-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  writeFileSync(out, JSON.stringify({ at: new Date().toISOString(), cores: os.cpus().length, rows }, null, 2));
  console.log(`\nraw figures: ${path.relative(ROOT, out)}`);
}

main().catch((error) => {
  console.error(error);
  killAll();
  process.exit(1);
});
