import "server-only";
import type { playlistLink } from "@/db/schema";
import { playlistLinkSchema, type PlaylistLink } from "@/lib/schemas/playlist";

export function toPlaylistLink(row: typeof playlistLink.$inferSelect): PlaylistLink {
  return playlistLinkSchema.parse({
    id: row.id,
    playlist_id: row.playlistId,
    url: row.url,
    title: row.title,
    created_at: row.createdAt.toISOString(),
  });
}
