/**
 * The one list of third-party origins the site's pages may frame, load scripts from, connect to and
 * show images from. The Content-Security-Policy (lib/security/content-security-policy.ts) is built
 * from it and nothing else, so a new embed is allowed by adding its origin here, in one line. The
 * YouTube and TikTok players (watch room and playlist page) come from one server configuration
 * (lib/media/embed-players.ts), and the policy allows exactly their origins.
 *
 * A test (tests/unit/content-security-policy.test.ts) checks that every embed URL the site builds
 * (Twitch player, the YouTube and TikTok players) is allowed here.
 */
import type { EmbedPlayers } from "@/lib/media/embed-players";

/** Twitch's live player (profiles' Twitch box): `https://player.twitch.tv/?channel=…&parent=…`. */
export const TWITCH_PLAYER_ORIGIN = "https://player.twitch.tv";
/** Twitch's chat embed (party chat provider "twitch"): `https://www.twitch.tv/embed/{channel}/chat?parent=…`. */
export const TWITCH_CHAT_ORIGIN = "https://www.twitch.tv";

/** `https://www.youtube.com/iframe_api` → `https://www.youtube.com` (for URLs that come from configuration). */
export function originOf(url: string): string {
  return new URL(url).origin;
}

export interface CspSources {
  /** frame-src: what pages may embed in an iframe. */
  frame: string[];
  /** script-src additions to the site's own scripts (e.g. a player's IFrame API script). */
  script: string[];
  /** connect-src additions to the site's own API (fetch, EventSource, WebSocket). */
  connect: string[];
  /** img-src additions to the site's own images. */
  img: string[];
  /** media-src additions (a player script that plays media in the page itself). */
  media: string[];
}

/**
 * Images: profile pictures come from whichever sign-in provider or Twitch CDN host the account has
 * (and a self-hoster may add OpenID providers), so any https image is allowed; images cannot run code.
 */
export function cspSources(players: EmbedPlayers): CspSources {
  // YouTube's API script frames its players from its own origin (and the stand-in plays in the page).
  const youtubeApi = originOf(players.youtubeApi);
  return {
    frame: [TWITCH_PLAYER_ORIGIN, TWITCH_CHAT_ORIGIN, youtubeApi, originOf(players.tiktokPlayer)],
    script: [youtubeApi],
    connect: [],
    img: ["data:", "blob:", "https:"],
    media: [youtubeApi],
  };
}
