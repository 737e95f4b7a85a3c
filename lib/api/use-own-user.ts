"use client";
/**
 * The signed-in user's own profile (GET/PATCH /api/v1/users/me); `enabled` false → no request.
 * `initial`: the profile the server already read for this page (shown at once, then revalidated).
 */
import useSWR, { mutate } from "swr";
import { apiFetch } from "@/lib/api/client";
import type { OwnUser, ProfileUpdate } from "@/lib/schemas/user";

export const OWN_USER_PATH = "/api/v1/users/me";

export function useOwnUser(enabled: boolean, initial?: OwnUser) {
  return useSWR<OwnUser, Error>(enabled ? OWN_USER_PATH : null, { fallbackData: initial });
}

/** Saves the changes and puts the answer in the cache, so every section shows it at once. */
export async function updateOwnProfile(changes: ProfileUpdate): Promise<OwnUser> {
  const updated = await apiFetch<OwnUser>(OWN_USER_PATH, { method: "PATCH", json: changes });
  await mutate(OWN_USER_PATH, updated, { revalidate: false });
  // The public view of the same user may be cached too.
  if (updated.username) void mutate(`/api/v1/users/${encodeURIComponent(updated.username)}`);
  return updated;
}
