import "server-only";
import { asc, eq, getTableColumns } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { playlist, playlistLink, user } from "@/db/schema";
import { PLAYLIST_MAX_VIDEOS, playlistDetailSchema, playlistRights, type PlaylistDetail } from "@/lib/schemas/playlist";
import { notFound } from "@/lib/server/http/api-error";
import { PLAYLIST_NOT_FOUND, roleIn } from "./playlist-access";
import { toPlaylistLink } from "./to-playlist-link";
import { toPlaylistSummary, usersHiddenFrom } from "./to-playlist-summary";

/**
 * GET /playlists/{id}: the playlist with its videos in play order and the caller's role. Members see
 * the share code; only the owner sees the admin key. Whoever keeps their profile private (the owner,
 * someone who added a video) is named to themselves only.
 */
export async function getPlaylistDetail(id: string, viewerId: string | null): Promise<PlaylistDetail> {
  const db = await getDb();
  const [row] = await db
    .select({ playlist, ownerUsername: user.username, ownerName: user.name })
    .from(playlist)
    .innerJoin(user, eq(user.id, playlist.ownerId))
    .where(eq(playlist.id, id))
    .limit(1);
  if (!row) throw notFound(PLAYLIST_NOT_FOUND);
  const role = await roleIn(db, row.playlist, viewerId);
  const rights = playlistRights(role);
  const links = await db
    .select({ ...getTableColumns(playlistLink), addedByUsername: user.username })
    .from(playlistLink)
    .leftJoin(user, eq(user.id, playlistLink.addedBy))
    .where(eq(playlistLink.playlistId, id))
    .orderBy(asc(playlistLink.position), asc(playlistLink.createdAt), asc(playlistLink.id));
  const hidden = await usersHiddenFrom([row.playlist.ownerId, ...links.map((link) => link.addedBy)], viewerId);
  return playlistDetailSchema.parse({
    ...toPlaylistSummary({ ...row.playlist, ownerUsername: row.ownerUsername, ownerName: row.ownerName }, hidden.has(row.playlist.ownerId)),
    role,
    accept_youtube: row.playlist.acceptYoutube,
    accept_tiktok: row.playlist.acceptTiktok,
    listed: row.playlist.listed,
    total_videos: links.length,
    max_videos: PLAYLIST_MAX_VIDEOS,
    share_code: rights.seesShareCode ? row.playlist.shareCode : null,
    admin_key: role === "owner" ? row.playlist.adminKey : null,
    links: links.map((link) => toPlaylistLink(link.addedBy !== null && hidden.has(link.addedBy) ? { ...link, addedByUsername: null } : link, { id: viewerId, role })),
  });
}
