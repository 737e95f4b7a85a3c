import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { getDb } from "@/db/client";
import { user } from "@/db/schema";

/**
 * Which of these party hosts keep their profile private, read when a list is answered (so a host who
 * turns their profile private disappears from the lists at once). Guests have no profile: never private.
 */
export async function findPrivateHostIds(hostIds: readonly string[]): Promise<Set<string>> {
  const ids = [...new Set(hostIds)];
  if (ids.length === 0) return new Set();
  const db = await getDb();
  const rows = await db
    .select({ id: user.id })
    .from(user)
    .where(and(inArray(user.id, ids), eq(user.profilePrivate, true)));
  return new Set(rows.map((row) => row.id));
}

export async function isPrivateHost(hostId: string): Promise<boolean> {
  return (await findPrivateHostIds([hostId])).has(hostId);
}
