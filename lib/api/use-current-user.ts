"use client";
/** The signed-in user as the site sees it: loading (initially), signed out (null) or signed in. */
import { useSession } from "@/lib/api/session";
import type { SessionUserFields } from "@/lib/schemas/session-user";

export type CurrentUser = SessionUserFields;

export function useCurrentUser(): { user: CurrentUser | null; isLoading: boolean; refetch: () => void } {
  const { data, error, mutate } = useSession();
  // A failed check counts as signed out, as Better Auth's own session hook treats it.
  return { user: data?.user ?? null, isLoading: data === undefined && !error, refetch: () => void mutate() };
}
