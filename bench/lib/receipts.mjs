/**
 * The worker side of the fan-out benchmark, shared by the SSE and the socket.io workers: records,
 * per command id (cid), when each of this worker's guests received the event carrying it (wall
 * clock, `performance.timeOrigin + performance.now()`, comparable with the coordinator's send times
 * on the same machine), and answers the coordinator over IPC.
 *
 * Coordinator → worker: {type:"connect", ...}  {type:"progress", cid}  {type:"report"}  {type:"close"}
 * Worker → coordinator: {type:"connected", ok, failed, errors, ms}  {type:"progress", cid, count}
 *                       {type:"complete", cid} (every guest of this worker has cid)
 *                       {type:"receipts", cids, times (Float64Array per cid), dropped}
 */
import { now } from "./common.mjs";

export class Receipts {
  /** @param {number} capacity guests held by this worker (one receipt per guest per cid) */
  constructor(capacity) {
    this.capacity = Math.max(1, capacity);
    this.byCid = new Map();
    this.dropped = 0;
    this.duplicates = 0;
    /** Every event frame received (snapshots, presence, playback…). */
    this.frames = 0;
    /** Guests actually connected; once every one has a cid, `onComplete(cid)` fires. */
    this.expected = Infinity;
    this.onComplete = () => {};
  }

  record(cid, t = now()) {
    if (!Number.isInteger(cid)) return;
    let entry = this.byCid.get(cid);
    if (!entry) {
      entry = { times: new Float64Array(this.capacity), n: 0 };
      this.byCid.set(cid, entry);
    }
    if (entry.n >= this.capacity) {
      this.duplicates += 1;
      return;
    }
    entry.times[entry.n++] = t;
    if (entry.n === this.expected) this.onComplete(cid);
  }

  /** A connected guest went away: it will not receive later cids. */
  drop() {
    this.dropped += 1;
    this.expected -= 1;
  }

  count(cid) {
    return this.byCid.get(cid)?.n ?? 0;
  }

  report() {
    const cids = [...this.byCid.keys()].sort((a, b) => a - b);
    return {
      type: "receipts",
      cids,
      times: cids.map((cid) => {
        const e = this.byCid.get(cid);
        return e.times.slice(0, e.n);
      }),
      dropped: this.dropped,
      duplicates: this.duplicates,
    };
  }
}

/**
 * Runs the IPC loop of a worker. `connectAll(msg, receipts)` opens the guests' connections and
 * resolves with { ok, failed, errors }; `closeAll()` closes them.
 */
export function runWorker({ connectAll, closeAll }) {
  let receipts = new Receipts(1);
  const send = (msg) => process.send?.(msg);
  process.on("message", async (msg) => {
    try {
      if (msg.type === "connect") {
        receipts = new Receipts(msg.tokens.length);
        const started = now();
        const result = await connectAll(msg, receipts);
        receipts.expected = result.ok;
        receipts.onComplete = (cid) => send({ type: "complete", cid });
        send({ type: "connected", ...result, frames: receipts.frames, ms: now() - started });
      } else if (msg.type === "progress") {
        send({ type: "progress", cid: msg.cid, count: receipts.count(msg.cid) });
      } else if (msg.type === "report") {
        send(receipts.report());
      } else if (msg.type === "close") {
        await closeAll();
        send({ type: "closed" });
        setTimeout(() => process.exit(0), 50);
      }
    } catch (error) {
      send({ type: "error", message: String(error?.stack ?? error) });
    }
  });
  // The coordinator went away: do not linger holding sockets.
  process.on("disconnect", () => {
    void Promise.resolve(closeAll()).finally(() => process.exit(0));
  });
  // Hard bound on a worker's life, whatever happens to the coordinator.
  setTimeout(() => process.exit(3), Number(process.env.BENCH_WORKER_MAX_MS || 30 * 60_000)).unref();
  send({ type: "ready" });
}

/** Runs `fn(item, index)` over items with at most `limit` in flight; collects failures. */
export async function pool(items, limit, fn) {
  let next = 0;
  let ok = 0;
  let failed = 0;
  const errors = [];
  const run = async () => {
    while (next < items.length) {
      const i = next++;
      try {
        await fn(items[i], i);
        ok += 1;
      } catch (error) {
        failed += 1;
        if (errors.length < 5) errors.push(String(error?.message ?? error));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, run));
  return { ok, failed, errors };
}
