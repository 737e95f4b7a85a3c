"use client";
/**
 * The host's room names an untitled video by its own title: a room started from a bare link (or a
 * queued link without a title) is called "YouTube video <id>" until the host's player has loaded it;
 * then the host renames the party once (PATCH /api/v1/parties/{id}) and every member sees the title.
 * A title someone typed is never replaced. TikTok's player does not tell its title: it keeps its name.
 */
import { useEffect, useRef } from "react";
import { ApiClient } from "@/lib/party-client/api-client";
import type { SyncPlayer } from "@/lib/party-client/sync-player";
import { playableMedia } from "./media-key";
import { untitledMediaTitle } from "./room-texts";
import type { YouTubeControl } from "./youtube-player";

/** How often the player is asked for its title while it loads, and for how long. */
const TITLE_POLL_MS = 1000;
const TITLE_WAIT_MS = 60_000;

interface Options {
  partyId: string;
  token: string;
  isHost: boolean;
  control: SyncPlayer | null;
  media: { id: string; url: string; title: string } | null;
  partyTitle: string;
}

export function usePlayerTitle({ partyId, token, isHost, control, media, partyTitle }: Options): void {
  const renamed = useRef<string | null>(null);
  const mediaId = media?.id ?? null;
  const link = media ? playableMedia(media.url) : null;
  const untitled = link !== null && link.platform === "youtube" && partyTitle === untitledMediaTitle(link.platform, link.id);
  const videoId = link?.id ?? null;

  useEffect(() => {
    if (!isHost || !untitled || !isYouTubeControl(control) || mediaId === null || renamed.current === mediaId) return;
    const started = Date.now();
    const timer = window.setInterval(() => {
      const title = control.currentVideoId === videoId ? control.videoTitle : "";
      if (!title && Date.now() - started < TITLE_WAIT_MS) return;
      window.clearInterval(timer);
      if (!title) return;
      renamed.current = mediaId;
      new ApiClient(window.location.origin).renameParty(token, partyId, title.slice(0, 300)).catch(() => {
        // Not renamed (the party ended meanwhile, the network dropped): it keeps its name; try with the next item.
        renamed.current = null;
      });
    }, TITLE_POLL_MS);
    return () => window.clearInterval(timer);
  }, [isHost, untitled, control, mediaId, videoId, partyId, token]);
}

/** Told by its tag, not `instanceof`: the room loads the player module only when it shows a video. */
function isYouTubeControl(control: unknown): control is YouTubeControl {
  return typeof control === "object" && control !== null && (control as { platform?: unknown }).platform === "youtube";
}
