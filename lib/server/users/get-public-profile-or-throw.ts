import "server-only";
import { USERNAME_PATTERN } from "@/lib/reserved-usernames";
import { notFound } from "@/lib/server/http/api-error";
import { findUserByUsername, findUserById, type UserRow } from "./get-user-or-throw";

export const USER_NOT_FOUND = "User not found";

/** Route parameters may arrive still percent-encoded; a malformed escape is simply not a username. */
function safeDecode(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** A profile the viewer may see: it exists and is public, or it is the viewer's own. */
function visibleTo(row: UserRow | undefined, viewerId: string | null): row is UserRow {
  return Boolean(row) && (!row!.profilePrivate || row!.id === viewerId);
}

export async function findVisibleProfile(rawUsername: string, viewerId: string | null): Promise<UserRow | undefined> {
  const username = safeDecode(rawUsername);
  if (!USERNAME_PATTERN.test(username)) return undefined;
  const row = await findUserByUsername(username);
  return visibleTo(row, viewerId) ? row : undefined;
}

/** Private profiles answer exactly like missing ones, so nobody can probe which names exist. */
export async function getVisibleProfileOrThrow(rawUsername: string, viewerId: string | null): Promise<UserRow> {
  const row = await findVisibleProfile(rawUsername, viewerId);
  if (!row) throw notFound(USER_NOT_FOUND);
  return row;
}

/** The same rule by user id (GET /scheduled-parties/host/{id}). */
export async function getVisibleHostOrThrow(id: string, viewerId: string | null): Promise<UserRow> {
  const row = await findUserById(id);
  if (!visibleTo(row, viewerId)) throw notFound(USER_NOT_FOUND);
  return row;
}
