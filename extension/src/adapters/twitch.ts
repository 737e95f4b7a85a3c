/** Twitch: VODs (/videos/{id}) are synced fully; live channels follow play and pause only. */
import { allVideos, cleanTitle, onDomain, pickMainVideo, text } from "./dom";
import type { SiteAdapter } from "../../../lib/party-client/sync-player";
import { VideoControl } from "./video-control";

/** First path segments that are Twitch pages, not channels. */
const NOT_CHANNELS = new Set(["directory", "videos", "settings", "search", "downloads", "jobs", "p", "login", "signup", "subscriptions", "inventory", "wallet", "drops", "friends", "messages", "turbo", "prime"]);

function parse(url: URL): { kind: "vod"; id: string } | { kind: "live"; channel: string } | null {
  const vod = /^\/videos\/(\d+)/.exec(url.pathname)?.[1];
  if (vod) return { kind: "vod", id: vod };
  if (url.hostname.startsWith("player.")) {
    const video = url.searchParams.get("video")?.replace(/^v/, "");
    if (video && /^\d+$/.test(video)) return { kind: "vod", id: video };
    const channel = url.searchParams.get("channel");
    return channel ? { kind: "live", channel: channel.toLowerCase() } : null;
  }
  const segments = url.pathname.split("/").filter(Boolean);
  const channel = segments[0]?.toLowerCase();
  if (segments.length === 1 && channel && /^\w{3,25}$/.test(channel) && !NOT_CHANNELS.has(channel)) return { kind: "live", channel };
  return null;
}

export const twitchAdapter: SiteAdapter = {
  id: "twitch",
  platform: "Twitch",
  matchesHost: (host) => onDomain(host, "twitch.tv"),
  mediaKey: (url) => {
    const what = parse(url);
    if (!what) return null;
    return what.kind === "vod" ? `twitch:vod:${what.id}` : `twitch:live:${what.channel}`;
  },
  isLive: (url) => parse(url)?.kind === "live",
  mediaTitle: (doc) => text(doc, '[data-a-target="stream-title"]') ?? cleanTitle(doc.title, "Twitch"),
  findVideo: (doc) => doc.querySelector<HTMLVideoElement>('[data-a-target="video-player"] video') ?? pickMainVideo(allVideos(doc)),
  hasPlayer: (doc) => doc.querySelector('[data-a-target="video-player"]') !== null || allVideos(doc).length > 0,
  control: (video, env) => new VideoControl(video, { seekable: parse(env.tabUrl)?.kind !== "live" }),
};
