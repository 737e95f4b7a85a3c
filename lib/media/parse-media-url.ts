/**
 * Recognizes the links that can play in a watch room or a playlist: YouTube and TikTok videos, in
 * the forms people paste (desktop, mobile and music sites, short links, shorts, embeds, start times).
 * Pure and shared by the server (validation), the site (forms, players) and the extension.
 *
 * TikTok short links (vm.tiktok.com/…, vt.tiktok.com/…, tiktok.com/t/…) name no video id; resolving
 * them needs a request to TikTok, so they are kept as links (`id: null`) and resolved where the
 * network allows.
 */

export type MediaPlatform = "youtube" | "tiktok";

export type MediaLink =
  | { platform: "youtube"; id: string; startSeconds: number; url: string }
  | { platform: "tiktok"; id: string; url: string }
  | { platform: "tiktok"; id: null; url: string; short: true };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const TIKTOK_ID = /^\d{8,25}$/;
const YOUTUBE_HOSTS = new Set(["youtube.com", "m.youtube.com", "music.youtube.com", "youtube-nocookie.com", "gaming.youtube.com"]);
const TIKTOK_SHORT_HOSTS = new Set(["vm.tiktok.com", "vt.tiktok.com"]);
/** Paths whose next segment is the video id: /shorts/ID, /embed/ID, /live/ID, /v/ID, /e/ID. */
const YOUTUBE_ID_PATHS = new Set(["shorts", "embed", "live", "v", "e"]);

/** "90", "90s", "1m30s", "1m30", "1h2m3s" → seconds; anything else → 0. */
export function parseStartTime(raw: string | null | undefined): number {
  if (!raw) return 0;
  const value = raw.trim().toLowerCase();
  if (/^\d+(\.\d+)?s?$/.test(value)) return Math.floor(Number.parseFloat(value));
  // The seconds' "s" is often left off after minutes or hours ("t=1m30").
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s?)?$/.exec(value);
  if (!match || value === "") return 0;
  const [, h = "0", m = "0", s = "0"] = match;
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
}

function toUrl(input: string): URL | null {
  const raw = input.trim();
  if (raw === "" || raw.length > 2048) return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(raw) ? raw : `https://${raw}`);
    return url.protocol === "https:" || url.protocol === "http:" ? url : null;
  } catch {
    return null;
  }
}

export function youtubeWatchUrl(id: string, startSeconds = 0): string {
  return `https://www.youtube.com/watch?v=${id}${startSeconds > 0 ? `&t=${startSeconds}s` : ""}`;
}

export function tiktokVideoUrl(id: string): string {
  return `https://www.tiktok.com/player/v1/${id}`;
}

function parseYoutube(url: URL, host: string): MediaLink | null {
  let id: string | null = null;
  if (host === "youtu.be") {
    id = url.pathname.split("/")[1] ?? null;
  } else if (YOUTUBE_HOSTS.has(host)) {
    const [first, second] = url.pathname.split("/").slice(1);
    if (first === "watch") id = url.searchParams.get("v");
    else if (first && YOUTUBE_ID_PATHS.has(first)) id = second ?? null;
  } else {
    return null;
  }
  if (!id || !YOUTUBE_ID.test(id)) return null;
  // Start times appear as ?t=, ?start= or in the fragment (#t=1m30s).
  const fragment = new URLSearchParams(url.hash.replace(/^#/, ""));
  const startSeconds = parseStartTime(url.searchParams.get("t") ?? url.searchParams.get("start") ?? fragment.get("t"));
  return { platform: "youtube", id, startSeconds, url: youtubeWatchUrl(id, startSeconds) };
}

function parseTiktok(url: URL, host: string): MediaLink | null {
  if (TIKTOK_SHORT_HOSTS.has(host)) {
    const code = url.pathname.split("/")[1];
    return code && /^[A-Za-z0-9]+$/.test(code) ? { platform: "tiktok", id: null, url: `https://${host}/${code}/`, short: true } : null;
  }
  if (host !== "tiktok.com" && host !== "m.tiktok.com") return null;
  const parts = url.pathname.split("/").filter(Boolean);
  let id: string | undefined;
  if (parts[0] === "t" && parts[1] && /^[A-Za-z0-9]+$/.test(parts[1])) {
    return { platform: "tiktok", id: null, url: `https://www.tiktok.com/t/${parts[1]}/`, short: true };
  }
  if (parts[0]?.startsWith("@") && (parts[1] === "video" || parts[1] === "photo")) id = parts[2];
  else if (parts[0] === "player" && parts[1] === "v1") id = parts[2];
  else if (parts[0] === "embed" && parts[1] === "v2") id = parts[2];
  else if (parts[0] === "embed") id = parts[1];
  else if (parts[0] === "v") id = parts[1]?.replace(/\.html$/, "");
  if (!id || !TIKTOK_ID.test(id)) return null;
  return { platform: "tiktok", id, url: tiktokVideoUrl(id) };
}

/** The YouTube or TikTok video a link names, or null for anything else (other sites, bad links). */
export function parseMediaUrl(input: string): MediaLink | null {
  const url = toUrl(input);
  if (!url) return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  return parseYoutube(url, host) ?? parseTiktok(url, host);
}
