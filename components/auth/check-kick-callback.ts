/**
 * The Kick callback's checks: code and state present, state equal to the stored one,
 * stored code verifier present. A provider error (the user declined on Kick's page) is reported
 * as such when it carries our state.
 */
import { KICK_INVALID_STATE, KICK_VERIFIER_MISSING, kickCouldNotSignIn } from "./auth-messages";

export interface KickCallbackParams {
  code: string | null;
  state: string | null;
  error: string | null;
  errorDescription: string | null;
}

export interface KickStoredAttempt {
  state: string | null;
  verifier: string | null;
}

export type KickCallbackCheck = { ok: true; code: string; verifier: string } | { ok: false; message: string };

export function checkKickCallback(params: KickCallbackParams, stored: KickStoredAttempt): KickCallbackCheck {
  const stateMatches = Boolean(params.state && stored.state && params.state === stored.state);
  if (params.error && stateMatches) return { ok: false, message: kickCouldNotSignIn(params.errorDescription || params.error) };
  if (!params.code || !stateMatches) return { ok: false, message: KICK_INVALID_STATE };
  if (!stored.verifier) return { ok: false, message: KICK_VERIFIER_MISSING };
  return { ok: true, code: params.code, verifier: stored.verifier };
}
