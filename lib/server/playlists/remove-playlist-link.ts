import "server-only";
import { and, eq, gt, sql } from "drizzle-orm";
import { playlist, playlistLink } from "@/db/schema";
import { forbidden, notFound } from "@/lib/server/http/api-error";
import { inTransaction, lockPlaylistFor, requireRight } from "./playlist-access";

export const PLAYLIST_LINK_NOT_FOUND = "Video not found in this playlist";

/**
 * DELETE /playlists/{id}/links/{linkId}: owner and editors remove any video, a collaborator the
 * ones they added. The videos after it move up one place, so positions stay 0..n-1.
 */
export async function removePlaylistLink(playlistId: string, linkId: string, userId: string): Promise<void> {
  await inTransaction(async (tx) => {
    const { role } = await lockPlaylistFor(tx, playlistId, userId, "canAdd");
    const [link] = await tx
      .select()
      .from(playlistLink)
      .where(and(eq(playlistLink.id, linkId), eq(playlistLink.playlistId, playlistId)))
      .limit(1);
    if (!link) throw notFound(PLAYLIST_LINK_NOT_FOUND);
    if (role === "collaborator") {
      if (link.addedBy !== userId) throw forbidden("Collaborators can remove only the videos they added.");
    } else {
      requireRight(role, "canEdit");
    }
    await tx.delete(playlistLink).where(eq(playlistLink.id, linkId));
    await tx
      .update(playlistLink)
      .set({ position: sql`${playlistLink.position} - 1` })
      .where(and(eq(playlistLink.playlistId, playlistId), gt(playlistLink.position, link.position)));
    await tx.update(playlist).set({ updatedAt: new Date() }).where(eq(playlist.id, playlistId));
  });
}
