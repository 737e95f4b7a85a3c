"use client";
/**
 * A boolean preference kept in localStorage (the playlist page's switches). Read through
 * useSyncExternalStore so the server render and first paint use the default and the stored value
 * follows without a hydration mismatch; other tabs follow through the `storage` event.
 */
import { useCallback, useSyncExternalStore } from "react";

const CHANGE_EVENT = "vp:stored-toggle";
/** Used when storage is unavailable (private mode, quota): the switch still works for this page. */
const memory = new Map<string, boolean>();

function subscribe(onChange: () => void): () => void {
  window.addEventListener("storage", onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

function read(key: string, fallback: boolean): boolean {
  try {
    const stored = window.localStorage.getItem(key);
    return stored === null ? fallback : stored === "true";
  } catch {
    return memory.get(key) ?? fallback;
  }
}

export function useStoredToggle(key: string, defaultValue: boolean): [boolean, (next: boolean) => void] {
  const value = useSyncExternalStore(
    subscribe,
    () => read(key, defaultValue),
    () => defaultValue,
  );
  const set = useCallback(
    (next: boolean) => {
      try {
        window.localStorage.setItem(key, String(next));
      } catch {
        memory.set(key, next); // storage unavailable: the in-memory value serves this page
      }
      window.dispatchEvent(new Event(CHANGE_EVENT));
    },
    [key],
  );
  return [value, set];
}
