/** The fallback for any page with an HTML5 `<video>`: the largest visible one, driven directly. */
import { allVideos, metaContent, pickMainVideo } from "./dom";
import type { SiteAdapter } from "../../../lib/party-client/sync-player";
import { VideoControl } from "./video-control";

export const genericAdapter: SiteAdapter = {
  id: "generic",
  platform: "Web video",
  matchesHost: () => true,
  // The page itself is the media: same origin, path and query (a #fragment is not another video).
  mediaKey: (url) => (url.protocol === "http:" || url.protocol === "https:" ? `${url.origin}${url.pathname}${url.search}` : null),
  mediaTitle: (doc, url) => metaContent(doc, "og:title") ?? (doc.title.trim() || url.hostname),
  findVideo: (doc) => pickMainVideo(allVideos(doc)),
  hasPlayer: (doc) => allVideos(doc).length > 0,
  control: (video) => new VideoControl(video),
};
