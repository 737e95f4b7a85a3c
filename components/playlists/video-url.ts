/**
 * Which platform a video link belongs to and how to embed it. Only YouTube and TikTok are playable
 * in the playlist player; any other http(s) link can still be opened in a tab.
 */
export type VideoPlatform = "youtube" | "tiktok";

export interface VideoSource {
  platform: VideoPlatform;
  /** Null when the link is the platform's but names no embeddable video (e.g. a vm.tiktok.com short link). */
  videoId: string | null;
}

const YOUTUBE_HOSTS = new Set(["youtube.com", "m.youtube.com", "music.youtube.com", "youtube-nocookie.com", "youtu.be"]);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const TIKTOK_ID = /^\d{5,25}$/;

function parseUrl(raw: string): URL | null {
  try {
    const url = new URL(raw);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

function youtubeId(url: URL, host: string): string | null {
  const segments = url.pathname.split("/").filter(Boolean);
  const candidate =
    host === "youtu.be"
      ? segments[0]
      : segments[0] === "watch"
        ? url.searchParams.get("v")
        : ["shorts", "embed", "live", "v"].includes(segments[0] ?? "")
          ? segments[1]
          : undefined;
  return candidate && YOUTUBE_ID.test(candidate) ? candidate : null;
}

function tiktokId(url: URL): string | null {
  const segments = url.pathname.split("/").filter(Boolean);
  // /@user/video/{id}, /embed/v2/{id}, /player/v1/{id}, /embed/{id}
  const candidate = segments.at(-1);
  return candidate && TIKTOK_ID.test(candidate) ? candidate : null;
}

export function parseVideoSource(raw: string): VideoSource | null {
  const url = parseUrl(raw);
  if (!url) return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  if (YOUTUBE_HOSTS.has(host)) return { platform: "youtube", videoId: youtubeId(url, host) };
  if (host === "tiktok.com" || host.endsWith(".tiktok.com")) return { platform: "tiktok", videoId: tiktokId(url) };
  return null;
}

/** The player URL for an iframe, or null when the link cannot be embedded. */
export function embedUrl(source: VideoSource, { autoplay }: { autoplay: boolean }): string | null {
  if (!source.videoId) return null;
  const flag = autoplay ? "1" : "0";
  return source.platform === "youtube"
    ? `https://www.youtube-nocookie.com/embed/${source.videoId}?autoplay=${flag}&playsinline=1&rel=0`
    : `https://www.tiktok.com/player/v1/${source.videoId}?autoplay=${flag}`;
}

export const PLATFORM_LABEL: Record<VideoPlatform, string> = { youtube: "YouTube", tiktok: "TikTok" };
