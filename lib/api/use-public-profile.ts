"use client";
/** A public profile (GET /api/v1/users/{username}) and its Twitch info. */
import useSWR from "swr";
import { ApiClientError } from "@/lib/api/client";
import type { TwitchInfo } from "@/lib/schemas/auth";
import type { PublicUser } from "@/lib/schemas/user";

export function publicProfilePath(username: string): string {
  return `/api/v1/users/${encodeURIComponent(username)}`;
}

/** A missing profile stays missing: retrying a 404 only delays the "not found" view. */
const retryUnlessNotFound = (error: Error) => !(error instanceof ApiClientError && error.status === 404);

/** `initial`: the profile the server already read for this page (shown at once, then revalidated). */
export function usePublicProfile(username: string, initial?: PublicUser) {
  return useSWR<PublicUser, Error>(publicProfilePath(username), { shouldRetryOnError: retryUnlessNotFound, fallbackData: initial });
}

/** `null` → no request (no public Twitch username). */
export function usePublicTwitchInfo(username: string | null) {
  return useSWR<TwitchInfo, Error>(username ? `${publicProfilePath(username)}/twitch` : null, { shouldRetryOnError: false });
}
