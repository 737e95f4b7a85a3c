"use client";
/**
 * Better Auth's browser client. On every response that carries a fresh bearer token
 * (`set-auth-token`, from the bearer plugin) the token is kept in storage key `jwt` so the
 * API client and the extension handshake can use it; sign-out removes it. Social sign-ins end with
 * a token exchange, which stores the backend token the same way.
 *
 * Pages read who is signed in through lib/api/session.ts, not through this client, so it loads only
 * where someone signs in or out (the auth modal, the header's Logout, the account settings, the
 * sign-in callbacks). Whatever this client changes about the session is passed on to that reader.
 */
import { usernameClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";
import { apiFetch } from "@/lib/api/client";
import { refreshSession as refreshSessionReader } from "@/lib/api/session";
import { clearStoredToken, storeToken } from "@/lib/auth/stored-token";
import { kickExchangeCodeResponseSchema, type KickCallbackPath } from "@/lib/schemas/auth";

export const authClient = createAuthClient({
  fetchOptions: {
    onSuccess(ctx) {
      const token = ctx.response.headers.get("set-auth-token");
      if (token) storeToken(token);
    },
  },
  plugins: [usernameClient()],
});

export { clearStoredToken, storeToken };
export { exchangeCurrentSession, exchangeToken } from "@/lib/auth/session-exchange";

// Better Auth raises this signal after its own sign-ins, sign-ups and sign-outs.
authClient.$store.listen("$sessionSignal", () => void refreshSessionReader());

/** Tells every session reader to read the session again (after a sign-in outside Better Auth's client). */
export function refreshSession(): void {
  authClient.$store.notify("$sessionSignal");
}

/** POST /api/v1/auth/kick/exchange-code: Kick's code + our PKCE verifier → a Kick access token. */
export async function exchangeKickCode(input: { code: string; codeVerifier: string; redirectPath: KickCallbackPath }): Promise<string> {
  const result = kickExchangeCodeResponseSchema.parse(await apiFetch("/api/v1/auth/kick/exchange-code", { method: "POST", json: input }));
  return result.kickAccessToken;
}
