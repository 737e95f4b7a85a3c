import "server-only";
import { eq } from "drizzle-orm";
import { playlist } from "@/db/schema";
import { twitchBots } from "@/lib/server/twitch-bot/bot-manager";
import { inTransaction, lockPlaylistFor } from "./playlist-access";

/**
 * DELETE /playlists/{id}: the owner deletes the playlist; its videos, members and settings go with
 * it, and its Twitch chat bot stops (here at once, on another instance at its next sweep).
 */
export async function deletePlaylist(id: string, userId: string): Promise<void> {
  await inTransaction(async (tx) => {
    await lockPlaylistFor(tx, id, userId, "canDelete");
    await tx.delete(playlist).where(eq(playlist.id, id));
  });
  await twitchBots().sweep();
}
