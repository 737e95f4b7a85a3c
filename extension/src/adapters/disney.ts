/** Disney+: the media client's element, inside the `disney-web-player` custom element (shadow DOM). */
import { allVideos, cleanTitle, onDomain, pickMainVideo, text } from "./dom";
import type { SiteAdapter } from "../../../lib/party-client/sync-player";
import { VideoControl } from "./video-control";

export const disneyAdapter: SiteAdapter = {
  id: "disneyplus",
  platform: "Disney+",
  matchesHost: (host) => onDomain(host, "disneyplus.com"),
  mediaKey: (url) => {
    const id = /^\/(?:[a-z]{2}(?:-[a-z]{2})?\/)?(?:video|play)\/([\w-]+)/i.exec(url.pathname)?.[1];
    return id ? `disneyplus:${id}` : null;
  },
  mediaTitle: (doc) => text(doc, ".title-field") ?? text(doc, '[data-testid="title-field"]') ?? cleanTitle(doc.title, "Disney\\+"),
  findVideo: (doc) => {
    const videos = allVideos(doc);
    return videos.find((v) => v.classList.contains("btm-media-client-element")) ?? pickMainVideo(videos);
  },
  hasPlayer: (doc) => doc.querySelector("disney-web-player") !== null || allVideos(doc).length > 0,
  control: (video) => new VideoControl(video),
};
