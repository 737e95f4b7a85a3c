"use client";
/** Recordings from the browser: the owner's list, a host's public ones, one timeline, and the owner's changes. */
import useSWR from "swr";
import { apiFetch } from "@/lib/api/client";
import type { Recording, RecordingTimelineBody, UpdateRecordingInput } from "@/lib/schemas/recording";
import type { PartyDetail } from "@/lib/schemas/party";

export const MY_RECORDINGS_PATH = "/api/v1/recordings";

export function useMyRecordings() {
  return useSWR<{ recordings: Recording[] }, Error>(MY_RECORDINGS_PATH);
}

export function usePublicRecordings(username: string) {
  return useSWR<{ recordings: Recording[] }, Error>(`/api/v1/users/${encodeURIComponent(username)}/recordings`);
}

export function useRecordingTimeline(id: string) {
  return useSWR<RecordingTimelineBody, Error>(`/api/v1/recordings/${encodeURIComponent(id)}/timeline`, { revalidateOnFocus: false });
}

export function updateRecording(id: string, patch: UpdateRecordingInput): Promise<Recording> {
  return apiFetch<Recording>(`/api/v1/recordings/${encodeURIComponent(id)}`, { method: "PATCH", json: patch });
}

export function deleteRecording(id: string): Promise<void> {
  return apiFetch<void>(`/api/v1/recordings/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/** Watch together: a live party the caller hosts, on the recording's first video. */
export function startRecordingParty(id: string, visibility: "public" | "private" = "private"): Promise<PartyDetail> {
  return apiFetch<PartyDetail>(`/api/v1/recordings/${encodeURIComponent(id)}/party`, { method: "POST", json: { visibility } });
}
