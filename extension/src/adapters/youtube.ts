/**
 * YouTube: the main player's element. Ads play in that same element: the player marks them with the
 * `ad-showing` class (and `ad-interrupting` for one that interrupts the video), so they are read as
 * ads and nobody syncs to an ad's time.
 */
import { parseMediaUrl } from "@/lib/media/parse-media-url";
import { allVideos, cleanTitle, metaContent, onDomain, pickMainVideo, text } from "./dom";
import type { SiteAdapter } from "../../../lib/party-client/sync-player";
import { VideoControl } from "./video-control";

/**
 * The video a YouTube URL names, by the parser the site's watch room and playlists use, so a party
 * the host runs here and a guest watches in the room (or the reverse) agree on its media: every
 * common form (watch?v=, youtu.be/, /shorts/, /live/, /embed/, music. and m. hosts) gives one id.
 */
export function youtubeVideoId(url: URL): string | null {
  const link = parseMediaUrl(url.href);
  return link?.platform === "youtube" ? link.id : null;
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
    return new VideoControl(video, { adPlaying: () => (player?.classList.contains("ad-showing") || player?.classList.contains("ad-interrupting")) ?? false });
  },
};
