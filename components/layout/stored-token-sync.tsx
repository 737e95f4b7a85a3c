"use client";
/** When the session reports no user, the stored token (`jwt`) is cleared. */
import { useEffect } from "react";
import { clearStoredToken } from "@/lib/auth/stored-token";
import { useCurrentUser } from "@/lib/api/use-current-user";

export function StoredTokenSync() {
  const { user, isLoading } = useCurrentUser();
  useEffect(() => {
    if (!isLoading && !user) clearStoredToken();
  }, [user, isLoading]);
  return null;
}
