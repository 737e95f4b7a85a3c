import "server-only";
import { eq, sql } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { playlist, playlistMember } from "@/db/schema";
import { joinPlaylistResultSchema, type JoinPlaylistResult } from "@/lib/schemas/playlist";
import { notFound } from "@/lib/server/http/api-error";
import { normalizeShareCode } from "./new-codes";

export const SHARE_CODE_NOT_FOUND = "No playlist has that share code. Check the code and try again.";

/**
 * POST /playlists/join: a share code makes the caller a collaborator, the owner's admin key an
 * editor. Joining again never lowers a role (an editor who types the share code stays an editor);
 * the owner stays the owner.
 */
export async function joinPlaylist(userId: string, code: string): Promise<JoinPlaylistResult> {
  const db = await getDb();
  const [byAdminKey] = await db.select().from(playlist).where(eq(playlist.adminKey, code)).limit(1);
  const shareCode = normalizeShareCode(code);
  const [byShareCode] = byAdminKey || shareCode === "" ? [] : await db.select().from(playlist).where(eq(playlist.shareCode, shareCode)).limit(1);
  const target = byAdminKey ?? byShareCode;
  if (!target) throw notFound(SHARE_CODE_NOT_FOUND);
  if (target.ownerId === userId) return joinPlaylistResultSchema.parse({ playlist_id: target.id, title: target.title, role: "owner" });

  const role = byAdminKey ? "editor" : "collaborator";
  const [member] = await db
    .insert(playlistMember)
    .values({ playlistId: target.id, userId, role })
    .onConflictDoUpdate({
      target: [playlistMember.playlistId, playlistMember.userId],
      // Upgrade collaborator → editor; never downgrade.
      set: { role: sql`case when ${playlistMember.role} = 'editor' then 'editor' else excluded.role end` },
    })
    .returning({ role: playlistMember.role });
  return joinPlaylistResultSchema.parse({ playlist_id: target.id, title: target.title, role: member?.role ?? role });
}
