"use client";
/**
 * The current time for relative labels ("in 2 h"), ticking every 30 s on one shared timer while
 * anything shows it. The server's snapshot is 0: lists that read it render after their data loads,
 * on the client, so nothing relative is ever baked into server HTML.
 */
import { useSyncExternalStore } from "react";

const TICK_MS = 30_000;
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

export function useNow(): number {
  return useSyncExternalStore(
    subscribe,
    () => now,
    () => 0,
  );
}
