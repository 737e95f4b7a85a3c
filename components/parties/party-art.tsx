"use client";
/**
 * A party's picture in the lists: the video's thumbnail when the site is configured with a thumbnail
 * host and the video has one, else the platform icon. A thumbnail that fails to load (offline, a
 * removed video) gives way to the icon, so the list never shows a broken image.
 */
import { useState } from "react";
import { publicConfig } from "@/lib/config/public-config";
import { videoThumbnailUrl } from "@/lib/media/video-thumbnail";
import { PlatformIcon } from "./platform-icon";

interface Props {
  platform: string | null | undefined;
  videoUrl?: string | null;
  /** Tests pass a base; the site uses its configuration. */
  thumbnailBaseUrl?: string | null;
}

export function PartyArt({ platform, videoUrl, thumbnailBaseUrl = publicConfig.youtubeThumbnailBaseUrl }: Props) {
  const thumbnail = videoThumbnailUrl(videoUrl, thumbnailBaseUrl);
  const [failed, setFailed] = useState<string | null>(null);
  if (!thumbnail || failed === thumbnail) return <PlatformIcon platform={platform} />;
  return (
    // A third-party thumbnail host: next/image would proxy it through the server and need it allowed there too.
    // eslint-disable-next-line @next/next/no-img-element
    <img src={thumbnail} alt="" width={71} height={40} loading="lazy" className="h-10 w-[71px] shrink-0 rounded-md bg-slate-800 object-cover" onError={() => setFailed(thumbnail)} />
  );
}
