import "server-only";
/** The players' configuration for this request (read per request: one build serves any setting). */
import type { EmbedPlayers } from "@/lib/media/embed-players";
import { getEnv } from "./env";

export function embedPlayers(): EmbedPlayers {
  const env = getEnv();
  return { youtubeApi: env.VP_YOUTUBE_IFRAME_API_URL, tiktokPlayer: env.VP_TIKTOK_PLAYER_URL };
}
