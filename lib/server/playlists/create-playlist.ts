import "server-only";
import { count, eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { playlist } from "@/db/schema";
import { PLAYLISTS_PER_OWNER_MAX, type PlaylistDetail } from "@/lib/schemas/playlist";
import { conflict } from "@/lib/server/http/api-error";
import { getPlaylistDetail } from "./get-playlist-detail";
import { isUniqueViolation } from "@/lib/server/http/error-response";
import { newAdminKey, newPlaylistId, newShareCode } from "./new-codes";

/** POST /playlists: a new, empty playlist owned by the caller, with fresh share code and admin key. */
export async function createPlaylist(ownerId: string, input: { title: string }): Promise<PlaylistDetail> {
  const db = await getDb();
  const [owned] = await db.select({ n: count() }).from(playlist).where(eq(playlist.ownerId, ownerId));
  if ((owned?.n ?? 0) >= PLAYLISTS_PER_OWNER_MAX) {
    throw conflict("too_many_playlists", `You already have ${PLAYLISTS_PER_OWNER_MAX} playlists. Delete one before creating another.`);
  }
  // A share code collision is astronomically rare, but the unique constraint decides: try again.
  for (let attempt = 0; ; attempt += 1) {
    const id = newPlaylistId();
    try {
      await db.insert(playlist).values({ id, title: input.title, ownerId, shareCode: newShareCode(), adminKey: newAdminKey() });
      return getPlaylistDetail(id, ownerId);
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 4) throw error;
    }
  }
}
