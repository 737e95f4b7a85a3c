"use client";
/** Recordings from the browser: the owner's list, a host's public ones, one timeline, and the owner's changes. */
import { useEffect, useState } from "react";
import useSWR from "swr";
import { apiFetch, ApiClientError } from "@/lib/api/client";
import type { Recording, RecordingTimelinePage, UpdateRecordingInput } from "@/lib/schemas/recording";
import type { RecordingTimeline } from "@/lib/sync";
import type { PartyDetail } from "@/lib/schemas/party";

export const MY_RECORDINGS_PATH = "/api/v1/recordings";

export function useMyRecordings() {
  return useSWR<{ recordings: Recording[] }, Error>(MY_RECORDINGS_PATH);
}

export function usePublicRecordings(username: string) {
  return useSWR<{ recordings: Recording[] }, Error>(`/api/v1/users/${encodeURIComponent(username)}/recordings`);
}

export interface TimelineLoad {
  timeline: RecordingTimeline | null;
  error: Error | null;
  /** Bytes of entries loaded so far, of `total` (the recording's size when the first page came). */
  loaded: number;
  total: number;
  /** The server is busy loading other recordings: this one waits and asks again. */
  waiting: boolean;
}

/** How often a page the server refused as busy (503) is asked for again, at most. */
const BUSY_RETRIES = 60;
const BUSY_WAIT_MS = 1000;

/**
 * A recording's whole timeline, fetched page by page (each page's `next_cursor`) so the server holds
 * one bounded page per request, with the progress so far. A page refused with 503 (the server is
 * loading many recordings) is asked for again after the time it says.
 */
export function useRecordingTimeline(id: string): TimelineLoad {
  const [load, setLoad] = useState<TimelineLoad>({ timeline: null, error: null, loaded: 0, total: 0, waiting: false });
  useEffect(() => {
    let cancelled = false;
    const base = `/api/v1/recordings/${encodeURIComponent(id)}/timeline`;
    const page = async (cursor: string | null): Promise<RecordingTimelinePage> => {
      for (let attempt = 0; ; attempt += 1) {
        try {
          return await apiFetch<RecordingTimelinePage>(cursor === null ? base : `${base}?cursor=${encodeURIComponent(cursor)}`);
        } catch (error) {
          if (!(error instanceof ApiClientError) || error.status !== 503 || attempt >= BUSY_RETRIES || cancelled) throw error;
          setLoad((previous) => ({ ...previous, waiting: true }));
          await new Promise((resolve) => setTimeout(resolve, BUSY_WAIT_MS));
        }
      }
    };
    void (async () => {
      const first = await page(null);
      const start = first.start;
      if (!start) throw new Error("The recording's timeline has no start.");
      const entries = [...first.entries];
      let loaded = first.page_bytes;
      const total = Math.max(first.size_bytes, loaded);
      let next = first.next_cursor;
      while (next !== null && !cancelled) {
        setLoad({ timeline: null, error: null, loaded, total, waiting: false });
        const more = await page(next);
        for (const entry of more.entries) entries.push(entry);
        loaded += more.page_bytes;
        next = more.next_cursor;
      }
      if (cancelled) return;
      setLoad({ timeline: { startedAt: first.started_at, endedAt: first.ended_at, start, entries }, error: null, loaded, total: Math.max(total, loaded), waiting: false });
    })().catch((error: unknown) => {
      if (!cancelled) setLoad((previous) => ({ ...previous, error: error instanceof Error ? error : new Error("The recording could not be loaded.") }));
    });
    return () => {
      cancelled = true;
    };
  }, [id]);
  return load;
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
