"use client";
/**
 * What the Kick callback page does, start to end ("Kick callback": processing, exchanging
 * code, success or error). Kept apart from the page so it reads as one sequence and can be tested
 * with a fake window.
 */
import { ApiClientError } from "@/lib/api/client";
import { exchangeKickCode, exchangeToken, refreshSession } from "@/lib/auth-client";
import { KICK_CALLBACK_PATHS, type KickCallbackPath, type KickPopupMessage } from "@/lib/schemas/auth";
import { KICK_BACKEND_ERROR, kickCouldNotSignIn, kickCriticalError } from "./auth-messages";
import { checkKickCallback } from "./check-kick-callback";
import { KICK_STATE_KEY, KICK_VERIFIER_KEY } from "./kick-oauth";

export const KICK_STATUS = {
  processing: "Processing Kick sign-in...",
  exchanging: "Exchanging code...",
  successPopup: "Signed in with Kick. This window will close.",
  successPage: "Signed in with Kick.",
} as const;

export function describeKickFailure(error: unknown): string {
  if (error instanceof ApiClientError) {
    const body = error.body as { detail?: unknown; message?: unknown; error?: unknown } | null;
    const detail = [body?.detail, body?.message, body?.error].find((v): v is string => typeof v === "string" && v.length > 0);
    return detail ? kickCouldNotSignIn(detail) : KICK_BACKEND_ERROR;
  }
  return kickCriticalError(error instanceof Error ? error.message : String(error));
}

/** The stored attempt is read and removed on load, whatever happens next. */
function takeStoredAttempt(storage: Storage) {
  const stored = { state: storage.getItem(KICK_STATE_KEY), verifier: storage.getItem(KICK_VERIFIER_KEY) };
  storage.removeItem(KICK_STATE_KEY);
  storage.removeItem(KICK_VERIFIER_KEY);
  return stored;
}

export async function runKickCallback(
  win: Pick<Window, "location" | "opener" | "close" | "sessionStorage">,
  report: (status: string, finished: boolean) => void,
): Promise<void> {
  const opener = win.opener as Window | null;
  const tell = (message: KickPopupMessage) => {
    opener?.postMessage(message, win.location.origin); // this origin only
    if (opener) win.close();
  };
  const fail = (message: string) => {
    report(message, true);
    tell({ type: "kickAuthError", error: message });
  };

  const params = new URLSearchParams(win.location.search);
  const check = checkKickCallback(
    { code: params.get("code"), state: params.get("state"), error: params.get("error"), errorDescription: params.get("error_description") },
    takeStoredAttempt(win.sessionStorage),
  );
  if (!check.ok) return fail(check.message);

  const path = win.location.pathname;
  const redirectPath = (KICK_CALLBACK_PATHS as readonly string[]).includes(path) ? (path as KickCallbackPath) : "/auth/kick/callback";
  report(KICK_STATUS.exchanging, false);
  try {
    const token = await exchangeKickCode({ code: check.code, codeVerifier: check.verifier, redirectPath });
    if (opener) {
      report(KICK_STATUS.successPopup, true);
      tell({ type: "kickAuthSuccess", token });
      return;
    }
    // No opener (the browser cut the link): finish the sign-in in this window.
    await exchangeToken({ platform: "kick", token });
    refreshSession();
    report(KICK_STATUS.successPage, true);
  } catch (error) {
    fail(describeKickFailure(error));
  }
}
