"use client";
/**
 * Google and Twitch sign-in in a popup through Better Auth's oauthPopup server plugin: the popup
 * starts at /api/auth/oauth-popup/start and ends on a page that posts the outcome (session token or
 * error, tagged with our nonce) to this origin. Better Auth's own browser half is not used: it
 * watches `popup.closed` without a grace period and can take a finished sign-in for a closed popup.
 */
import { z } from "zod";
import { randomUrlSafe } from "./kick-oauth";
import { openAuthPopup, waitForPopupMessage } from "./auth-popup";

/** The message type of Better Auth's completion page (better-auth/plugins oauth-popup). */
const OAUTH_POPUP_MESSAGE_TYPE = "better-auth:oauth-popup";
const POPUP_NAME = "viewparty-provider-auth";

const completionSchema = z.object({
  type: z.literal(OAUTH_POPUP_MESSAGE_TYPE),
  nonce: z.string(),
  token: z.string().min(1).optional(),
  error: z.object({ code: z.string(), description: z.string().optional() }).optional(),
});

export type ProviderPopupOutcome =
  | { status: "success"; token: string }
  | { status: "error"; code: string }
  | { status: "blocked" }
  | { status: "closed" };

export async function openProviderPopup(provider: "google" | "twitch"): Promise<ProviderPopupOutcome> {
  const nonce = randomUrlSafe(16);
  const start = new URLSearchParams({ provider, popupOrigin: window.location.origin, popupNonce: nonce, callbackURL: "/" });
  const popup = openAuthPopup(`/api/auth/oauth-popup/start?${start}`, POPUP_NAME);
  if (!popup) return { status: "blocked" };
  const message = await waitForPopupMessage(popup, (data) => {
    const parsed = completionSchema.safeParse(data);
    return parsed.success && parsed.data.nonce === nonce && (parsed.data.token || parsed.data.error) ? parsed.data : null;
  });
  if (message === "closed") return { status: "closed" };
  if (message.token) return { status: "success", token: message.token };
  return { status: "error", code: message.error?.code ?? "" };
}
