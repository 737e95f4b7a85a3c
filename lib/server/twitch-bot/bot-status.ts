import "server-only";
/**
 * The bot's status lives in the playlist's Twitch row, so whichever instance answers the panel sees
 * what the instance running the bot reported. Written only while the bot is enabled: once the owner
 * disconnects (status set to "disconnected" in the same write), a bot still winding down on another
 * instance cannot overwrite it.
 */
import { and, eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { playlistTwitch } from "@/db/schema";
import type { TwitchBotStatus } from "@/lib/schemas/playlist";

export async function writeBotStatus(playlistId: string, status: TwitchBotStatus, detail: string | null): Promise<void> {
  const db = await getDb();
  await db
    .update(playlistTwitch)
    .set({ botStatus: status, botError: detail })
    .where(and(eq(playlistTwitch.playlistId, playlistId), eq(playlistTwitch.botEnabled, true)));
}
