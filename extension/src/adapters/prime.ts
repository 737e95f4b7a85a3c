/**
 * Prime Video: the page keeps several `<video>` elements (a muted trailer in the hero, the player's
 * element, sometimes a stale one from the previous title). The one to drive is inside the web player
 * container, has media and is shown; outside a player nothing is driven. An ad is on while the web
 * player shows its ad countdown ("Ad 0:15", "Your program resumes in 0:15").
 */
import { allVideos, cleanTitle, isShown, onDomain, pickMainVideo, text, visibleArea } from "./dom";
import type { SiteAdapter } from "../../../lib/party-client/sync-player";
import { VideoControl } from "./video-control";

const PLAYER = "#dv-web-player, .webPlayerSDKContainer, .webPlayerContainer";
const AD_COUNTDOWN = ".atvwebplayersdk-ad-timer, .atvwebplayersdk-adtimeindicator-text";

export const primeAdapter: SiteAdapter = {
  id: "primevideo",
  platform: "Prime Video",
  matchesHost: (host) => onDomain(host, "primevideo.com") || /(^|\.)amazon\.[a-z.]+$/i.test(host),
  mediaKey: (url) => {
    // amazon.* ASINs are 10 characters (B0…); primevideo.com ids are longer (26).
    const asin = /\/(?:detail|dp|gp\/video\/detail)\/([A-Z0-9]{10,40})(?:[/?#]|$)/i.exec(url.pathname)?.[1];
    return asin ? `primevideo:${asin.toUpperCase()}` : null;
  },
  mediaTitle: (doc) => text(doc, ".atvwebplayersdk-title-text") ?? text(doc, '[data-automation-id="title"]') ?? cleanTitle(doc.title, "Prime Video"),
  findVideo: (doc) => {
    const inPlayer = [...doc.querySelectorAll(PLAYER)].flatMap((container) => allVideos(container));
    const shown = inPlayer.filter((v) => (v.currentSrc || v.src) && visibleArea(v) > 0);
    return pickMainVideo(shown.length > 0 ? shown : inPlayer);
  },
  hasPlayer: (doc) => doc.querySelector(PLAYER) !== null,
  control: (video, env) =>
    new VideoControl(video, {
      // The countdown's elements stay in the page between breaks, hidden or empty.
      adPlaying: () => [...env.doc.querySelectorAll(AD_COUNTDOWN)].some((el) => isShown(el) && (el.textContent ?? "").trim() !== ""),
    }),
};
