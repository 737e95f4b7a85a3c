/**
 * Where the site's YouTube and TikTok players come from — the watch room's and the playlist page's
 * alike. One server configuration (VP_YOUTUBE_IFRAME_API_URL, VP_TIKTOK_PLAYER_URL, read at run time
 * by lib/server/env.ts), handed to the pages that embed a player and to the Content-Security-Policy,
 * which allows exactly these origins. Production defaults are the real players; tests point them at
 * local stand-ins.
 */
export interface EmbedPlayers {
  /** The YouTube IFrame Player API script; it frames its players from the same origin. */
  youtubeApi: string;
  /** The TikTok embed player's base URL (`{base}{videoId}`). */
  tiktokPlayer: string;
}
