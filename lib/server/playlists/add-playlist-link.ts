import "server-only";
import { randomUUID } from "node:crypto";
import { getDb } from "@/db/client";
import { playlistLink } from "@/db/schema";
import type { PlaylistLink } from "@/lib/schemas/playlist";
import { forbidden } from "@/lib/server/http/api-error";
import { getPlaylistOrThrow } from "./get-playlist-or-throw";
import { toPlaylistLink } from "./to-playlist-link";

/** Appends a video link to a playlist; only the playlist's owner may add (404 before 403). */
export async function addPlaylistLink(
  playlistId: string,
  userId: string,
  input: { url: string; title: string | null },
): Promise<PlaylistLink> {
  const target = await getPlaylistOrThrow(playlistId);
  if (target.ownerId !== userId) throw forbidden("Only the playlist's owner can add videos to it.");
  const db = await getDb();
  const [row] = await db
    .insert(playlistLink)
    .values({ id: randomUUID(), playlistId: target.id, url: input.url, title: input.title, addedBy: userId })
    .returning();
  if (!row) throw new Error("Insert into playlist_link returned no row");
  return toPlaylistLink(row);
}
