"use client";
/**
 * The playlist page's video area: the current video in the platform's player, with the
 * Fullscreen/Autoplay switches. Autoplay YouTube / Autoplay TikTok start each video of that platform
 * as it is selected, and when a video ends the next one follows if its platform's switch is on.
 */
import type { EmbedPlayers } from "@/lib/media/embed-players";
import type { PlaylistLink } from "@/lib/schemas/playlist";
import { PlaylistEmbed } from "./playlist-embed";
import { panelClass } from "./styles";
import { ToggleSwitch } from "./toggle-switch";
import { usePreference } from "./playlist-preferences";

export const PLATFORM_LABEL = { youtube: "YouTube", tiktok: "TikTok" } as const;

interface ScreenOptions {
  fullscreenTiktok: boolean;
  autoplayTiktok: boolean;
  autoplayYoutube: boolean;
}

function Screen({ video, options, players, onEnded }: { video: PlaylistLink | null; options: ScreenOptions; players: EmbedPlayers; onEnded(): void }) {
  if (!video) {
    return (
      <div className="flex aspect-video items-center justify-center rounded-lg bg-slate-950 p-6 text-center text-slate-300">
        No video selected yet. Videos added to this playlist play here.
      </div>
    );
  }
  if (!video.platform || !video.video_id) {
    return (
      <div className="flex aspect-video flex-col items-center justify-center gap-2 rounded-lg bg-slate-950 p-6 text-center text-slate-300">
        <p>This link can&apos;t be played here.</p>
        <p className="text-sm">Use &ldquo;Open in new tab&rdquo; to watch it on its own site.</p>
      </div>
    );
  }
  const autoplay = video.platform === "youtube" ? options.autoplayYoutube : options.autoplayTiktok;
  const frame =
    video.platform === "youtube"
      ? "aspect-video w-full"
      : options.fullscreenTiktok
        ? "mx-auto aspect-[9/16] h-[80vh] max-w-full"
        : "mx-auto aspect-[9/16] w-full max-w-[20rem]";
  return (
    <PlaylistEmbed
      video={{ platform: video.platform, videoId: video.video_id, startSeconds: video.start_seconds, title: video.title ?? video.url }}
      urls={players}
      autoplay={autoplay}
      className={frame}
      onEnded={onEnded}
    />
  );
}

interface PlaylistPlayerProps {
  video: PlaylistLink | null;
  /** The video after this one (null at the end of the list). */
  next: PlaylistLink | null;
  players: EmbedPlayers;
  /** Moves on to `next`. */
  onAdvance(): void;
}

export function PlaylistPlayer({ video, next, players, onAdvance }: PlaylistPlayerProps) {
  const fullscreenTiktok = usePreference("fullscreenTiktok");
  const autoplayTiktok = usePreference("autoplayTiktok");
  const autoplayYoutube = usePreference("autoplayYoutube");
  const options = { fullscreenTiktok: fullscreenTiktok.value, autoplayTiktok: autoplayTiktok.value, autoplayYoutube: autoplayYoutube.value };
  // A video ended: the next one starts if it can play here and its platform's Autoplay is on.
  const onEnded = () => {
    if (!next?.platform || !next.video_id) return;
    if (next.platform === "youtube" ? options.autoplayYoutube : options.autoplayTiktok) onAdvance();
  };
  return (
    <section aria-label="Video" className={panelClass}>
      <Screen video={video} options={options} players={players} onEnded={onEnded} />
      {video && (
        <p className="mt-3 truncate text-sm text-slate-300" title={video.url}>
          Now playing: <span className="text-slate-100">{video.title ?? video.url}</span>
        </p>
      )}
      <div className="mt-4 grid gap-3 sm:grid-cols-3">
        {[fullscreenTiktok, autoplayTiktok, autoplayYoutube].map((t) => (
          <ToggleSwitch key={t.label} label={t.label} checked={t.value} onChange={t.set} />
        ))}
      </div>
    </section>
  );
}
