import "server-only";
import type { playlistLink } from "@/db/schema";
import { parseMediaUrl } from "@/lib/media/parse-media-url";
import { playlistLinkSchema, type PlaylistLink, type PlaylistRole } from "@/lib/schemas/playlist";

type LinkRow = typeof playlistLink.$inferSelect & { addedByUsername: string | null };

/**
 * A stored link as clients see it. Platform, video id and start time are derived from the stored
 * URL by the one parser, so a player or a party queue reads them without parsing links itself.
 */
export function toPlaylistLink(row: LinkRow, viewer: { id: string | null; role: PlaylistRole }): PlaylistLink {
  const media = parseMediaUrl(row.url);
  const canRemove = viewer.role === "owner" || viewer.role === "editor" || (viewer.role === "collaborator" && row.addedBy === viewer.id);
  return playlistLinkSchema.parse({
    id: row.id,
    playlist_id: row.playlistId,
    position: row.position,
    url: row.url,
    title: row.title,
    platform: media?.platform ?? null,
    video_id: media?.id ?? null,
    start_seconds: media?.platform === "youtube" ? media.startSeconds : 0,
    added_by_username: row.addedByUsername,
    can_remove: canRemove,
    created_at: row.createdAt.toISOString(),
  });
}
