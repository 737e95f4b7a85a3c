/** YouTube: the main player's element; ads (`.ad-showing`) count as "cannot play" so nobody syncs to an ad. */
import { allVideos, cleanTitle, metaContent, onDomain, pickMainVideo, text } from "./dom";
import type { SiteAdapter } from "./types";
import { VideoControl } from "./video-control";

const ID = /^[\w-]{6,20}$/;

export function youtubeVideoId(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  let id: string | null = null;
  if (onDomain(host, "youtu.be")) id = url.pathname.split("/")[1] ?? null;
  else if (url.pathname === "/watch") id = url.searchParams.get("v");
  else {
    const match = /^\/(?:shorts|live|embed)\/([^/?#]+)/.exec(url.pathname);
    id = match?.[1] ?? null;
  }
  return id && ID.test(id) ? id : null;
}

export const youtubeAdapter: SiteAdapter = {
  id: "youtube",
  platform: "YouTube",
  matchesHost: (host) => onDomain(host, "youtube.com") || onDomain(host, "youtu.be") || onDomain(host, "youtube-nocookie.com"),
  mediaKey: (url) => {
    const id = youtubeVideoId(url);
    return id ? `youtube:${id}` : null;
  },
  mediaTitle: (doc) =>
    text(doc, "ytd-watch-metadata h1") ?? text(doc, "h1.title") ?? metaContent(doc, "og:title") ?? cleanTitle(doc.title, "YouTube"),
  findVideo: (doc) =>
    doc.querySelector<HTMLVideoElement>("#movie_player video.html5-main-video") ??
    doc.querySelector<HTMLVideoElement>(".html5-video-player video") ??
    pickMainVideo(allVideos(doc)),
  hasPlayer: (doc) => doc.querySelector("#movie_player, .html5-video-player") !== null || allVideos(doc).length > 0,
  control: (video) => {
    const player = video.closest(".html5-video-player");
    return new VideoControl(video, { blocked: () => player?.classList.contains("ad-showing") ?? false });
  },
};
