/**
 * A party's video thumbnail, only through a thumbnail host the site is configured with
 * (NEXT_PUBLIC_VP_YOUTUBE_THUMBNAIL_BASE_URL, e.g. https://i.ytimg.com/vi). Unset, there is no
 * thumbnail and lists show the local platform icon: a default that reaches out to a third party
 * would load images from the internet on every visit (and in every offline test run).
 */
import { parseMediaUrl } from "./parse-media-url";

/** `{base}/{youtube id}/mqdefault.jpg` (320×180, YouTube's thumbnail layout), or null. */
export function videoThumbnailUrl(videoUrl: string | null | undefined, base: string | null | undefined): string | null {
  if (!videoUrl || !base) return null;
  const link = parseMediaUrl(videoUrl);
  if (!link || link.platform !== "youtube") return null;
  return `${base.replace(/\/+$/, "")}/${encodeURIComponent(link.id)}/mqdefault.jpg`;
}
