/**
 * Crunchyroll: the page (www.crunchyroll.com/watch/{id}/…) embeds the player in an iframe on
 * static.crunchyroll.com. The content script runs in that frame too: it drives the element there,
 * while the media identity comes from the tab's URL (the frame's own URL names no episode).
 */
import { allVideos, cleanTitle, onDomain, pickMainVideo, text } from "./dom";
import type { SiteAdapter } from "../../../lib/party-client/sync-player";
import { VideoControl } from "./video-control";

export const crunchyrollAdapter: SiteAdapter = {
  id: "crunchyroll",
  platform: "Crunchyroll",
  matchesHost: (host) => onDomain(host, "crunchyroll.com"),
  mediaKey: (url) => {
    const id = /^\/(?:[a-z]{2}(?:-[a-z]{2})?\/)?watch\/([A-Z0-9]+)/i.exec(url.pathname)?.[1];
    return id ? `crunchyroll:${id.toUpperCase()}` : null;
  },
  mediaTitle: (doc) => text(doc, "h1.title") ?? text(doc, '[data-t="episode-title"]') ?? cleanTitle(doc.title, "Crunchyroll"),
  findVideo: (doc) => doc.querySelector<HTMLVideoElement>("video#player0") ?? pickMainVideo(allVideos(doc)),
  hasPlayer: (doc) => doc.querySelector('iframe.video-player, iframe[src*="vilos"]') !== null || allVideos(doc).length > 0,
  control: (video) => new VideoControl(video),
};
