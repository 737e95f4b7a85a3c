import "server-only";
/**
 * Who may do what to a playlist. Every write resolves the caller's role here, inside the write's
 * transaction with the playlist row locked, so concurrent edits of one playlist run one at a time
 * and a permission checked is still true when the write lands.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { getDb } from "@/lib/server/db";
import { playlist, playlistMember } from "@/db/schema";
import { playlistRights, type PlaylistRole } from "@/lib/schemas/playlist";
import { forbidden, notFound } from "@/lib/server/http/api-error";

export type PlaylistRow = typeof playlist.$inferSelect;
export type PlaylistRight = keyof ReturnType<typeof playlistRights>;

export const PLAYLIST_NOT_FOUND = "Playlist not found";

const DENIED: Record<PlaylistRight, string> = {
  canAdd: "Only the playlist's owner and people who joined it with its share code can add videos.",
  canEdit: "Only the playlist's owner and its admins can change this playlist.",
  canDelete: "Only the playlist's owner can delete it.",
  canManageTwitch: "Only the playlist's owner can change its Twitch settings.",
  canList: "Only the playlist's owner can choose whether it is listed publicly.",
  seesShareCode: "Only the playlist's members can see its share code.",
};

export async function findPlaylist(id: string): Promise<PlaylistRow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(playlist).where(eq(playlist.id, id)).limit(1);
  return row;
}

export async function roleIn(db: Db, row: PlaylistRow, userId: string | null): Promise<PlaylistRole> {
  if (!userId) return "viewer";
  if (row.ownerId === userId) return "owner";
  const [member] = await db
    .select({ role: playlistMember.role })
    .from(playlistMember)
    .where(and(eq(playlistMember.playlistId, row.id), eq(playlistMember.userId, userId)))
    .limit(1);
  return member?.role === "editor" || member?.role === "collaborator" ? member.role : "viewer";
}

export function requireRight(role: PlaylistRole, right: PlaylistRight): void {
  if (!playlistRights(role)[right]) throw forbidden(DENIED[right]);
}

/**
 * Locks the playlist row (FOR UPDATE) in `tx`, checks the caller holds `right`, and returns the row
 * and role. Unknown playlist → 404; a right the caller lacks → 403 (nothing is written).
 */
export async function lockPlaylistFor(tx: Db, id: string, userId: string, right: PlaylistRight): Promise<{ row: PlaylistRow; role: PlaylistRole }> {
  const [row] = await tx.select().from(playlist).where(eq(playlist.id, id)).for("update");
  if (!row) throw notFound(PLAYLIST_NOT_FOUND);
  const role = await roleIn(tx, row, userId);
  requireRight(role, right);
  return { row, role };
}

/** The transaction type: drizzle's transaction is a database handle scoped to one connection. */
export async function inTransaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
  const db = await getDb();
  return db.transaction((tx) => work(tx as unknown as Db));
}
