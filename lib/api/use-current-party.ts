"use client";
/** The live party the signed-in user is in (GET /users/me/current-party) and leaving it. */
import useSWR, { mutate } from "swr";
import { apiFetch } from "@/lib/api/client";
import type { CurrentParty } from "@/lib/schemas/party";

export const CURRENT_PARTY_PATH = "/api/v1/users/me/current-party";

export function useCurrentParty(enabled: boolean) {
  return useSWR<CurrentParty, Error>(enabled ? CURRENT_PARTY_PATH : null);
}

export async function leaveCurrentParty(): Promise<void> {
  await apiFetch<null>("/api/v1/users/me/leave-party", { method: "DELETE" });
  await mutate(CURRENT_PARTY_PATH, { current_party: null } satisfies CurrentParty, { revalidate: false });
}
