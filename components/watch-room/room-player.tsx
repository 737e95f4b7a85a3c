"use client";
/**
 * The room's embedded player: YouTube through the IFrame Player API, TikTok through its embed player,
 * each wrapped as the sync engine's SyncPlayer. It loads whatever media the party shows, starts
 * muted (browsers let muted video autoplay, so a guest's player can follow the host without a click)
 * and offers "Tap for sound"; it shows the host's drawing over the video.
 */
import { useEffect, useRef, useState } from "react";
import { Icon } from "@/components/ui/icon";
import type { SyncPlayer } from "@/lib/party-client/sync-player";
import type { EmbedPlayers } from "@/lib/media/embed-players";
import type { Stroke } from "@/lib/sync";
import { loadYouTubeApi } from "@/lib/watch-room/load-youtube-api";
import { playableMedia } from "@/lib/watch-room/media-key";
// Types only: each embed's module is loaded when the room first shows one of its videos, so a YouTube
// room never downloads the TikTok player's code, nor a TikTok room the YouTube one's.
import type { TikTokControl } from "@/lib/watch-room/tiktok-player";
import { tiktokPlayerSrc } from "@/lib/watch-room/tiktok-player-src";
import type { YouTubeControl } from "@/lib/watch-room/youtube-player";

/** The players' configuration (one for the whole site: lib/media/embed-players.ts). */
export type PlayerUrls = EmbedPlayers;

export interface RoomMedia {
  id: string;
  url: string;
  title: string;
}

interface RoomPlayerProps {
  media: RoomMedia | null;
  urls: PlayerUrls;
  isHost: boolean;
  strokes: readonly Stroke[];
  onControl(control: (SyncPlayer & { setMuted(muted: boolean): void; readonly muted: boolean }) | null): void;
  /** The player now shows this media (loaded or loading). */
  onShowing(media: RoomMedia): void;
  onEnded(mediaId: string): void;
  onError(message: string | null): void;
}

type MutableControl = YouTubeControl | TikTokControl;

/** Loads `next` into the player when it is another video of the player's platform. */
function showMedia(control: MutableControl, next: RoomMedia, tiktokBase: string, callbacks: Pick<RoomPlayerProps, "onShowing" | "onError">): void {
  const link = playableMedia(next.url);
  if (!link) return;
  const fresh = control.currentVideoId !== link.id;
  if (control.platform === "youtube" && link.platform === "youtube") {
    if (fresh) control.load(link.id);
  } else if (control.platform === "tiktok" && link.platform === "tiktok") {
    if (fresh) control.load(link.id, tiktokPlayerSrc(tiktokBase, link.id));
  } else {
    return;
  }
  if (fresh) callbacks.onError(null);
  callbacks.onShowing(next);
}

export function RoomPlayer({ media, urls, isHost, strokes, onControl, onShowing, onEnded, onError }: RoomPlayerProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const controlRef = useRef<MutableControl | null>(null);
  const mediaRef = useRef<RoomMedia | null>(media);
  const callbacks = useRef({ onControl, onShowing, onEnded, onError });
  // The role the player was built for (its native controls). A hand-over keeps the player as it is:
  // rebuilding it would restart the video at 0, and a new host's player must go on from where it is
  // (the host controls below it change with the role).
  const builtForHost = useRef(isHost);
  const [muted, setMuted] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  const playable = media ? playableMedia(media.url) : null;
  const platform = playable?.platform ?? null;

  useEffect(() => {
    callbacks.current = { onControl, onShowing, onEnded, onError };
  }, [onControl, onShowing, onEnded, onError]);

  // One player per platform; a new video of the same platform is loaded into it.
  useEffect(() => {
    const container = hostRef.current;
    if (!container || !platform) return;
    let cancelled = false;
    let unsubscribe: (() => void) | null = null;
    const attach = (control: MutableControl) => {
      controlRef.current = control;
      setMuted(control.muted);
      unsubscribe = control.onChange(() => setMuted(control.muted));
      callbacks.current.onControl(control);
      const current = mediaRef.current;
      if (current) showMedia(control, current, urls.tiktokPlayer, callbacks.current);
    };

    if (platform === "youtube") {
      const mount = document.createElement("div");
      container.replaceChildren(mount);
      Promise.all([loadYouTubeApi(urls.youtubeApi), import("@/lib/watch-room/youtube-player")]).then(
        ([YT, { YouTubeControl, youtubeErrorMessage, YT_STATE }]) => {
          if (cancelled) return;
          let control: YouTubeControl | null = null;
          const player = new YT.Player(mount, {
            width: "100%",
            height: "100%",
            playerVars: { mute: 1, playsinline: 1, controls: builtForHost.current ? 1 : 0, disablekb: builtForHost.current ? 0 : 1, rel: 0, origin: window.location.origin },
            events: {
              onReady: () => {
                if (cancelled) return;
                control = new YouTubeControl(player);
                attach(control);
              },
              onStateChange: (event) => {
                control?.onPlayerEvent(event.data);
                if (event.data === YT_STATE.ENDED && mediaRef.current) callbacks.current.onEnded(mediaRef.current.id);
                if (event.data === YT_STATE.PLAYING) callbacks.current.onError(null);
              },
              onPlaybackRateChange: () => control?.onPlayerEvent(),
              onError: (event) => callbacks.current.onError(youtubeErrorMessage(event.data)),
            },
          });
        },
        (error: unknown) => !cancelled && setLoadError(error instanceof Error ? error.message : String(error)),
      );
    } else {
      const frame = document.createElement("iframe");
      frame.title = "TikTok player";
      frame.allow = "autoplay; fullscreen; encrypted-media";
      frame.className = "h-full w-full border-0";
      container.replaceChildren(frame);
      import("@/lib/watch-room/tiktok-player").then(
        ({ TikTokControl, tiktokErrorMessage }) => {
          if (cancelled) return;
          const control = new TikTokControl(frame, new URL(urls.tiktokPlayer).origin, {
            onEnded: () => mediaRef.current && callbacks.current.onEnded(mediaRef.current.id),
            onError: (code) => callbacks.current.onError(tiktokErrorMessage(code)),
            onPlaying: () => callbacks.current.onError(null),
          });
          attach(control);
        },
        (error: unknown) => !cancelled && setLoadError(error instanceof Error ? error.message : String(error)),
      );
    }
    return () => {
      cancelled = true;
      unsubscribe?.();
      callbacks.current.onControl(null);
      controlRef.current?.dispose();
      controlRef.current = null;
      container.replaceChildren();
    };
    // The player is rebuilt only when the platform changes; media changes load into it below.
  }, [platform, urls.youtubeApi, urls.tiktokPlayer]);

  useEffect(() => {
    mediaRef.current = media;
    const control = controlRef.current;
    if (control && media) showMedia(control, media, urls.tiktokPlayer, callbacks.current);
  }, [media, urls.tiktokPlayer]);

  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-lg bg-black" data-testid="room-player">
      <div ref={hostRef} className="absolute inset-0 [&>*]:h-full [&>*]:w-full" />
      {strokes.length > 0 && (
        <svg className="pointer-events-none absolute inset-0 h-full w-full" viewBox="0 0 1 1" preserveAspectRatio="none" aria-label="The host's drawing" role="img">
          {strokes.map((stroke) => (
            <polyline
              key={stroke.id}
              points={stroke.points.map(([x, y]) => `${x},${y}`).join(" ")}
              fill="none"
              stroke={stroke.color}
              strokeWidth={stroke.width}
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          ))}
        </svg>
      )}
      {!platform && media && (
        <p className="absolute inset-0 flex items-center justify-center p-6 text-center text-slate-200">
          This video can&apos;t play in the watch room.
        </p>
      )}
      {loadError && <p role="alert" className="absolute inset-x-0 bottom-0 bg-red-950/90 p-3 text-sm text-red-100">{loadError}</p>}
      {muted && platform && (
        <button
          type="button"
          className="absolute left-3 top-3 min-h-11 rounded-full bg-slate-950/85 px-4 py-2 text-sm font-semibold text-white shadow ring-1 ring-white/30 hover:bg-slate-900"
          onClick={() => controlRef.current?.setMuted(false)}
        >
          <Icon name="volumeOff" className="mr-1 inline h-4 w-4 align-[-3px]" />
          Tap for sound
        </button>
      )}
    </div>
  );
}
