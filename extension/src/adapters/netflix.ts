/**
 * Netflix: setting `currentTime` on its element is detected and ends playback with error M7375, so
 * seeks (and play/pause, for consistency with its UI state) go through the page's own player API.
 * That API lives in the page's JavaScript world: a main-world script (netflix-main.content.ts) runs
 * the calls this adapter asks for with a DOM event.
 */
import { allVideos, cleanTitle, onDomain, pickMainVideo, text } from "./dom";
import type { SiteAdapter } from "../../../lib/party-client/sync-player";
import { VideoControl } from "./video-control";

/** DOM event the isolated content script dispatches; detail is a JSON string (crosses worlds as is). */
export const NETFLIX_COMMAND_EVENT = "viewparty:netflix-command";

export type NetflixCommand = { type: "seek"; ms: number } | { type: "play" } | { type: "pause" };

function dispatch(doc: Document, command: NetflixCommand): void {
  doc.dispatchEvent(new CustomEvent(NETFLIX_COMMAND_EVENT, { detail: JSON.stringify(command) }));
}

export const netflixAdapter: SiteAdapter = {
  id: "netflix",
  platform: "Netflix",
  matchesHost: (host) => onDomain(host, "netflix.com"),
  mediaKey: (url) => {
    const id = /^\/watch\/(\d+)/.exec(url.pathname)?.[1];
    return id ? `netflix:${id}` : null;
  },
  mediaTitle: (doc) => text(doc, '[data-uia="video-title"]') ?? cleanTitle(doc.title, "Netflix"),
  findVideo: (doc) => doc.querySelector<HTMLVideoElement>(".watch-video video") ?? pickMainVideo(allVideos(doc)),
  hasPlayer: (doc) => doc.querySelector(".watch-video") !== null || allVideos(doc).length > 0,
  control: (video, env) =>
    new VideoControl(video, {
      seekImpl: (position) => dispatch(env.doc, { type: "seek", ms: Math.round(position * 1000) }),
      playImpl: async () => dispatch(env.doc, { type: "play" }),
      pauseImpl: () => dispatch(env.doc, { type: "pause" }),
    }),
};

/** The page-world side: Netflix's player API (runs in the MAIN world; no extension APIs there). */
export function installNetflixBridge(win: Window & { netflix?: unknown }): () => void {
  const sessionPlayer = () => {
    type VideoPlayer = {
      getAllPlayerSessionIds(): string[];
      getVideoPlayerBySessionId(id: string): { seek(ms: number): void; play(): void; pause(): void } | undefined;
    };
    const netflix = win.netflix as { appContext?: { state?: { playerApp?: { getAPI?: () => { videoPlayer?: VideoPlayer } } } } } | undefined;
    const videoPlayer = netflix?.appContext?.state?.playerApp?.getAPI?.().videoPlayer;
    if (!videoPlayer) return null;
    const ids = videoPlayer.getAllPlayerSessionIds();
    const id = ids.find((s) => s.startsWith("watch")) ?? ids[0];
    return id ? (videoPlayer.getVideoPlayerBySessionId(id) ?? null) : null;
  };
  const listener = (event: Event) => {
    let command: NetflixCommand;
    try {
      command = JSON.parse(String((event as CustomEvent<unknown>).detail)) as NetflixCommand;
    } catch {
      return;
    }
    const player = sessionPlayer();
    if (!player) return;
    if (command.type === "seek" && Number.isFinite(command.ms) && command.ms >= 0) player.seek(command.ms);
    else if (command.type === "play") player.play();
    else if (command.type === "pause") player.pause();
  };
  win.document.addEventListener(NETFLIX_COMMAND_EVENT, listener);
  return () => win.document.removeEventListener(NETFLIX_COMMAND_EVENT, listener);
}
