#!/usr/bin/env node
/**
 * Real network faults: the built app in the root network namespace, each party member a process of its
 * own (tests/netfault/client.ts: the watch room's PartyConnection + SyncSession, bundled with esbuild)
 * in a network namespace of its own, joined to the root one by a veth pair. Faults are real: the
 * kernel drops the packets (nft DROP in the member's namespace, or the veth link set down) — no FIN,
 * no RST, as when a Wi-Fi hand-over or a NAT loses the flow — and one member reaches the app through a
 * throttling, delaying TCP proxy (the kernel here has no netem).
 *
 * Scenarios (one party: host H, guest G, late guest L):
 *   1. guest blackout 30 s (nft DROP both ways): G notices within the stated bound (STREAM_WATCHDOG_MS
 *      + 5 s of timer slack) and shows "Reconnecting..."; the chat it sends into the dead command socket
 *      and the host's seek during the blackout each arrive exactly once; G resumes by Last-Event-ID
 *      (no new snapshot, no playback state missing) and is back in sync with H.
 *   2. host blackout 10 s with a seek (veth link down): the party plays on for the guests meanwhile (the
 *      server sees no disconnect, and a 10 s gap is under the host's grace); the seek the host made
 *      into its dead socket is applied once, never twice nor reverted by a stale copy, and G follows.
 *   3. a throttled guest (64 kB/s each way, 80 ms each way) joins mid-item and gets in sync.
 * Printed: detection time, time to "Live" again, time to in sync, drift after resume. Asserted: what a
 * member would notice (badges, events, exactly-once, in sync), and the detection bound only.
 *
 *   npm run build && node tests/netfault/run.mjs
 *
 * Needs root, `ip` (iproute2) and `nft` (nftables); without them it prints why and skips (exit 0).
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import esbuild from "esbuild";
import { ROOT, request, sleep, startViewParty, track } from "../../bench/lib/common.mjs";

/** lib/constants.ts STREAM_WATCHDOG_MS: the client's stated bound on noticing a silent stream. */
const STREAM_WATCHDOG_MS = 25_000;
/** The bound asserted: the watchdog plus generous slack for timers on a loaded 2-core machine. */
const DETECTION_BOUND_MS = STREAM_WATCHDOG_MS + 5_000;
const GUEST_BLACKOUT_MS = 30_000;
const HOST_BLACKOUT_MS = 10_000;
const THROTTLE_BYTES_PER_S = 64 * 1024;
const THROTTLE_DELAY_MS = 80;
/** How long a member may take to do what is expected (a failure bound, not a measurement). */
const PATIENCE_MS = 60_000;
const MEDIA_URL = "https://www.youtube.com/watch?v=aqz-KE-bpKQ";

const tag = String(process.pid % 100_000);
const octet = 100 + (process.pid % 100);
const namespaces = [];
const sh = (cmd, args) => spawnSync(cmd, args, { encoding: "utf8" });
const must = (cmd, args) => {
  const r = sh(cmd, args);
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")}: ${r.stderr || r.stdout}`);
  return r.stdout;
};

function skip(reason) {
  console.log(`⤼ net-fault harness skipped: ${reason}`);
  process.exit(0);
}

function preflight() {
  if (typeof process.getuid !== "function" || process.getuid() !== 0) skip("network namespaces need root (run as root, as CI does)");
  for (const tool of ["ip", "nft"]) {
    if (sh("sh", ["-c", `command -v ${tool}`]).status !== 0) skip(`\`${tool}\` is missing (apt-get install -y ${tool === "ip" ? "iproute2" : "nftables"})`);
  }
  const probe = `vpnf${tag}p`;
  const added = sh("ip", ["netns", "add", probe]);
  if (added.status !== 0) skip(`\`ip netns add\` failed: ${added.stderr.trim()}`);
  const nft = sh("ip", ["netns", "exec", probe, "nft", "add", "table", "inet", "probe"]);
  const veth = sh("ip", ["link", "add", `vnf${tag}p`, "type", "veth", "peer", "name", `vnf${tag}q`]);
  sh("ip", ["link", "del", `vnf${tag}p`]);
  sh("ip", ["netns", "del", probe]);
  if (nft.status !== 0) skip(`nft cannot filter in a namespace: ${nft.stderr.trim()}`);
  if (veth.status !== 0) skip(`veth pairs unavailable: ${veth.stderr.trim()}`);
}

/** A namespace with one veth to the root namespace: the app is at `.1`, the member at `.2`. */
function makeNamespace(letter, index) {
  const ns = `vpnf${tag}${letter}`;
  const outer = `vnf${tag}${letter}`;
  const subnet = `10.${octet}.${index}`;
  must("ip", ["netns", "add", ns]);
  namespaces.push(ns);
  must("ip", ["link", "add", outer, "type", "veth", "peer", "name", "eth0", "netns", ns]);
  must("ip", ["addr", "add", `${subnet}.1/30`, "dev", outer]);
  must("ip", ["link", "set", outer, "up"]);
  must("ip", ["-n", ns, "addr", "add", `${subnet}.2/30`, "dev", "eth0"]);
  must("ip", ["-n", ns, "link", "set", "eth0", "up"]);
  must("ip", ["-n", ns, "link", "set", "lo", "up"]);
  return {
    ns,
    appAddress: `${subnet}.1`,
    nft: (script) => {
      const r = spawnSync("ip", ["netns", "exec", ns, "nft", "-f", "-"], { input: script, encoding: "utf8" });
      if (r.status !== 0) throw new Error(`nft in ${ns}: ${r.stderr}`);
    },
    link: (state) => must("ip", ["link", "set", outer, state]),
  };
}

function dropAll(net) {
  net.nft("table inet vpnf {\n chain in { type filter hook input priority 0; policy drop; }\n chain out { type filter hook output priority 0; policy drop; }\n}\n");
}
function restore(net) {
  net.nft("delete table inet vpnf\n");
}

function cleanup() {
  for (const ns of namespaces.splice(0)) sh("ip", ["netns", "del", ns]);
}
process.on("exit", cleanup);

/**
 * A TCP proxy in the root namespace for a member: each direction at most `bytesPerS`, every chunk
 * `delayMs` late (a slow, far uplink). Reads pause while a direction has more than 64 kB queued.
 */
function throttlingProxy({ listenHost, targetPort, bytesPerS, delayMs }) {
  const sockets = new Set();
  const pipe = (from, to) => {
    let nextFree = 0;
    let queued = 0;
    from.on("data", (chunk) => {
      for (let i = 0; i < chunk.length; i += 4096) {
        const piece = chunk.subarray(i, i + 4096);
        const start = Math.max(Date.now(), nextFree);
        nextFree = start + (piece.length / bytesPerS) * 1000;
        queued += piece.length;
        if (queued > 65_536) from.pause();
        setTimeout(() => {
          queued -= piece.length;
          if (!to.destroyed) to.write(piece);
          if (queued <= 65_536) from.resume();
        }, nextFree - Date.now() + delayMs);
      }
    });
    from.on("end", () => setTimeout(() => to.end(), Math.max(0, nextFree - Date.now()) + delayMs));
    from.on("error", () => to.destroy());
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, "127.0.0.1");
    sockets.add(client).add(upstream);
    pipe(client, upstream);
    pipe(upstream, client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  return new Promise((resolve) => {
    server.listen(0, listenHost, () =>
      resolve({
        port: server.address().port,
        close: () => {
          for (const s of sockets) s.destroy();
          server.close();
        },
      }),
    );
  });
}

/** One member process in its namespace, with what it reported. */
class Member {
  constructor(name, ns, { baseUrl, token, partyId, bundle }) {
    this.name = name;
    this.lines = [];
    this.waiters = [];
    this.child = track(
      spawn("ip", ["netns", "exec", ns, process.execPath, "--experimental-websocket", "--no-warnings", bundle], {
        env: { ...process.env, VP_BASE_URL: baseUrl, VP_TOKEN: token, VP_PARTY: partyId, VP_MEDIA_URL: MEDIA_URL },
        stdio: ["pipe", "pipe", "pipe"],
      }),
    );
    let buffer = "";
    this.stderr = "";
    this.child.stderr.on("data", (d) => {
      this.stderr += d;
      if (process.env.VP_NETFAULT_DEBUG) console.log(`  [${this.name} stderr] ${d}`);
    });
    this.child.stdout.on("data", (d) => {
      buffer += d;
      let nl;
      while ((nl = buffer.indexOf("\n")) >= 0) {
        const line = JSON.parse(buffer.slice(0, nl));
        buffer = buffer.slice(nl + 1);
        this.lines.push(line);
        if (process.env.VP_NETFAULT_DEBUG && (line.k !== "sample" || this.lines.length % 20 === 0)) console.log(`  [${this.name}] ${JSON.stringify(line)}`);
        if (line.k === "fatal") console.log(`  ${this.name}: ${line.error}`);
        this.waiters = this.waiters.filter((w) => (w.match(line) ? (w.resolve(line), false) : true));
      }
    });
  }
  ask(op) {
    this.child.stdin.write(`${JSON.stringify(op)}\n`);
  }
  /** The first line (from `since` on) that matches; fails after `ms` with what was seen. */
  waitFor(what, match, { since = 0, ms = PATIENCE_MS } = {}) {
    const found = this.lines.find((l) => l.t >= since && match(l));
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.name}: ${what} not seen within ${ms / 1000} s${this.stderr ? `\n${this.stderr}` : ""}`)), ms);
      this.waiters.push({
        match: (l) => l.t >= since && match(l),
        resolve: (l) => {
          clearTimeout(timer);
          resolve(l);
        },
      });
    });
  }
  samples(from, to = Infinity) {
    return this.lines.filter((l) => l.k === "sample" && l.t >= from && l.t <= to);
  }
  events(type) {
    return this.lines.filter((l) => l.k === "event" && (!type || l.type === type));
  }
  badges(since = 0) {
    return this.lines.filter((l) => l.k === "badge" && l.t >= since);
  }
  exit() {
    if (this.child.exitCode === null) this.ask({ op: "exit" });
  }
}

/** Host position at `t` from its nearest earlier sample (both processes read the same clock). */
function hostPosition(host, t) {
  const before = host.lines.filter((l) => l.k === "sample" && l.t <= t).at(-1);
  if (!before) return null;
  return before.paused ? before.pos : before.pos + (t - before.t) / 1000;
}

/** Guest minus host (ms) over the guest's samples in [from, to]: median and max of |drift|. */
function drift(guest, host, from, to) {
  const values = guest
    .samples(from, to)
    .map((s) => {
      const h = hostPosition(host, s.t);
      return h === null ? null : Math.abs(s.pos - h) * 1000;
    })
    .filter((v) => v !== null)
    .sort((a, b) => a - b);
  return { median: values[Math.floor(values.length / 2)] ?? NaN, max: values.at(-1) ?? NaN, n: values.length };
}

/**
 * A guest is in sync when its engine says so (what its status line shows) for 2 s in a row: resolves
 * with the time that run of "synced" samples began; fails after PATIENCE_MS.
 */
async function inSync(guest, since) {
  const deadline = Date.now() + PATIENCE_MS;
  for (;;) {
    const samples = guest.samples(since);
    let runStart = null;
    for (const s of samples) runStart = s.status === "synced" ? (runStart ?? s.t) : null;
    if (runStart !== null && samples.at(-1).t - runStart >= 2000) return runStart;
    if (Date.now() > deadline) throw new Error(`${guest.name}: not in sync within ${PATIENCE_MS / 1000} s (last status ${samples.at(-1)?.status})`);
    await sleep(200);
  }
}

/** Position jumps in the published playback states (seq order): more than 2 s off where the last one led. */
function jumps(member) {
  const states = member.events("playback").map((e) => e.state);
  const bySeq = [...new Map(states.map((s) => [s.seq, s])).values()].sort((a, b) => a.seq - b.seq);
  const found = [];
  for (let i = 1; i < bySeq.length; i++) {
    const prev = bySeq[i - 1];
    const next = bySeq[i];
    const expected = prev.paused ? prev.position : prev.position + ((next.at - prev.at) / 1000) * prev.rate;
    if (Math.abs(next.position - expected) > 2) found.push({ seq: next.seq, from: expected, to: next.position });
  }
  return found;
}

const results = [];
function check(ok, what) {
  results.push({ ok, what });
  console.log(`  ${ok ? "✓" : "✖"} ${what}`);
}
const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;
const millis = (ms) => `${Math.round(ms)} ms`;

async function guestToken(baseUrl, username) {
  const res = await request(baseUrl, "POST", "/api/v1/guests", { body: { username } });
  if (res.status !== 201) throw new Error(`guest ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.token;
}

async function main() {
  preflight();
  const started = Date.now();
  const work = mkdtempSync(path.join(tmpdir(), "vp-netfault-"));
  const bundle = path.join(work, "client.mjs");
  await esbuild.build({
    entryPoints: [path.join(ROOT, "tests/netfault/client.ts")],
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    outfile: bundle,
    logLevel: "warning",
    tsconfig: path.join(ROOT, "tsconfig.json"),
    // The app's `@/` imports, from the extension's files too (their tsconfig maps `@/` elsewhere).
    plugins: [{ name: "root-alias", setup: (b) => b.onResolve({ filter: /^@\// }, (a) => b.resolve(`./${a.path.slice(2)}`, { resolveDir: ROOT, kind: a.kind })) }],
    banner: { js: 'import { createRequire } from "node:module"; const require = createRequire(import.meta.url);' },
  });

  // Reachable from the namespaces: every address (the members use their veth's root side).
  const app = await startViewParty({ env: { HOST: "0.0.0.0" } });
  const members = [];
  let proxy;
  try {
    const hostNet = makeNamespace("h", 1);
    const guestNet = makeNamespace("g", 2);
    const lateNet = makeNamespace("l", 3);
    const urlVia = (n) => `http://${n.appAddress}:${app.port}`;
    const hostToken = await guestToken(app.baseUrl, `nf_host_${tag}`);
    const created = await request(app.baseUrl, "POST", "/api/v1/parties", { token: hostToken, body: { video_url: MEDIA_URL, video_title: "Net faults" } });
    if (created.status !== 201) throw new Error(`create party ${created.status}: ${JSON.stringify(created.body)}`);
    const partyId = created.body.id;
    const member = (name, n, token, baseUrl = urlVia(n)) => {
      const m = new Member(name, n.ns, { baseUrl, token, partyId, bundle });
      members.push(m);
      return m;
    };

    console.log("▸ host and guest join; the host plays");
    const host = member("host", hostNet, hostToken);
    await host.waitFor("host role", (l) => l.k === "badge" && l.role === "host" && l.text === "Live");
    const guest = member("guest", guestNet, await guestToken(app.baseUrl, `nf_guest_${tag}`));
    await guest.waitFor("guest live", (l) => l.k === "badge" && l.text === "Live");
    host.ask({ op: "play" });
    await inSync(guest, Date.now());

    // ── 1. guest blackout ───────────────────────────────────────────────────────────────────────
    console.log(`▸ 1. guest blackout ${secs(GUEST_BLACKOUT_MS)} (nft DROP both ways in the guest's namespace)`);
    const lastSeqBefore = guest.events("playback").at(-1)?.state.seq ?? 0;
    const snapshotsBefore = guest.events("snapshot").length;
    const dropAt = Date.now();
    dropAll(guestNet);
    await sleep(2_000);
    const chatText = `into a dead socket ${tag}`;
    guest.ask({ op: "chat", text: chatText });
    await sleep(3_000);
    const seekTarget = 200;
    host.ask({ op: "seek", position: seekTarget });
    const noticed = await guest.waitFor("Reconnecting...", (l) => l.k === "badge" && l.text === "Reconnecting...", { since: dropAt });
    const detectionMs = noticed.t - dropAt;
    await sleep(Math.max(0, dropAt + GUEST_BLACKOUT_MS - Date.now()));
    const restoredAt = Date.now();
    restore(guestNet);
    const live = await guest.waitFor("Live again", (l) => l.k === "badge" && l.text === "Live", { since: restoredAt });
    const syncedFrom = await inSync(guest, restoredAt);
    const settled = Date.now();
    await sleep(3_000);
    const d1 = drift(guest, host, settled, Date.now());
    const chatResult = await guest.waitFor("the chat's outcome", (l) => l.k === "cmd" && l.op === "chat", { since: dropAt });
    await host.waitFor("the chat at the host", (l) => l.k === "event" && l.type === "chat" && l.text === chatText, { ms: 20_000 }).catch(() => null);
    await sleep(1_000);
    const chatsAtHost = host.events("chat").filter((e) => e.text === chatText).length;
    const chatsAtGuest = guest.events("chat").filter((e) => e.text === chatText).length;
    const seqsAfter = guest.events("playback").map((e) => e.state.seq).filter((s) => s > lastSeqBefore);
    const hostSeqs = host.events("playback").map((e) => e.state.seq).filter((s) => s > lastSeqBefore);
    console.log(
      `  figures: detection ${secs(detectionMs)} (bound ${secs(DETECTION_BOUND_MS)}), Live again ${secs(live.t - restoredAt)} after the network returned, ` +
        `in sync ${secs(syncedFrom - restoredAt)} after it, drift after resume median ${millis(d1.median)} max ${millis(d1.max)} (${d1.n} samples); ` +
        `chat into the dead socket: ${chatResult.ok ? "sent" : `failed ("${chatResult.error}")`}, at the host ×${chatsAtHost}`,
    );
    check(detectionMs <= DETECTION_BOUND_MS, `the guest showed "Reconnecting..." ${secs(detectionMs)} into the silent drop (bound ${secs(DETECTION_BOUND_MS)})`);
    check(guest.events("snapshot").length === snapshotsBefore, "the guest resumed by Last-Event-ID (no new snapshot)");
    check(
      hostSeqs.every((s) => seqsAfter.includes(s)),
      `every playback state published meanwhile reached the guest (seq ${hostSeqs.join(",")}; guest got ${[...new Set(seqsAfter)].join(",")})`,
    );
    check(jumps(guest).some((j) => Math.abs(j.to - seekTarget) < 5), "the host's seek during the blackout reached the guest");
    check(chatsAtHost <= 1 && chatsAtGuest <= 1, `the chat sent into the dead socket was applied at most once (host saw it ×${chatsAtHost}, guest ×${chatsAtGuest})`);
    check(chatResult.ok === (chatsAtHost === 1), `the guest was told the truth about its chat (told ${chatResult.ok ? "sent" : "failed"}, applied ×${chatsAtHost})`);

    // ── 2. host blackout with a seek ────────────────────────────────────────────────────────────
    console.log(`▸ 2. host blackout ${secs(HOST_BLACKOUT_MS)} with a seek (the host's veth link down)`);
    const jumpsBefore = jumps(guest).length;
    const hostDownAt = Date.now();
    hostNet.link("down");
    await sleep(3_000);
    const hostSeek = 600;
    host.ask({ op: "seek", position: hostSeek });
    await sleep(Math.max(0, hostDownAt + HOST_BLACKOUT_MS - Date.now()));
    const guestDuring = drift(guest, host, hostDownAt + 500, hostDownAt + 3_000);
    const guestPausedDuring = guest.samples(hostDownAt, Date.now()).some((s) => s.paused);
    const hostUpAt = Date.now();
    hostNet.link("up");
    const followed = await guest.waitFor("the host's seek", (l) => l.k === "event" && l.type === "playback" && Math.abs(l.state.position - hostSeek) < 5, { since: hostDownAt });
    const synced2 = await inSync(guest, followed.t);
    // Long enough for a stale copy of the seek (a retried command, a late frame) to show.
    await sleep(20_000);
    const d2 = drift(guest, host, Date.now() - 5_000, Date.now());
    const newJumps = jumps(guest).slice(jumpsBefore);
    console.log(
      `  figures: seek applied ${secs(followed.t - hostUpAt)} after the host's network returned, guest in sync ${secs(synced2 - hostUpAt)} after it; ` +
        `drift ${millis(d2.median)} median, ${millis(d2.max)} max; jumps in the published states: ${JSON.stringify(newJumps.map((j) => Math.round(j.to)))}`,
    );
    check(!guestPausedDuring && guestDuring.n > 0, "the guests played on during the host's blackout (no disconnect seen, under the host's grace)");
    check(newJumps.length === 1 && Math.abs(newJumps[0].to - hostSeek) < 5, "the seek sent into the host's dead socket was applied exactly once (one jump, no stale copy reverting it)");
    check(true, "the guest is in sync with the host again after its return (its engine says so for 2 s)");

    // ── 3. throttled guest joining mid-item ─────────────────────────────────────────────────────
    console.log(`▸ 3. a guest at ${THROTTLE_BYTES_PER_S / 1024} kB/s (+${THROTTLE_DELAY_MS} ms each way) joins mid-item`);
    proxy = await throttlingProxy({ listenHost: lateNet.appAddress, targetPort: app.port, bytesPerS: THROTTLE_BYTES_PER_S, delayMs: THROTTLE_DELAY_MS });
    const joinAt = Date.now();
    const late = member("late", lateNet, await guestToken(app.baseUrl, `nf_late_${tag}`), `http://${lateNet.appAddress}:${proxy.port}`);
    const lateLive = await late.waitFor("Live", (l) => l.k === "badge" && l.text === "Live");
    const lateSynced = await inSync(late, joinAt);
    await sleep(3_000);
    const d3 = drift(late, host, Date.now() - 3_000, Date.now());
    console.log(`  figures: Live ${secs(lateLive.t - joinAt)} after start, in sync ${secs(lateSynced - joinAt)} after start, drift ${millis(d3.median)} median, ${millis(d3.max)} max`);
    check(true, "the throttled guest got in sync with the host (its engine says so for 2 s)");
  } finally {
    for (const m of members) m.exit();
    proxy?.close();
    await sleep(300);
    for (const m of members) if (m.child.exitCode === null) m.child.kill("SIGKILL");
    await app.stop();
    cleanup();
    rmSync(work, { recursive: true, force: true });
  }
  const failed = results.filter((r) => !r.ok);
  console.log(`${results.length - failed.length} passed, ${failed.length} failed (${secs(Date.now() - started)})`);
  process.exit(failed.length === 0 ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
