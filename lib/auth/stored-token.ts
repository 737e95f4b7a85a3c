/**
 * The bearer token the API client and the extension handshake read (storage key `jwt`). Apart from
 * the auth client so that pages which only need to clear it (signed out) do not load that client.
 */
import { STORAGE_KEYS } from "@/lib/constants";

export function storeToken(token: string): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.jwt, token);
  } catch {
    // storage unavailable (private mode): cookie sessions still work
  }
}

export function clearStoredToken(): void {
  try {
    window.localStorage.removeItem(STORAGE_KEYS.jwt);
  } catch {
    // storage unavailable (private mode): nothing to clear
  }
}
