"use client";
/** The playlist page's video area: the current video embedded, with the Fullscreen/Autoplay switches. */
import type { PlaylistLink } from "@/lib/schemas/playlist";
import { panelClass } from "./styles";
import { ToggleSwitch } from "./toggle-switch";
import { usePreference } from "./playlist-preferences";
import { embedUrl, parseVideoSource, PLATFORM_LABEL } from "./video-url";

interface ScreenOptions {
  fullscreenTiktok: boolean;
  autoplayTiktok: boolean;
  autoplayYoutube: boolean;
}

function Screen({ video, options }: { video: PlaylistLink | null; options: ScreenOptions }) {
  const { fullscreenTiktok, autoplayTiktok, autoplayYoutube } = options;
  if (!video) {
    return (
      <div className="flex aspect-video items-center justify-center rounded-lg bg-slate-950 p-6 text-center text-slate-300">
        No video selected yet. Videos added to this playlist play here.
      </div>
    );
  }
  const source = parseVideoSource(video.url);
  const src = source && embedUrl(source, { autoplay: source.platform === "youtube" ? autoplayYoutube : autoplayTiktok });
  if (!source || !src) {
    return (
      <div className="flex aspect-video flex-col items-center justify-center gap-2 rounded-lg bg-slate-950 p-6 text-center text-slate-300">
        <p>This link can&apos;t be played here.</p>
        <p className="text-sm">Use &ldquo;Open in new tab&rdquo; to watch it on its own site.</p>
      </div>
    );
  }
  const label = `${PLATFORM_LABEL[source.platform]} video: ${video.title ?? video.url}`;
  const frame =
    source.platform === "youtube"
      ? "aspect-video w-full"
      : fullscreenTiktok
        ? "mx-auto aspect-[9/16] h-[80vh] max-w-full"
        : "mx-auto aspect-[9/16] w-full max-w-[20rem]";
  return (
    <iframe
      key={src}
      src={src}
      title={label}
      className={`rounded-lg bg-black ${frame}`}
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
