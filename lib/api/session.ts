"use client";
/**
 * Who is signed in, read with a plain request to Better Auth's GET /api/auth/get-session through
 * SWR. Every page's header needs this, but only signing in or out needs Better Auth's browser client
 * (and the schemas it brings); reading the session here keeps that client out of the first load of
 * every page, and lib/auth-client.ts is imported on demand where a sign-in or sign-out happens.
 */
import useSWR, { mutate } from "swr";
import { storeToken } from "@/lib/auth/stored-token";
import type { SessionUserFields } from "@/lib/schemas/session-user";

export const SESSION_PATH = "/api/auth/get-session";

export interface SessionState {
  user: SessionUserFields;
}

/** The session, or null when signed out. A failed check throws (SWR keeps it as the error). */
export async function fetchSession(path: string = SESSION_PATH): Promise<SessionState | null> {
  const res = await fetch(path, { credentials: "same-origin", headers: { Accept: "application/json" } });
  if (!res.ok) throw new Error(`Session check failed (${res.status})`);
  // A refreshed session comes with a fresh bearer, as on every Better Auth answer (bearer plugin).
  const token = res.headers.get("set-auth-token");
  if (token) storeToken(token);
  const body = (await res.json()) as { user?: SessionUserFields | null } | null;
  return body?.user ? { user: body.user } : null;
}

export function useSession() {
  // Checked again when the tab regains focus, so signing out in another tab shows here too.
  return useSWR<SessionState | null, Error>(SESSION_PATH, fetchSession, { revalidateOnFocus: true, shouldRetryOnError: false });
}

/** Reads the session again (after a sign-in, sign-out or account change), for every component at once. */
export function refreshSession(): Promise<unknown> {
  return mutate(SESSION_PATH);
}
