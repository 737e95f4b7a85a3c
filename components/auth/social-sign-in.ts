"use client";
/**
 * Sign-in with Google, Twitch or Kick in a popup, ending with a signed-in session and the backend
 * token stored as `jwt` ("Auth": the identity is exchanged for a backend token).
 * Google and Twitch use Better Auth's popup flow (provider-popup.ts) and the `session` token
 * exchange; Kick uses the spec's own popup (kick-oauth.ts) and the `kick` token exchange.
 */
import { exchangeToken, refreshSession } from "@/lib/auth-client";
import { describeSignInError, SOCIAL_PROVIDERS, type SocialProvider } from "@/lib/schemas/auth";
import { backendExchangeFailed, POPUP_BLOCKED, providerLoginFailed, TOKEN_EXCHANGE_FALLBACK } from "./auth-messages";
import { openKickPopup } from "./kick-oauth";
import { openProviderPopup } from "./provider-popup";

export type SocialSignInResult =
  | { status: "signed-in" }
  | { status: "cancelled" }
  /** `message` goes to the modal and the toast; `detail` (optional) explains it in the modal. */
  | { status: "failed"; message: string; detail?: string };

const labelOf = (provider: SocialProvider) => SOCIAL_PROVIDERS.find((p) => p.id === provider)?.label ?? provider;

function exchangeFailure(error: unknown): SocialSignInResult {
  const message = error instanceof Error && error.message ? error.message : TOKEN_EXCHANGE_FALLBACK;
  return { status: "failed", message: backendExchangeFailed(message) };
}

async function viaProviderPopup(provider: "google" | "twitch"): Promise<SocialSignInResult> {
  const outcome = await openProviderPopup(provider);
  if (outcome.status === "blocked") return { status: "failed", message: POPUP_BLOCKED };
  if (outcome.status === "closed") return { status: "cancelled" };
  const label = labelOf(provider);
  if (outcome.status === "error") return { status: "failed", message: providerLoginFailed(label), detail: describeSignInError(outcome.code, label) };
  // The popup's sign-in set the session cookie for this site; the header reads it now.
  refreshSession();
  try {
    await exchangeToken({ platform: "session", token: outcome.token });
  } catch (error) {
    return exchangeFailure(error);
  }
  return { status: "signed-in" };
}

async function viaKickPopup(): Promise<SocialSignInResult> {
  const outcome = await openKickPopup();
  if (outcome.status === "cancelled") return { status: "cancelled" };
  if (outcome.status === "error") return { status: "failed", message: outcome.error };
  try {
    await exchangeToken({ platform: "kick", token: outcome.token });
  } catch (error) {
    return exchangeFailure(error);
  }
  refreshSession();
  return { status: "signed-in" };
}

export function socialSignIn(provider: SocialProvider): Promise<SocialSignInResult> {
  return provider === "kick" ? viaKickPopup() : viaProviderPopup(provider);
}
