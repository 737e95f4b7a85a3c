import "server-only";
import { inArray } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { user } from "@/db/schema";

/** How a party host is shown in the public lists: hidden when private, with their picture if any. */
export interface HostListing {
  isPrivate: boolean;
  /** The profile picture, never a private host's. */
  imageUrl: string | null;
}

const GUEST_HOST: HostListing = { isPrivate: false, imageUrl: null };

/**
 * Read when a list is answered (so a host who turns their profile private disappears from the lists
 * at once, and a new picture shows). Guests have no profile: never private, no picture.
 */
export async function findHostListings(hostIds: readonly string[]): Promise<Map<string, HostListing>> {
  const ids = [...new Set(hostIds)];
  const listings = new Map<string, HostListing>(ids.map((id) => [id, GUEST_HOST]));
  if (ids.length === 0) return listings;
  const db = await getDb();
  const rows = await db.select({ id: user.id, isPrivate: user.profilePrivate, image: user.image }).from(user).where(inArray(user.id, ids));
  for (const row of rows) listings.set(row.id, { isPrivate: row.isPrivate, imageUrl: row.isPrivate ? null : row.image || null });
  return listings;
}

export async function hostListing(hostId: string): Promise<HostListing> {
  return (await findHostListings([hostId])).get(hostId) ?? GUEST_HOST;
}

export async function isPrivateHost(hostId: string): Promise<boolean> {
  return (await hostListing(hostId)).isPrivate;
}
