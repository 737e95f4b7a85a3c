"use client";
/** The signed-in user as the site sees it: loading (initially), signed out (null) or signed in. */
import { authClient } from "@/lib/auth-client";
import type { SessionUserFields } from "@/lib/schemas/session-user";

export type CurrentUser = SessionUserFields;

export function useCurrentUser(): { user: CurrentUser | null; isLoading: boolean; refetch: () => void } {
  const { data, isPending, refetch } = authClient.useSession();
  return { user: (data?.user as CurrentUser | undefined) ?? null, isLoading: isPending, refetch: () => void refetch() };
}
