import { useSyncExternalStore } from "react";

/** Browser storage that may be unavailable (private mode, blocked storage): reads fall back, writes are best effort. */
export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // nothing to do: the account keeps the value
  }
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener("storage", onChange);
  return () => window.removeEventListener("storage", onChange);
}

/**
 * A stored preference read while rendering: null on the server and while the server's HTML hydrates
 * (the server has no storage; reading it there would make the first render differ), then this
 * browser's value. Changes made in another tab show here too.
 */
export function useStoredPreference(key: string): string | null {
  return useSyncExternalStore(subscribe, () => readStored(key), () => null);
}
