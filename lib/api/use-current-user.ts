"use client";
/** The signed-in user as the site sees it: loading (initially), signed out (null) or signed in. */
import { authClient } from "@/lib/auth-client";

export interface CurrentUser {
  id: string;
  name: string;
  email: string;
  username?: string | null;
  displayUsername?: string | null;
  image?: string | null;
  lastLoginMethod?: string | null;
}

export function useCurrentUser(): { user: CurrentUser | null; isLoading: boolean; refetch: () => void } {
  const { data, isPending, refetch } = authClient.useSession();
  return { user: (data?.user as CurrentUser | undefined) ?? null, isLoading: isPending, refetch: () => void refetch() };
}
