"use client";
/**
 * The playlist page's player: YouTube through the IFrame Player API and TikTok through its embed
 * player — the watch room's players, from the same server configuration — so the page knows when a
 * video ends and can move on to the next one. A video that autoplays starts muted when the viewer has
 * not touched the page yet (browsers refuse sound before a gesture); the player's own controls unmute.
 */
import { useEffect, useRef, useState } from "react";
import { loadYouTubeApi } from "@/lib/watch-room/load-youtube-api";
import { TikTokControl, tiktokErrorMessage, tiktokPlayerSrc } from "@/lib/watch-room/tiktok-player";
import { youtubeErrorMessage, YT_STATE } from "@/lib/watch-room/youtube-player";
import type { PlayerUrls } from "@/components/watch-room/room-player";

export interface EmbedVideo {
  platform: "youtube" | "tiktok";
  videoId: string;
  startSeconds: number;
  title: string;
}

interface PlaylistEmbedProps {
  video: EmbedVideo;
  urls: PlayerUrls;
  autoplay: boolean;
  className: string;
  onEnded(): void;
}

function mayPlaySound(): boolean {
  return typeof navigator !== "undefined" && (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } }).userActivation?.hasBeenActive === true;
}

export function PlaylistEmbed({ video, urls, autoplay, className, onEnded }: PlaylistEmbedProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const onEndedRef = useRef(onEnded);
  const [error, setError] = useState<string | null>(null);
  const label = `${video.platform === "youtube" ? "YouTube" : "TikTok"} video: ${video.title}`;

  useEffect(() => {
    onEndedRef.current = onEnded;
  }, [onEnded]);

  // One player per video: switching videos (by hand or on end) builds the next one.
  useEffect(() => {
    const container = hostRef.current;
    if (!container) return;
    let cancelled = false;
    let dispose: () => void = () => undefined;
    setError(null);
    if (video.platform === "youtube") {
      const mount = document.createElement("div");
      container.replaceChildren(mount);
      loadYouTubeApi(urls.youtubeApi).then(
        (YT) => {
          if (cancelled) return;
          const player = new YT.Player(mount, {
            videoId: video.videoId,
            width: "100%",
            height: "100%",
            playerVars: {
              autoplay: autoplay ? 1 : 0,
              mute: autoplay && !mayPlaySound() ? 1 : 0,
              start: video.startSeconds,
              playsinline: 1,
              rel: 0,
              origin: window.location.origin,
            },
            events: {
              onStateChange: (event) => {
                if (event.data === YT_STATE.ENDED) onEndedRef.current();
              },
              onError: (event) => setError(youtubeErrorMessage(event.data)),
            },
          });
          container.querySelector("iframe")?.setAttribute("title", label);
          dispose = () => player.destroy();
        },
        (cause: unknown) => !cancelled && setError(cause instanceof Error ? cause.message : String(cause)),
      );
    } else {
      const frame = document.createElement("iframe");
      frame.title = label;
      frame.allow = "autoplay; fullscreen; encrypted-media; picture-in-picture";
      frame.allowFullscreen = true;
      frame.className = "h-full w-full border-0";
      container.replaceChildren(frame);
      const control = new TikTokControl(frame, new URL(urls.tiktokPlayer).origin, {
        onEnded: () => onEndedRef.current(),
        onError: (code) => setError(tiktokErrorMessage(code)),
      });
      control.load(video.videoId, tiktokPlayerSrc(urls.tiktokPlayer, video.videoId));
      if (mayPlaySound()) control.setMuted(false);
      if (autoplay) void control.play();
      dispose = () => control.dispose();
    }
    return () => {
      cancelled = true;
      dispose();
      container.replaceChildren();
    };
    // `autoplay` and the title apply to the next video; a switch flipped mid-video does not restart it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [video.platform, video.videoId, video.startSeconds, urls.youtubeApi, urls.tiktokPlayer]);

  return (
    <div role="group" aria-label={label} className={`relative overflow-hidden rounded-lg bg-black ${className}`} data-testid="playlist-player">
      <div ref={hostRef} className="absolute inset-0 [&>*]:h-full [&>*]:w-full" />
      {error && (
        <p role="alert" className="absolute inset-x-0 bottom-0 bg-red-950/90 p-3 text-sm text-red-100">
          {error}
        </p>
      )}
    </div>
  );
}
