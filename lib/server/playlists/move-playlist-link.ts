import "server-only";
import { and, count, eq, gt, gte, lt, lte, sql } from "drizzle-orm";
import { playlist, playlistLink } from "@/db/schema";
import type { PlaylistDetail } from "@/lib/schemas/playlist";
import { notFound } from "@/lib/server/http/api-error";
import { getPlaylistDetail } from "./get-playlist-detail";
import { inTransaction, lockPlaylistFor } from "./playlist-access";
import { PLAYLIST_LINK_NOT_FOUND } from "./remove-playlist-link";

/**
 * PATCH /playlists/{id}/links/{linkId}: moves one video to `position` (clamped to the end), shifting
 * the videos in between by one. Moving one item (rather than sending a whole new order) keeps two
 * editors' concurrent moves, adds and removals from undoing each other; the row lock serializes them.
 */
export async function movePlaylistLink(playlistId: string, linkId: string, userId: string, position: number): Promise<PlaylistDetail> {
  await inTransaction(async (tx) => {
    await lockPlaylistFor(tx, playlistId, userId, "canEdit");
    const [link] = await tx
      .select({ position: playlistLink.position })
      .from(playlistLink)
      .where(and(eq(playlistLink.id, linkId), eq(playlistLink.playlistId, playlistId)))
      .limit(1);
    if (!link) throw notFound(PLAYLIST_LINK_NOT_FOUND);
    const [total] = await tx.select({ n: count() }).from(playlistLink).where(eq(playlistLink.playlistId, playlistId));
    const from = link.position;
    const to = Math.min(position, (total?.n ?? 1) - 1);
    if (from === to) return;
    const inList = eq(playlistLink.playlistId, playlistId);
    if (to < from) {
      await tx
        .update(playlistLink)
        .set({ position: sql`${playlistLink.position} + 1` })
        .where(and(inList, gte(playlistLink.position, to), lt(playlistLink.position, from)));
    } else {
      await tx
        .update(playlistLink)
        .set({ position: sql`${playlistLink.position} - 1` })
        .where(and(inList, gt(playlistLink.position, from), lte(playlistLink.position, to)));
    }
    await tx.update(playlistLink).set({ position: to }).where(eq(playlistLink.id, linkId));
    await tx.update(playlist).set({ updatedAt: new Date() }).where(eq(playlist.id, playlistId));
  });
  return getPlaylistDetail(playlistId, userId);
}
