/**
 * The instance's lifecycle, shared by the server script (scripts/server.mjs: plain JavaScript, it
 * reaches the same object as `globalThis[Symbol.for("viewparty.lifecycle")]`) and the app's modules:
 * on SIGTERM the instance drains — `/api/v1/ready` refuses so the proxy stops sending new work, event
 * streams are told to reconnect elsewhere, commands in flight finish — and then exits.
 */
import { processState } from "@/lib/server/process-singleton";

export interface Lifecycle {
  /** Since when (ms since the epoch) the instance drains; null: serving. */
  drainingSince: number | null;
  /** Called once when draining starts (in the order they were added). */
  readonly onDrain: Set<() => void | Promise<void>>;
}

export function lifecycle(): Lifecycle {
  return processState<Lifecycle>("lifecycle", () => ({ drainingSince: null, onDrain: new Set() }));
}

export function isDraining(): boolean {
  return lifecycle().drainingSince !== null;
}

/** Runs `fn` when draining starts (at once if it has); returns a function that removes it. */
export function whenDraining(fn: () => void | Promise<void>): () => void {
  const state = lifecycle();
  if (state.drainingSince !== null) {
    void fn();
    return () => undefined;
  }
  state.onDrain.add(fn);
  return () => state.onDrain.delete(fn);
}

/** Starts draining (once): every `whenDraining` callback runs; resolves when all have settled. */
export async function startDraining(now = Date.now()): Promise<void> {
  const state = lifecycle();
  if (state.drainingSince !== null) return;
  state.drainingSince = now;
  const callbacks = [...state.onDrain];
  state.onDrain.clear();
  await Promise.allSettled(callbacks.map(async (fn) => fn()));
}
