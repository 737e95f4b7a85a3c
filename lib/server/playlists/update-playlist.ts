import "server-only";
import { eq } from "drizzle-orm";
import { playlist } from "@/db/schema";
import type { PlaylistDetail } from "@/lib/schemas/playlist";
import { getPlaylistDetail } from "./get-playlist-detail";
import { inTransaction, lockPlaylistFor, requireRight } from "./playlist-access";

/**
 * PATCH /playlists/{id}: rename and/or switch the accepted platforms (owner and editors), and list it
 * publicly or not (owner only; nothing is written when a field is refused).
 */
export async function updatePlaylist(
  id: string,
  userId: string,
  input: { title?: string; accept_youtube?: boolean; accept_tiktok?: boolean; listed?: boolean },
): Promise<PlaylistDetail> {
  await inTransaction(async (tx) => {
    const { role } = await lockPlaylistFor(tx, id, userId, "canEdit");
    if (input.listed !== undefined) requireRight(role, "canList");
    await tx
      .update(playlist)
      .set({
        ...(input.title !== undefined && { title: input.title }),
        ...(input.accept_youtube !== undefined && { acceptYoutube: input.accept_youtube }),
        ...(input.accept_tiktok !== undefined && { acceptTiktok: input.accept_tiktok }),
        ...(input.listed !== undefined && { listed: input.listed }),
        updatedAt: new Date(),
      })
      .where(eq(playlist.id, id));
  });
  return getPlaylistDetail(id, userId);
}
