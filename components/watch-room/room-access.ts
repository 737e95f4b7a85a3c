"use client";
/**
 * Who the watch room connects as: the site's stored bearer (`jwt`), else a bearer for the signed-in
 * cookie session, else a guest identity (a username; kept for this tab in sessionStorage).
 */
import { ApiClient } from "@/lib/party-client/api-client";
import { exchangeCurrentSession } from "@/lib/auth/session-exchange";
import { STORAGE_KEYS } from "@/lib/constants";

const GUEST_KEY = "vp:watch-guest";

export function storedRoomToken(): string | null {
  try {
    const jwt = window.localStorage.getItem(STORAGE_KEYS.jwt);
    if (jwt) return jwt;
    const raw = window.sessionStorage.getItem(GUEST_KEY);
    if (!raw) return null;
    const guest = JSON.parse(raw) as { token?: string; expiresAt?: string };
    if (!guest.token || !guest.expiresAt || Date.parse(guest.expiresAt) <= Date.now()) return null;
    return guest.token;
  } catch {
    return null;
  }
}

export function forgetRoomToken(token: string): void {
  try {
    if (window.localStorage.getItem(STORAGE_KEYS.jwt) === token) window.localStorage.removeItem(STORAGE_KEYS.jwt);
    window.sessionStorage.removeItem(GUEST_KEY);
  } catch {
    // storage unavailable: nothing kept
  }
}

export async function sessionRoomToken(): Promise<string> {
  return (await exchangeCurrentSession()).vp_access_token;
}

export async function guestRoomToken(username: string): Promise<string> {
  const guest = await new ApiClient(window.location.origin).createGuest(username);
  try {
    window.sessionStorage.setItem(GUEST_KEY, JSON.stringify({ token: guest.token, expiresAt: guest.expires_at }));
  } catch {
    // kept in memory only
  }
  return guest.token;
}
