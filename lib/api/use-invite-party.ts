"use client";
/** The live party an invite code names (GET /api/v1/parties/{code}: a private party answers to its code). */
import useSWR from "swr";
import type { PartyDetail } from "@/lib/schemas/party";

export function useInviteParty(code: string | null) {
  return useSWR<PartyDetail, Error>(code ? `/api/v1/parties/${encodeURIComponent(code)}` : null, { revalidateOnFocus: false });
}
