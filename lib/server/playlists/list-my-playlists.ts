import "server-only";
import { and, desc, eq, or, sql } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { playlist, playlistMember, user } from "@/db/schema";
import { myPlaylistSchema, type MyPlaylist } from "@/lib/schemas/playlist";
import { playlistWithOwnerColumns, toPlaylistSummary, usersHiddenFrom } from "./to-playlist-summary";

/** GET /playlists/me: playlists the caller owns or joined (newest first), with role and video count. */
export async function listMyPlaylists(userId: string): Promise<MyPlaylist[]> {
  const db = await getDb();
  const rows = await db
    .select({
      ...playlistWithOwnerColumns,
      memberRole: playlistMember.role,
      total: sql<number>`(select count(*) from playlist_link where playlist_link.playlist_id = ${playlist.id})::int`,
    })
    .from(playlist)
    .innerJoin(user, eq(user.id, playlist.ownerId))
    .leftJoin(playlistMember, and(eq(playlistMember.playlistId, playlist.id), eq(playlistMember.userId, userId)))
    .where(or(eq(playlist.ownerId, userId), eq(playlistMember.userId, userId)))
    .orderBy(desc(playlist.createdAt), desc(playlist.id));
  const hidden = await usersHiddenFrom(
    rows.map((row) => row.ownerId),
    userId,
  );
  return rows.map((row) =>
    myPlaylistSchema.parse({
      ...toPlaylistSummary(row, hidden.has(row.ownerId)),
      role: row.ownerId === userId ? "owner" : row.memberRole,
      total_videos: Number(row.total),
    }),
  );
}
