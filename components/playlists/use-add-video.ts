"use client";
/**
 * One add-a-video flow for every form (playlist page, /add, /add-video): validate with the API's own
 * schema, send, and answer "Video added successfully!" or "Error adding video" with the API's detail.
 */
import { useState } from "react";
import { parseMediaUrl } from "@/lib/media/parse-media-url";
import { mediaUrlSchema, PLAYLIST_REQUIRED_MESSAGE, type PlaylistDetail } from "@/lib/schemas/playlist";
import { addPlaylistLink, errorText } from "./playlist-api";
import type { Outcome } from "./status-message";

export const VIDEO_ADDED = "Video added successfully!";
export const ERROR_ADDING_VIDEO = "Error adding video";

/** The message for a link the playlist's "Accept …" switches refuse, or null when it is accepted. */
export function refusedPlatform(url: string, accepts: Pick<PlaylistDetail, "accept_youtube" | "accept_tiktok"> | undefined): string | null {
  const platform = parseMediaUrl(url)?.platform;
  if (!accepts || !platform) return null;
  if (platform === "youtube" && !accepts.accept_youtube) return "This playlist does not accept YouTube links right now.";
  if (platform === "tiktok" && !accepts.accept_tiktok) return "This playlist does not accept TikTok links right now.";
  return null;
}

export function useAddVideo() {
  const [submitting, setSubmitting] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  /** Resolves true when the video was added (the caller clears its fields). */
  async function submit(playlistId: string, url: string, title: string, accepts?: Pick<PlaylistDetail, "accept_youtube" | "accept_tiktok">): Promise<boolean> {
    if (!playlistId.trim() || !url.trim()) {
      setOutcome({ kind: "error", text: PLAYLIST_REQUIRED_MESSAGE });
      return false;
    }
    const parsed = mediaUrlSchema.safeParse(url);
    if (!parsed.success) {
      setOutcome({ kind: "error", text: ERROR_ADDING_VIDEO, detail: parsed.error.issues[0]?.message });
      return false;
    }
    const refused = refusedPlatform(parsed.data, accepts);
    if (refused) {
      setOutcome({ kind: "error", text: ERROR_ADDING_VIDEO, detail: refused });
      return false;
    }
    setSubmitting(true);
    setOutcome(null);
    try {
      await addPlaylistLink(playlistId.trim(), { url: parsed.data, title });
      setOutcome({ kind: "success", text: VIDEO_ADDED });
      return true;
    } catch (error) {
      setOutcome({ kind: "error", text: ERROR_ADDING_VIDEO, detail: errorText(error, "") });
      return false;
    } finally {
      setSubmitting(false);
    }
  }

  return { submitting, outcome, submit };
}
