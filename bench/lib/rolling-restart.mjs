/**
 * A rolling restart under a live party, as a deployment does it (compose.yaml: two instances behind
 * Caddy): a host and its guests reach two instances on one PostgreSQL database and one Redis through
 * a failover proxy (each new connection goes to the next instance that accepts it, as Caddy's
 * lb_try_duration does); the host sends commands all along; one instance is sent SIGTERM, started
 * again on its port once it exited, then the other. Each guest's stream resumes by Last-Event-ID
 * whenever it ends, as the room's and the extension's PartyConnection does.
 *
 * Used by bench/rolling-restart.mjs (200 guests, figures) and tests/integration/rolling-restart-redis.test.ts
 * (a smaller party, assertions). What it reports, per guest: every event id it was delivered, in
 * order (a repeat or a step back is a duplicate; an id another guest got and this one did not is a
 * loss), the snapshots it was sent after its first (a resume that fell out of the log), the time each
 * reconnect took (stream end → the next stream's 200), and whether its stream is open at the end.
 */
import http from "node:http";
import net from "node:net";
import { createParser } from "eventsource-parser";
import { HOST, fakeAddress, freePort, mintGuests, now, request, sleep, startViewParty, stopChild } from "./common.mjs";

/**
 * One instance of the built app on `env` that can be restarted on its port: `stop()` sends SIGTERM
 * and waits for the exit (a SIGKILL only well past the drain's own bound, VP_DRAIN_TIMEOUT_MS);
 * `start()` starts it again on the same port; `close()` stops it for good.
 */
export async function startRestartableInstance(env, { readyTimeoutMs = 120_000 } = {}) {
  let app = await startViewParty({ env, readyTimeoutMs });
  const port = app.port;
  return {
    port,
    stop: () => stopChild(app.child, 20_000),
    start: async () => {
      app = await startViewParty({ env, port, readyTimeoutMs });
    },
    close: () => app.stop(),
  };
}

/** A TCP proxy on 127.0.0.1 over `ports`: each connection goes to the next one that accepts it (retrying for `tryMs`). */
export async function startFailoverProxy(ports, { tryMs = 10_000, retryMs = 100 } = {}) {
  let next = 0;
  const sockets = new Set();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    client.on("error", () => client.destroy());
    client.pause();
    const deadline = Date.now() + tryMs;
    const attempt = (tried) => {
      if (client.destroyed) return;
      const port = ports[next++ % ports.length];
      const upstream = net.connect({ host: HOST, port });
      upstream.once("connect", () => {
        sockets.add(upstream);
        upstream.on("close", () => sockets.delete(upstream));
        upstream.on("error", () => client.destroy());
        upstream.on("close", () => client.end());
        client.on("close", () => upstream.destroy());
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
      });
      upstream.once("error", () => {
        upstream.destroy();
        if (Date.now() > deadline) return client.destroy();
        // Every instance refused: wait a moment before going round again.
        if (tried + 1 >= ports.length) setTimeout(() => attempt(0), retryMs);
        else attempt(tried + 1);
      });
    };
    attempt(0);
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, HOST, resolve));
  return {
    url: `http://${HOST}:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * One member's stream of the party, resumed by Last-Event-ID whenever it ends, after the party
 * client's own delay (lib/party-client/backoff.ts as PartyConnection uses it): `retryMs` ±25 % after
 * a stream that delivered something, doubling after each one that did not.
 */
class ResumingStream {
  /** Every data event as { id, type }, in arrival order. */
  events = [];
  snapshots = 0;
  /** The first snapshot's id: what the party's log held when this member came in (it is owed what follows). */
  startId = null;
  /** ms from each end of a stream to the next stream's 200. */
  reconnects = [];
  open = false;
  #lastId = null;
  #endedAt = null;
  #fruitless = 0;
  #stopped = false;
  #req = null;
  #agent = new http.Agent({ keepAlive: false });

  constructor(baseUrl, partyId, token, address, retryMs) {
    this.baseUrl = baseUrl;
    this.partyId = partyId;
    this.token = token;
    this.address = address;
    this.retryMs = retryMs;
  }

  start() {
    return new Promise((resolve, reject) => this.#connect(resolve, reject));
  }

  #connect(onFirst, onFirstError) {
    if (this.#stopped) return;
    const headers = { Authorization: `Bearer ${this.token}`, Accept: "text/event-stream", "X-Forwarded-For": this.address };
    if (this.#lastId !== null) headers["Last-Event-ID"] = this.#lastId;
    const req = http.request(`${this.baseUrl}/api/v1/parties/${this.partyId}/events`, { headers, agent: this.#agent });
    this.#req = req;
    let ended = false;
    let delivered = false;
    const end = () => {
      if (ended) return;
      ended = true;
      this.open = false;
      this.#endedAt ??= now();
      this.#fruitless = delivered ? 0 : this.#fruitless + 1;
      const delay = Math.min(10_000, this.retryMs * 2 ** this.#fruitless) * (0.75 + Math.random() * 0.5);
      if (!this.#stopped) setTimeout(() => this.#connect(), delay);
    };
    req.on("response", (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        if (onFirstError && !this.#lastId) return onFirstError(new Error(`stream ${res.statusCode}`));
        return end();
      }
      this.open = true;
      if (this.#endedAt !== null) this.reconnects.push(now() - this.#endedAt);
      this.#endedAt = null;
      const parser = createParser({
        onEvent: (message) => {
          let data;
          try {
            data = JSON.parse(message.data);
          } catch {
            return;
          }
          if (message.id) this.#lastId = message.id;
          delivered = true;
          if (data.type === "snapshot") {
            this.snapshots += 1;
            if (this.snapshots === 1) this.startId = message.id ?? "0";
            onFirst?.();
            onFirst = null;
            return;
          }
          this.events.push({ id: message.id ?? null, type: data.type, cid: data.cid ?? data.state?.cid ?? null });
        },
      });
      res.setEncoding("utf8");
      res.on("data", (chunk) => parser.feed(chunk));
      res.on("end", end);
      res.on("error", end);
      res.on("close", end);
    });
    req.on("error", () => {
      if (onFirstError && this.#lastId === null && onFirst) {
        onFirst = null;
        return onFirstError(new Error("stream failed to open"));
      }
      end();
    });
    req.end();
  }

  stop() {
    this.#stopped = true;
    this.#req?.destroy();
  }
}

/**
 * Runs the scenario. `instances`: two { port, stop(): Promise (SIGTERM, resolves once exited), start():
 * Promise (the same port, resolves once ready) }. Resolves with the figures and each guest's record.
 */
export async function rollingRestart({ instances, guests, commandEveryMs = 50, settleMs = 1500, retryMs = 500, run = 1, log = () => {} }) {
  const proxy = await startFailoverProxy(instances.map((i) => i.port));
  const streams = [];
  try {
    const [host] = await mintGuests(proxy.url, 1, { run, prefix: "rrhost", concurrency: 1 });
    const created = await request(proxy.url, "POST", "/api/v1/parties", {
      token: host,
      body: { video_url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", video_title: "Rolling restart" },
    });
    if (created.status !== 201) throw new Error(`create party: ${created.status} ${JSON.stringify(created.body)}`);
    const partyId = created.body.id;
    const hostStream = new ResumingStream(proxy.url, partyId, host, fakeAddress(run, 99_999), retryMs);
    streams.push(hostStream);
    await hostStream.start();

    const tokens = await mintGuests(proxy.url, guests, { run, prefix: "rr", concurrency: 16 });
    const guestStreams = [];
    for (let i = 0; i < tokens.length; i += 16) {
      await Promise.all(
        tokens.slice(i, i + 16).map(async (token, k) => {
          const address = fakeAddress(run, i + k);
          const joined = await request(proxy.url, "POST", `/api/v1/parties/${partyId}/join`, { token, headers: { "X-Forwarded-For": address } });
          if (joined.status !== 200) throw new Error(`join: ${joined.status} ${JSON.stringify(joined.body)}`);
          const stream = new ResumingStream(proxy.url, partyId, token, address, retryMs);
          streams.push(stream);
          guestStreams.push(stream);
          await stream.start();
        }),
      );
    }
    log(`${guests} guests connected`);

    // The host sends a seek every commandEveryMs; a command whose connection failed (the instance
    // went away before taking it) is sent again; each answered command is one event.
    const commands = { answered: 0, failedAttempts: 0, refused: [] };
    let sending = true;
    let cid = 0;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const sender = (async () => {
      while (sending) {
        cid += 1;
        const body = { v: 1, type: "seek", position: (cid % 10_000) + 0.5, cid };
        for (;;) {
          try {
            const res = await request(proxy.url, "POST", `/api/v1/parties/${partyId}/commands`, { token: host, body, agent, headers: { "X-Forwarded-For": fakeAddress(run, 99_999) } });
            if (res.status === 200 || res.status === 204) commands.answered += 1;
            else if (res.status === 503 || res.status === 429) {
              commands.failedAttempts += 1;
              await sleep(100);
              continue;
            } else commands.refused.push(`${res.status} ${JSON.stringify(res.body)}`);
            break;
          } catch {
            commands.failedAttempts += 1;
            await sleep(50);
          }
        }
        await sleep(commandEveryMs);
      }
    })();

    const phases = [];
    const restart = async (index) => {
      const instance = instances[index];
      const t0 = now();
      await instance.stop();
      const stoppedMs = now() - t0;
      await instance.start();
      phases.push({ instance: index, drainMs: stoppedMs, downMs: now() - t0 });
      log(`instance ${index + 1}: drained and exited in ${Math.round(stoppedMs)} ms, serving again after ${Math.round(now() - t0)} ms`);
    };
    await sleep(settleMs);
    await restart(0);
    await sleep(settleMs);
    await restart(1);
    await sleep(settleMs);
    sending = false;
    await sender;
    agent.destroy();

    // Every stream gets the last command's event (or the wait runs out).
    const deadline = Date.now() + 20_000;
    const lastCid = cid;
    while (Date.now() < deadline && !guestStreams.every((s) => s.events.some((e) => e.cid === lastCid))) await sleep(100);
    return {
      partyId,
      commands,
      lastCid,
      phases,
      guests: guestStreams.map((s) => ({ startId: s.startId, events: s.events, snapshots: s.snapshots, reconnects: s.reconnects, open: s.open })),
    };
  } finally {
    for (const stream of streams) stream.stop();
    await proxy.close();
  }
}

/** What the guests' records say: losses, duplicates, extra snapshots, reconnect times, closed streams. */
export function judge(result) {
  const all = new Map();
  for (const guest of result.guests) for (const e of guest.events) if (e.id !== null) all.set(e.id, e);
  // Ids as the bus gives them: Redis stream ids ("ms-seq"), or the in-process bus's plain counters.
  const order = (a, b) => {
    const [pa, pb] = [a.split("-").map(Number), b.split("-").map(Number)];
    return pa[0] - pb[0] || (pa[1] ?? 0) - (pb[1] ?? 0);
  };
  const union = [...all.keys()].sort(order);
  let lost = 0;
  let duplicated = 0;
  let outOfOrder = 0;
  const reconnects = [];
  for (const guest of result.guests) {
    const ids = guest.events.map((e) => e.id);
    const seen = new Set();
    for (let i = 0; i < ids.length; i++) {
      if (seen.has(ids[i])) duplicated += 1;
      seen.add(ids[i]);
      if (i > 0 && order(ids[i - 1], ids[i]) >= 0) outOfOrder += 1;
    }
    // Owed: every event after what its snapshot covered.
    lost += union.filter((id) => order(id, guest.startId ?? "0") > 0 && !seen.has(id)).length;
    reconnects.push(...guest.reconnects);
  }
  const commandEvents = [...all.values()].filter((e) => e.type === "playback" && e.cid !== null);
  const cids = new Set(commandEvents.map((e) => e.cid));
  return {
    events: union.length,
    /** The host's commands: sent (each until answered), answered, and seen applied (once each, or more). */
    commandsSent: result.lastCid,
    commandsAnswered: result.commands.answered,
    commandsApplied: cids.size,
    appliedTwice: commandEvents.length - cids.size,
    lost,
    duplicated,
    outOfOrder,
    extraSnapshots: result.guests.reduce((sum, g) => sum + Math.max(0, g.snapshots - 1), 0),
    closedAtEnd: result.guests.filter((g) => !g.open).length,
    reconnects: reconnects.sort((a, b) => a - b),
  };
}
