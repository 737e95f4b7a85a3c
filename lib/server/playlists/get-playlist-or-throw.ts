import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { playlist } from "@/db/schema";
import { notFound } from "@/lib/server/http/api-error";

export type PlaylistRow = typeof playlist.$inferSelect;

export async function findPlaylist(id: string): Promise<PlaylistRow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(playlist).where(eq(playlist.id, id)).limit(1);
  return row;
}

export async function getPlaylistOrThrow(id: string): Promise<PlaylistRow> {
  const row = await findPlaylist(id);
  if (!row) throw notFound("Playlist not found");
  return row;
}
