"use client";
/**
 * Better Auth's browser client. On every response that carries a fresh bearer token
 * (`set-auth-token`, from the bearer plugin) the token is kept in storage key `jwt` (spec §3) so the
 * API client and the extension handshake can use it; sign-out removes it.
 */
import { usernameClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";
import { STORAGE_KEYS } from "@/lib/constants";

export const authClient = createAuthClient({
  fetchOptions: {
    onSuccess(ctx) {
      const token = ctx.response.headers.get("set-auth-token");
      if (token) window.localStorage.setItem(STORAGE_KEYS.jwt, token);
    },
  },
  plugins: [usernameClient()],
});

export function clearStoredToken(): void {
  try {
    window.localStorage.removeItem(STORAGE_KEYS.jwt);
  } catch {
    // storage unavailable (private mode): nothing to clear
  }
}
