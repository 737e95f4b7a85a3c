import "server-only";
import { playlist, user } from "@/db/schema";
import { playlistSummarySchema, type PlaylistSummary } from "@/lib/schemas/playlist";

/** A playlist row joined with its owner's names: the columns every playlist read selects. */
export interface PlaylistWithOwner {
  id: string;
  title: string;
  createdAt: Date;
  ownerUsername: string | null;
  ownerName: string;
}

/** Select these (from playlist joined with its owner) for toPlaylistSummary. */
export const playlistWithOwnerColumns = {
  id: playlist.id,
  title: playlist.title,
  createdAt: playlist.createdAt,
  ownerUsername: user.username,
  ownerName: user.name,
};

export function toPlaylistSummary(row: PlaylistWithOwner): PlaylistSummary {
  return playlistSummarySchema.parse({
    id: row.id,
    playlist_id: row.id,
    title: row.title,
    name: row.title,
    owner_username: row.ownerUsername,
    owner: row.ownerUsername ?? row.ownerName,
    created_at: row.createdAt.toISOString(),
  });
}
