"use client";
/**
 * A site session → the backend bearer the API, the watch room and the extension use (stored as `jwt`).
 * Plain requests, apart from Better Auth's browser client: the watch room needs this exchange on
 * every signed-in visit, and the client (with its schemas) is only needed where someone signs in or out.
 */
import { apiFetch, ApiClientError } from "@/lib/api/client";
import { SESSION_PATH } from "@/lib/api/session";
import { storeToken } from "@/lib/auth/stored-token";
import { tokenExchangeResponseSchema, type TokenExchangeRequest, type TokenExchangeResponse } from "@/lib/schemas/auth";

/** POST /api/v1/auth/token-exchange; stores the returned bearer as `jwt`. */
export async function exchangeToken(request: TokenExchangeRequest): Promise<TokenExchangeResponse> {
  const result = tokenExchangeResponseSchema.parse(
    await apiFetch("/api/v1/auth/token-exchange", { method: "POST", json: request }),
  );
  storeToken(result.vp_access_token);
  return result;
}

/** Said while the server cannot look the session up (its database is down): the visitor is not signed out. */
export const SESSION_CHECK_UNAVAILABLE = "The server can't check your sign-in right now. Retrying shortly.";

/**
 * The current cookie session → a bearer for the same session (stored as `jwt`). Throws an
 * ApiClientError with a 5xx status when the server could not check the session (not "signed out").
 */
export async function exchangeCurrentSession(): Promise<TokenExchangeResponse> {
  // Read past Better Auth's cookie cache: the exchange needs a session the database still holds.
  const res = await fetch(`${SESSION_PATH}?disableCookieCache=true`, { credentials: "same-origin", headers: { Accept: "application/json" } });
  if (res.status >= 500) throw new ApiClientError(SESSION_CHECK_UNAVAILABLE, res.status);
  const body = res.ok ? ((await res.json()) as { session?: { token?: string } } | null) : null;
  const token = body?.session?.token;
  if (!token) throw new Error("Failed to exchange for backend JWT");
  return exchangeToken({ platform: "session", token });
}
