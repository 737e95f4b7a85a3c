"use client";
/**
 * The playlist page's Add Video form: links from a platform switched off under "Accept …" are
 * refused; anything else gets the spec's placeholder answer.
 */
import { useId, useState } from "react";
import { usePreference } from "./playlist-preferences";
import { panelClass } from "./styles";
import { FEATURE_COMING_SOON } from "./use-placeholder-action";
import { VideoUrlField } from "./video-url-field";
import { parseVideoSource, PLATFORM_LABEL } from "./video-url";

export function PlaylistAddForm() {
  const acceptYoutube = usePreference("acceptYoutube").value;
  const acceptTiktok = usePreference("acceptTiktok").value;
  const [status, setStatus] = useState("");
  const titleId = useId();

  function onValidUrl(url: string) {
    const platform = parseVideoSource(url)?.platform;
    const accepted = platform === "youtube" ? acceptYoutube : platform === "tiktok" ? acceptTiktok : true;
    setStatus(platform && !accepted ? `${PLATFORM_LABEL[platform]} links are switched off for this playlist.` : FEATURE_COMING_SOON);
  }

  return (
    <section aria-labelledby={titleId} className={panelClass}>
      <h2 id={titleId} className="mb-3 text-lg font-semibold text-white">
        Add Video
      </h2>
      <VideoUrlField label="Video URL" onValidUrl={onValidUrl}>
        <p role="status" className="min-h-5 text-sm text-cyan-200">
          {status}
        </p>
      </VideoUrlField>
    </section>
  );
}
