"use client";
/**
 * Who voted for what in the party's public poll (GET /parties/{id}/poll; the server answers names to
 * the host alone). Refetched whenever the tallies change, so the host's view stays live.
 */
import useSWR from "swr";
import { apiFetch } from "@/lib/api/client";
import type { Poll } from "@/lib/sync";

interface PollView {
  poll: Poll | null;
  yourVote: number | null;
  voters: string[][] | null;
}

export function usePollVoters(partyId: string, token: string | null, poll: Poll | null, enabled: boolean): string[][] | null {
  const key = enabled && token && poll && poll.visibility === "public" ? [`/api/v1/parties/${partyId}/poll`, token, poll.id, poll.status, poll.tallies.join(",")] : null;
  const { data } = useSWR<PollView, Error>(key, ([path, bearer]: [string, string]) => apiFetch<PollView>(path, { headers: { Authorization: `Bearer ${bearer}` } }), {
    revalidateOnFocus: false,
    keepPreviousData: true,
  });
  return data?.poll?.id === poll?.id ? (data?.voters ?? null) : null;
}
