import "server-only";
import { desc, eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { playlist, user } from "@/db/schema";
import type { PlaylistSummary } from "@/lib/schemas/playlist";
import { playlistWithOwnerColumns, toPlaylistSummary, usersHiddenFrom } from "./to-playlist-summary";

export const PLAYLIST_LIST_LIMIT = 100;

/**
 * The public playlists list: only those their owners chose to list, newest first, at most
 * PLAYLIST_LIST_LIMIT rows. An unlisted playlist still opens for whoever has its link. The list is
 * the same for every reader: an owner whose profile is private is not named in it.
 */
export async function listPlaylists(): Promise<PlaylistSummary[]> {
  const db = await getDb();
  const rows = await db
    .select(playlistWithOwnerColumns)
    .from(playlist)
    .innerJoin(user, eq(user.id, playlist.ownerId))
    .where(eq(playlist.listed, true))
    .orderBy(desc(playlist.createdAt), desc(playlist.id))
    .limit(PLAYLIST_LIST_LIMIT);
  const hidden = await usersHiddenFrom(
    rows.map((row) => row.ownerId),
    null,
  );
  return rows.map((row) => toPlaylistSummary(row, hidden.has(row.ownerId)));
}
