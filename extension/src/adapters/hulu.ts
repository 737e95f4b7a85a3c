/**
 * Hulu: the content element, not the ad player's element beside it. An ad is on while that ad element
 * plays or its container is shown; the content element waits meanwhile.
 */
import { allVideos, cleanTitle, isShown, onDomain, pickMainVideo, text } from "./dom";
import type { SiteAdapter } from "../../../lib/party-client/sync-player";
import { VideoControl } from "./video-control";

export const huluAdapter: SiteAdapter = {
  id: "hulu",
  platform: "Hulu",
  matchesHost: (host) => onDomain(host, "hulu.com"),
  mediaKey: (url) => {
    const id = /^\/watch\/([\w-]+)/.exec(url.pathname)?.[1];
    return id ? `hulu:${id}` : null;
  },
  mediaTitle: (doc) => text(doc, '[data-automationid="player-title"]') ?? text(doc, ".PlayerMetadata__titleText") ?? cleanTitle(doc.title, "Hulu"),
  findVideo: (doc) =>
    doc.querySelector<HTMLVideoElement>("video#content-video-player, .ContentPlayer video") ??
    pickMainVideo(allVideos(doc).filter((v) => !v.closest(".AdPlayer, #ad-video-player") && v.id !== "ad-video-player")),
  hasPlayer: (doc) => doc.querySelector(".ContentPlayer, #content-video-player") !== null || allVideos(doc).length > 0,
  control: (video, env) => {
    const adPlaying = () => {
      const adVideo = env.doc.querySelector<HTMLVideoElement>("video#ad-video-player, .AdPlayer video");
      if (adVideo && adVideo !== video && !adVideo.paused && !adVideo.ended) return true;
      return [...env.doc.querySelectorAll(".AdPlayer, .ad-container--visible")].some(isShown);
    };
    return new VideoControl(video, { adPlaying });
  },
};
