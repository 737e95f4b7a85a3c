import "server-only";
import { asc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { playlist, playlistLink, user } from "@/db/schema";
import { playlistDetailSchema, type PlaylistDetail } from "@/lib/schemas/playlist";
import { notFound } from "@/lib/server/http/api-error";
import { toPlaylistLink } from "./to-playlist-link";
import { toPlaylistSummary } from "./to-playlist-summary";

/** One playlist with its links in play order; the share code only for its owner (`viewerId`). */
export async function getPlaylistDetail(id: string, viewerId: string | null): Promise<PlaylistDetail> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: playlist.id,
      title: playlist.title,
      createdAt: playlist.createdAt,
      ownerId: playlist.ownerId,
      shareCode: playlist.shareCode,
      ownerUsername: user.username,
      ownerName: user.name,
    })
    .from(playlist)
    .innerJoin(user, eq(user.id, playlist.ownerId))
    .where(eq(playlist.id, id))
    .limit(1);
  if (!row) throw notFound("Playlist not found");
  const links = await db
    .select()
    .from(playlistLink)
    .where(eq(playlistLink.playlistId, id))
    .orderBy(asc(playlistLink.createdAt), asc(playlistLink.id));
  return playlistDetailSchema.parse({
    ...toPlaylistSummary(row),
    share_code: viewerId !== null && viewerId === row.ownerId ? row.shareCode : null,
    links: links.map(toPlaylistLink),
  });
}
