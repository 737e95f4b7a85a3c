"use client";
/**
 * The Kick popup: the opener makes an OAuth state and a PKCE verifier, keeps them in
 * sessionStorage — which a popup opened with window.open inherits — and opens a 500×600 window
 * that goes through Kick's consent page to the callback route. The callback checks and removes
 * them, exchanges the code, and reports back with a `kickAuthSuccess` / `kickAuthError` window
 * message, accepted only from this origin and from that popup.
 */
import { kickPopupMessageSchema, type KickCallbackPath, type KickPopupMessage } from "@/lib/schemas/auth";
import { POPUP_BLOCKED } from "./auth-messages";
import { isFromPopup, openAuthPopup, waitForPopupMessage } from "./auth-popup";

export const KICK_STATE_KEY = "kick_oauth_state";
export const KICK_VERIFIER_KEY = "kick_code_verifier";
const KICK_POPUP_NAME = "viewparty-kick-auth";

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function randomUrlSafe(byteLength: number): string {
  return base64url(crypto.getRandomValues(new Uint8Array(byteLength)));
}

/** RFC 7636 S256: base64url(sha256(verifier)). */
export async function pkceChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

/** A Kick popup message, or null for anything else (other origins, other windows, other shapes). */
export function readKickMessage(
  event: Pick<MessageEvent, "origin" | "source" | "data">,
  expected: { origin: string; source: unknown },
): KickPopupMessage | null {
  if (!isFromPopup(event, expected.source, expected.origin)) return null;
  const parsed = kickPopupMessageSchema.safeParse(event.data);
  return parsed.success ? parsed.data : null;
}

export type KickPopupOutcome = { status: "success"; token: string } | { status: "error"; error: string } | { status: "cancelled" };

function forgetAttempt(): void {
  sessionStorage.removeItem(KICK_STATE_KEY);
  sessionStorage.removeItem(KICK_VERIFIER_KEY);
}

export async function openKickPopup(callback: KickCallbackPath = "/auth/kick/callback"): Promise<KickPopupOutcome> {
  const state = randomUrlSafe(32);
  const verifier = randomUrlSafe(48);
  const challenge = await pkceChallenge(verifier);
  sessionStorage.setItem(KICK_STATE_KEY, state);
  sessionStorage.setItem(KICK_VERIFIER_KEY, verifier);
  const popup = openAuthPopup(`/api/v1/auth/kick/authorize?${new URLSearchParams({ state, code_challenge: challenge, callback })}`, KICK_POPUP_NAME);
  if (!popup) {
    forgetAttempt();
    return { status: "error", error: POPUP_BLOCKED };
  }
  const message = await waitForPopupMessage(popup, (data) => {
    const parsed = kickPopupMessageSchema.safeParse(data);
    return parsed.success ? parsed.data : null;
  });
  // The popup checked its own copy (inherited at window.open); the opener's copy goes now.
  forgetAttempt();
  if (message === "closed") return { status: "cancelled" };
  return message.type === "kickAuthSuccess" ? { status: "success", token: message.token } : { status: "error", error: message.error };
}
