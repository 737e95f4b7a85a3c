"use client";
/**
 * The playlist page's video area: the current video in the platform's embedded player, with the
 * Fullscreen/Autoplay switches. "Autoplay" starts each video as it is selected; moving on by itself
 * when a video ends needs the platforms' player APIs, which the watch room brings.
 */
import { embedUrl } from "@/lib/media/embed-url";
import type { PlaylistLink } from "@/lib/schemas/playlist";
import { panelClass } from "./styles";
import { ToggleSwitch } from "./toggle-switch";
import { usePreference } from "./playlist-preferences";

export const PLATFORM_LABEL = { youtube: "YouTube", tiktok: "TikTok" } as const;

interface ScreenOptions {
  fullscreenTiktok: boolean;
  autoplayTiktok: boolean;
  autoplayYoutube: boolean;
}

function Screen({ video, options }: { video: PlaylistLink | null; options: ScreenOptions }) {
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
  const src = embedUrl({ platform: video.platform, videoId: video.video_id, startSeconds: video.start_seconds }, { autoplay });
  const frame =
    video.platform === "youtube"
      ? "aspect-video w-full"
      : options.fullscreenTiktok
        ? "mx-auto aspect-[9/16] h-[80vh] max-w-full"
        : "mx-auto aspect-[9/16] w-full max-w-[20rem]";
  return (
    <iframe
      key={src}
      src={src}
      title={`${PLATFORM_LABEL[video.platform]} video: ${video.title ?? video.url}`}
      className={`block rounded-lg bg-black ${frame}`}
      allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
      allowFullScreen
      referrerPolicy="strict-origin-when-cross-origin"
    />
  );
}

export function PlaylistPlayer({ video }: { video: PlaylistLink | null }) {
  const fullscreenTiktok = usePreference("fullscreenTiktok");
  const autoplayTiktok = usePreference("autoplayTiktok");
  const autoplayYoutube = usePreference("autoplayYoutube");
  const options = { fullscreenTiktok: fullscreenTiktok.value, autoplayTiktok: autoplayTiktok.value, autoplayYoutube: autoplayYoutube.value };
  return (
    <section aria-label="Video" className={panelClass}>
      <Screen video={video} options={options} />
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
