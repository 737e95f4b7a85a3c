/**
 * Bench worker processes (bench/lib/sse-worker.mjs, socketio-worker.mjs): forked with their IPC
 * wrapped in request/reply calls (see receipts.mjs for the messages).
 */
import { fork } from "node:child_process";
import path from "node:path";
import { ROOT, stopChild, track } from "./common.mjs";

const LIB = path.join(ROOT, "bench/lib");

/** Forks a worker and wraps its IPC in request/reply calls. */
export function startWorker(script) {
  const child = track(fork(path.join(LIB, script), [], { serialization: "advanced", stdio: ["ignore", "inherit", "inherit", "ipc"] }));
  const waiters = [];
  const completions = new Set();
  child.on("message", (msg) => {
    if (msg.type === "complete") {
      completions.add(msg.cid);
      return;
    }
    if (msg.type === "error") {
      for (const w of waiters.splice(0)) w.reject(new Error(`worker: ${msg.message}`));
      return;
    }
    const i = waiters.findIndex((w) => w.type === msg.type);
    if (i >= 0) waiters.splice(i, 1)[0].resolve(msg);
  });
  child.on("exit", (code) => {
    for (const w of waiters.splice(0)) w.reject(new Error(`worker exited (${code}) while waiting for ${w.type}`));
  });
  const wait = (type, timeoutMs) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`worker: no ${type} within ${timeoutMs} ms`)), timeoutMs);
      waiters.push({
        type,
        resolve: (m) => (clearTimeout(timer), resolve(m)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      });
    });
  const ready = wait("ready", 30_000);
  return {
    child,
    ready,
    completions,
    call(msg, replyType, timeoutMs = 30_000) {
      const p = wait(replyType, timeoutMs);
      child.send(msg);
      return p;
    },
    async close() {
      if (child.exitCode !== null) return;
      await this.call({ type: "close" }, "closed", 10_000).catch(() => {});
      await stopChild(child, 2_000);
    },
  };
}
