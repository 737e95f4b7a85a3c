#!/usr/bin/env node
/**
 * Chat round trip in one live party: guests each send chat messages (within the chat limit, 10 per
 * 10 s) and the time is taken from the send to the answer (the ack: since issue 30 item 11 it follows
 * the message's database commit) and to the message's arrival on the sender's own stream.
 *
 *   npm run build && node bench/chat-latency.mjs [--setups embedded,postgres-redis] [--guests 20]
 *                         [--messages 10] [--interval 1100] (ms between one guest's messages)
 *
 * Prints median and p99 per setup; asserts nothing.
 */
import { randomBytes } from "node:crypto";
import { fmt, killAll, mintGuests, now, parseArgs, printTable, quantile, request, sleep, startViewParty, setupEnv } from "./lib/common.mjs";

const opts = parseArgs({ setups: "embedded,postgres-redis", guests: 20, messages: 10, interval: 1100 });

/** Opens a member's stream; calls `onEvent` for each event; resolves once the snapshot came. */
async function openStream(baseUrl, partyId, token, onEvent) {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/v1/parties/${partyId}/events`, { headers: { Accept: "text/event-stream", Authorization: `Bearer ${token}` }, signal: controller.signal });
  if (res.status !== 200) throw new Error(`stream ${res.status}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let snapshot;
  const gotSnapshot = new Promise((resolve) => (snapshot = resolve));
  void (async () => {
    let text = "";
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += decoder.decode(value, { stream: true });
        const frames = text.split("\n\n");
        text = frames.pop();
        for (const frame of frames) {
          const data = frame.split("\n").find((line) => line.startsWith("data: "));
          if (!data) continue;
          const event = JSON.parse(data.slice(6));
          if (event.type === "snapshot") snapshot(event);
          else onEvent(event);
        }
      }
    } catch {
      // closed
    }
  })();
  await gotSnapshot;
  return () => controller.abort();
}

async function runSetup(setup) {
  const id = randomBytes(4).toString("hex");
  const { env, cleanup } = await setupEnv(setup, "vp_chatlat");
  const app = await startViewParty({ env: { VP_HOST_GRACE_MS: "600000", ...env } });
  const closers = [];
  try {
    const [host, ...guests] = await mintGuests(app.baseUrl, opts.guests + 1, { prefix: `lat${id}` });
    const party = (await request(app.baseUrl, "POST", "/api/v1/parties", { token: host, body: { video_url: "https://www.netflix.com/watch/80100172", video_title: "Heat" } })).body;
    const sentAt = new Map();
    const roundTrips = [];
    const acks = [];
    for (const token of [host, ...guests]) {
      await request(app.baseUrl, "POST", `/api/v1/parties/${party.id}/join`, { token });
    }
    // Each guest listens on its own stream for its own messages.
    for (const [g, token] of guests.entries()) {
      closers.push(
        await openStream(app.baseUrl, party.id, token, (event) => {
          if (event.type !== "chat" || !event.message.text.startsWith(`g${g} `)) return;
          const at = sentAt.get(event.message.text);
          if (at !== undefined) roundTrips.push(now() - at);
        }),
      );
    }
    await sleep(1000);
    let refused = 0;
    await Promise.all(
      guests.map(async (token, g) => {
        await sleep((opts.interval * g) / guests.length);
        for (let i = 0; i < opts.messages; i++) {
          const text = `g${g} ${i}`;
          const started = now();
          sentAt.set(text, started);
          const res = await request(app.baseUrl, "POST", `/api/v1/parties/${party.id}/commands`, { token, body: { v: 1, type: "chat", text } });
          if (res.status === 200) acks.push(now() - started);
          else refused += 1;
          await sleep(opts.interval);
        }
      }),
    );
    await sleep(1000);
    acks.sort((a, b) => a - b);
    roundTrips.sort((a, b) => a - b);
    return [setup, acks.length, refused, fmt(quantile(acks, 0.5)), fmt(quantile(acks, 0.99)), roundTrips.length, fmt(quantile(roundTrips, 0.5)), fmt(quantile(roundTrips, 0.99))];
  } finally {
    for (const close of closers) close();
    await app.stop();
    await cleanup();
  }
}

try {
  const rows = [];
  for (const setup of String(opts.setups).split(",")) rows.push(await runSetup(setup));
  console.log(`\nChat: ${opts.guests} guests × ${opts.messages} messages, one every ${opts.interval} ms each (ms)`);
  printTable(["setup", "acked", "refused", "ack p50", "ack p99", "echoes", "echo p50", "echo p99"], rows);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  killAll();
}
