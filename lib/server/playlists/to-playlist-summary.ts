import "server-only";
import { playlist, user } from "@/db/schema";
import { PRIVATE_OWNER_LABEL, playlistSummarySchema, type PlaylistSummary } from "@/lib/schemas/playlist";
import { findHostListings } from "@/lib/server/users/find-private-host-ids";

/** A playlist row joined with its owner's names: the columns every playlist read selects. */
export interface PlaylistWithOwner {
  id: string;
  title: string;
  createdAt: Date;
  ownerId: string;
  ownerUsername: string | null;
  ownerName: string;
}

/** Select these (from playlist joined with its owner) for toPlaylistSummary. */
export const playlistWithOwnerColumns = {
  id: playlist.id,
  title: playlist.title,
  createdAt: playlist.createdAt,
  ownerId: playlist.ownerId,
  ownerUsername: user.username,
  ownerName: user.name,
};

/**
 * The users among `userIds` whose profile is private, as `viewerId` reads a playlist: a private
 * profile cannot be viewed by others, so they are not named to anyone but themselves. Read when the
 * answer is made, as the party lists do, so turning a profile private hides its names at once.
 */
export async function usersHiddenFrom(userIds: readonly (string | null)[], viewerId: string | null): Promise<Set<string>> {
  const listings = await findHostListings(userIds.filter((id): id is string => id !== null && id !== viewerId));
  return new Set([...listings].flatMap(([id, listing]) => (listing.isPrivate ? [id] : [])));
}

/** `ownerHidden`: the owner's profile is private to this reader (see usersHiddenFrom). */
export function toPlaylistSummary(row: PlaylistWithOwner, ownerHidden: boolean): PlaylistSummary {
  return playlistSummarySchema.parse({
    id: row.id,
    playlist_id: row.id,
    title: row.title,
    name: row.title,
    owner_username: ownerHidden ? null : row.ownerUsername,
    owner: ownerHidden ? PRIVATE_OWNER_LABEL : (row.ownerUsername ?? row.ownerName),
    owner_private: ownerHidden,
    created_at: row.createdAt.toISOString(),
  });
}
