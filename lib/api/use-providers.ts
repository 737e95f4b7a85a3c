"use client";
/** Which social providers this server has credentials for (GET /api/v1/auth/providers), fetched once per page. */
import useSWR from "swr";
import { swrFetcher } from "@/lib/api/client";
import type { ProvidersStatus } from "@/lib/schemas/auth";

const PROVIDERS_PATH = "/api/v1/auth/providers";

export function useProviders(enabled = true) {
  return useSWR<ProvidersStatus>(enabled ? PROVIDERS_PATH : null, swrFetcher, { revalidateIfStale: false });
}

/**
 * Whether Twitch look-ups can work here: true or false once known, undefined while loading. The
 * Twitch boxes ask this first, so a server without Twitch credentials costs no failing request.
 */
export function useTwitchConfigured(enabled = true): boolean | undefined {
  const { data, error } = useProviders(enabled);
  if (error) return true; // unknown: let the Twitch request itself say what is wrong
  return data?.twitch;
}
