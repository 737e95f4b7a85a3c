"use client";
/**
 * Starting a room from the site (POST /api/v1/parties) and ending the one the caller hosts (DELETE
 * /api/v1/parties/{id}), with the signed-in session; the current-party cache follows both.
 */
import { mutate } from "swr";
import { apiFetch } from "@/lib/api/client";
import { CURRENT_PARTY_PATH } from "@/lib/api/use-current-party";
import type { CreatePartyInput, PartyDetail } from "@/lib/schemas/party";

export type StartRoomInput = Pick<CreatePartyInput, "video_url" | "video_title" | "visibility">;

export async function startRoom(input: StartRoomInput): Promise<PartyDetail> {
  const party = await apiFetch<PartyDetail>("/api/v1/parties", { method: "POST", json: input });
  void mutate(CURRENT_PARTY_PATH);
  return party;
}

export async function endHostedRoom(partyId: string): Promise<void> {
  await apiFetch<null>(`/api/v1/parties/${encodeURIComponent(partyId)}`, { method: "DELETE" });
  await mutate(CURRENT_PARTY_PATH);
}
