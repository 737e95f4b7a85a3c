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
