/**
 * Embed URLs for the playlist player. The players' base URLs come from public configuration so a
 * deployment (or a test) can point them elsewhere; the defaults are the platforms' own players.
 */
import { publicConfig } from "@/lib/config/public-config";

export interface EmbeddableMedia {
  platform: "youtube" | "tiktok";
  videoId: string;
  startSeconds?: number;
}

export function embedUrl(media: EmbeddableMedia, { autoplay }: { autoplay: boolean }): string {
  const flag = autoplay ? "1" : "0";
  if (media.platform === "youtube") {
    const start = media.startSeconds ? `&start=${media.startSeconds}` : "";
    return `${publicConfig.youtubeEmbedBase}/${encodeURIComponent(media.videoId)}?autoplay=${flag}&playsinline=1&rel=0${start}`;
  }
  return `${publicConfig.tiktokPlayerBase}/${encodeURIComponent(media.videoId)}?autoplay=${flag}`;
}
