#!/usr/bin/env node
/**
 * Crash benchmark: are acknowledged writes still there after the app is killed with SIGKILL?
 * Writers (accounts) hammer one live party and the database at once: chat messages, RSVPs to
 * scheduled parties and links added to their playlists; the host adds to the party's queue and
 * toggles the moderation state (mute of a bystander, lock, slow mode 0/1 s). At a random moment the
 * app is killed (no exit hook runs) and started again on the same data (embedded: the same data
 * directory; PostgreSQL + Redis: the same database and key prefix), and everything that was
 * answered 2xx is looked for:
 *   - chat: every acknowledged message of the cycle is in the snapshot (a cycle sends at most
 *     CHAT_HISTORY messages, so all of them fit in the snapshot's history);
 *   - moderation: the snapshot's state is the last acknowledged one (or the one in flight at the kill);
 *   - queue: every acknowledged link is queued;
 *   - RSVP: each scheduled party counts at least its acknowledged RSVPs;
 *   - playlists: each writer's playlist holds at least its acknowledged links.
 *
 *   npm run build && node bench/crash-writes.mjs [--setups embedded,postgres-redis] [--cycles 2]
 *                         [--writers 20] [--kill-after 6000] (ms of writing before the kill, ± 50 %)
 *
 * Prints one row per setup (acknowledged / lost per kind); asserts nothing. PostgreSQL + Redis needs
 * them on 127.0.0.1 (VP_BENCH_PG_URL, VP_BENCH_REDIS_URL to change): a fresh database and key prefix
 * are created and removed.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fakeAddress, freePort, killAll, parseArgs, printTable, request, sleep, stopChild, waitFor, setupEnv, startViewParty } from "./lib/common.mjs";

const opts = parseArgs({ setups: "embedded,postgres-redis", cycles: 2, writers: 20, killAfter: 6000 });
/** Chat messages a cycle sends at most (the snapshot's chat history, lib/sync/limits.ts CHAT_HISTORY). */
const CHAT_PER_CYCLE = 50;
const SCHEDULED_PARTIES = 10;
const FUTURE = new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString();

/**
 * Starts the app on `dataDir` and `port` (the same after every kill -9) with `env`. After a kill the
 * embedded database's lock goes stale first (up to 15 s), within the 180 s allowed.
 */
const startApp = (dataDir, port, env) =>
  startViewParty({ dataDir, port, readyTimeoutMs: 180_000, env: { VP_RESOLVE_SHORT_LINKS: "0", VP_HOST_GRACE_MS: "600000", VP_PARTY_END_AFTER_MS: "3600000", ...env } });

async function signUp(baseUrl, port, name, n) {
  const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: `http://localhost:${port}`, "X-Forwarded-For": fakeAddress(7, n) },
    body: JSON.stringify({ email: `${name}@example.test`, password: "crash-writes-password-1", name, username: name }),
  });
  const token = res.headers.get("set-auth-token");
  if (res.status !== 200 || !token) throw new Error(`sign-up ${name}: ${res.status} ${await res.text()}`);
  return token;
}

function ok(res, what, status = [200, 201]) {
  if (!status.includes(res.status)) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The party's snapshot, as a member's stream starts. */
async function snapshot(baseUrl, partyId, token) {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/v1/parties/${partyId}/events`, { headers: { Accept: "text/event-stream", Authorization: `Bearer ${token}` }, signal: controller.signal });
  if (res.status !== 200) throw new Error(`stream ${res.status}: ${await res.text()}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error("stream ended before its snapshot");
      text += decoder.decode(value, { stream: true });
      for (const frame of text.split("\n\n")) {
        const data = frame.split("\n").find((line) => line.startsWith("data: "));
        if (!data) continue;
        const event = JSON.parse(data.slice(6));
        if (event.type === "snapshot") return event;
      }
    }
  } finally {
    controller.abort();
  }
}

async function runSetup(setup) {
  const id = randomBytes(4).toString("hex");
  const dataDir = mkdtempSync(path.join(tmpdir(), "vp-crash-"));
  const port = await freePort();
  const { env, cleanup } = await setupEnv(setup, "vp_crash");
  const totals = { chat: [0, 0], moderation: [0, 0], queue: [0, 0], rsvp: [0, 0], playlist: [0, 0] };
  let app = await startApp(dataDir, port, env);
  try {
    const { baseUrl } = app;
    const host = await signUp(baseUrl, port, `crashhost${id}`, 0);
    const party = ok(await request(baseUrl, "POST", "/api/v1/parties", { token: host, body: { video_url: "https://www.netflix.com/watch/80100172", video_title: "Heat" } }), "party");
    const writers = [];
    for (let w = 0; w < opts.writers; w++) writers.push(await signUp(baseUrl, port, `crashw${w}x${id}`, w + 1));
    const bystander = await signUp(baseUrl, port, `crashby${id}`, opts.writers + 1);
    for (const token of [...writers, bystander]) ok(await request(baseUrl, "POST", `/api/v1/parties/${party.id}/join`, { token }), "join");
    const bystanderId = (await snapshot(baseUrl, party.id, bystander)).you.userId;
    const scheduled = [];
    for (let s = 0; s < SCHEDULED_PARTIES; s++) {
      scheduled.push(ok(await request(baseUrl, "POST", "/api/v1/scheduled-parties", { token: host, body: { title: `Crash ${s}`, date_time: FUTURE, show_movie: "Netflix" } }), "scheduled").id);
    }
    const playlists = [];
    for (const token of writers) playlists.push(ok(await request(baseUrl, "POST", "/api/v1/playlists", { token, body: { title: "Crash list" } }), "playlist").id);
    const rsvpAcked = new Map(scheduled.map((s) => [s, 0]));
    const linksAcked = new Map(playlists.map((p) => [p, 0]));
    const rsvpNext = writers.map(() => 0);
    let linkSeq = 0;

    for (let cycle = 0; cycle < opts.cycles; cycle++) {
      const base = app.baseUrl;
      let killed = false;
      const chatAcked = [];
      let chatSent = 0;
      const queueAcked = [];
      let moderationAcked = null;
      let moderationInFlight = null;
      let moderation = (await snapshot(base, party.id, host)).moderation;
      // Sockets of its own per cycle: a kept-alive socket to the killed server would fail the next cycle's first requests.
      const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
      let failed = 0;
      const send = (method, pathname, token, body) =>
        request(base, method, pathname, { token, body, agent, timeoutMs: 60_000 }).then(
          (res) => {
            if (res.status >= 300) failed += 1;
            return res;
          },
          () => null,
        );
      const writer = async (token, w) => {
        while (!killed) {
          const kind = ["chat", "rsvp", "playlist"][Math.floor(Math.random() * 3)];
          if (kind === "chat" && chatSent < CHAT_PER_CYCLE) {
            chatSent += 1;
            const text = `c${cycle} w${w} ${randomBytes(3).toString("hex")}`;
            const res = await send("POST", `/api/v1/parties/${party.id}/commands`, token, { v: 1, type: "chat", text });
            if (res?.status === 200) chatAcked.push(text);
          } else if (kind === "rsvp" && rsvpNext[w] < SCHEDULED_PARTIES) {
            const target = scheduled[rsvpNext[w]++];
            const res = await send("POST", `/api/v1/scheduled-parties/${target}/rsvp`, token);
            if (res?.status === 201) rsvpAcked.set(target, rsvpAcked.get(target) + 1);
          } else if (kind === "playlist") {
            const video = `${String(linkSeq++).padStart(6, "0")}crash`.slice(0, 11);
            const res = await send("POST", `/api/v1/playlists/${playlists[w]}/links`, token, { url: `https://www.youtube.com/watch?v=${video}` });
            if (res?.status === 201) linksAcked.set(playlists[w], linksAcked.get(playlists[w]) + 1);
          } else await sleep(20);
        }
      };
      const hostLoop = async () => {
        let n = 0;
        while (!killed) {
          n += 1;
          if (n % 2 === 0) {
            const url = `https://video.example/crash/${cycle}/${n}`;
            const res = await send("POST", `/api/v1/parties/${party.id}/queue`, host, { items: [{ url, title: `Crash ${n}` }] });
            if (res?.status === 201) queueAcked.push(url);
            continue;
          }
          const op = [
            { type: moderation.muted.includes(bystanderId) ? "member.unmute" : "member.mute", memberId: bystanderId },
            { type: "room.lock", locked: !moderation.locked },
            { type: "room.slowmode", seconds: moderation.slowModeSeconds === 0 ? 1 : 0 },
          ][n % 3];
          const next = {
            ...moderation,
            ...(op.type === "member.mute" ? { muted: [...moderation.muted, bystanderId] } : {}),
            ...(op.type === "member.unmute" ? { muted: moderation.muted.filter((m) => m !== bystanderId) } : {}),
            ...(op.type === "room.lock" ? { locked: op.locked } : {}),
            ...(op.type === "room.slowmode" ? { slowModeSeconds: op.seconds } : {}),
          };
          moderationInFlight = next;
          const res = await send("POST", `/api/v1/parties/${party.id}/commands`, host, { v: 1, ...op });
          if (res?.status === 200) {
            moderation = moderationAcked = next;
            moderationInFlight = null;
          }
        }
      };
      const running = [...writers.map(writer), hostLoop()];
      // The clock starts at the cycle's first acknowledged write: a restarted server first recovers and loads its routes.
      await waitFor(async () => chatAcked.length + queueAcked.length > 0 || moderationAcked !== null, 120_000);
      await sleep(opts.killAfter * (0.5 + Math.random()));
      killed = true;
      app.child.kill("SIGKILL");
      await new Promise((resolve) => (app.child.exitCode !== null || app.child.signalCode !== null ? resolve() : app.child.once("exit", resolve)));
      await Promise.all(running);
      agent.destroy();

      app = await startApp(dataDir, port, env);
      const after = await snapshot(app.baseUrl, party.id, host);
      const texts = new Set(after.chat.map((m) => m.text));
      totals.chat[0] += chatAcked.length;
      totals.chat[1] += chatAcked.filter((t) => !texts.has(t)).length;
      const same = (a, b) => b !== null && a.locked === b.locked && a.slowModeSeconds === b.slowModeSeconds && a.muted.includes(bystanderId) === b.muted.includes(bystanderId);
      if (moderationAcked) {
        totals.moderation[0] += 1;
        if (!same(after.moderation, moderationAcked) && !same(after.moderation, moderationInFlight)) totals.moderation[1] += 1;
      }
      const queued = new Set(after.queue.items.map((item) => item.url));
      totals.queue[0] += queueAcked.length;
      totals.queue[1] += queueAcked.filter((url) => !queued.has(url)).length;
      // Clear the queue for the next cycle's links (the queue is bounded).
      for (const item of after.queue.items) await request(app.baseUrl, "POST", `/api/v1/parties/${party.id}/commands`, { token: host, body: { v: 1, type: "queue.remove", itemId: item.id } });
      console.log(`${setup} cycle ${cycle + 1}: acked chat ${chatAcked.length}, queue ${queueAcked.length}, moderation ${moderationAcked ? "yes" : "no"}; ${failed} refused (limits, slow mode)`);
    }
    for (const target of scheduled) {
      const body = ok(await request(app.baseUrl, "GET", `/api/v1/scheduled-parties/${target}`, { token: host }), "scheduled get");
      totals.rsvp[0] += rsvpAcked.get(target);
      totals.rsvp[1] += Math.max(0, rsvpAcked.get(target) - body.rsvp_count);
    }
    for (const [w, list] of playlists.entries()) {
      const body = ok(await request(app.baseUrl, "GET", `/api/v1/playlists/${list}`, { token: writers[w] }), "playlist get");
      const count = (body.links ?? body.videos ?? []).length;
      totals.playlist[0] += linksAcked.get(list);
      totals.playlist[1] += Math.max(0, linksAcked.get(list) - count);
    }
  } finally {
    await stopChild(app.child);
    rmSync(dataDir, { recursive: true, force: true });
    await cleanup();
  }
  return totals;
}

try {
  const rows = [];
  for (const setup of String(opts.setups).split(",")) {
    const totals = await runSetup(setup);
    rows.push([setup, opts.cycles, opts.writers, ...Object.values(totals).map(([acked, lost]) => `${lost} / ${acked}`)]);
  }
  console.log("\nLost of acknowledged writes after kill -9 and restart:");
  printTable(["setup", "cycles", "writers", "chat", "moderation", "queue", "rsvp", "playlist links"], rows);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  killAll();
}
