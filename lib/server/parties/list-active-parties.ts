import "server-only";
import { and, desc, eq, ne } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { liveParty } from "@/db/schema";
import type { ActiveParty } from "@/lib/schemas/party";
import { partySize } from "@/lib/server/realtime/rooms";
import { findHostListings } from "@/lib/server/users/find-private-host-ids";
import { toActiveParty } from "./party-row";

/** Public parties that have not ended, newest first (unauthenticated, at most 100). */
export async function listActiveParties(limit: number): Promise<ActiveParty[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(liveParty)
    .where(and(eq(liveParty.visibility, "public"), ne(liveParty.state, "ENDED")))
    .orderBy(desc(liveParty.createdAt))
    .limit(limit);
  const hosts = await findHostListings(rows.map((row) => row.hostId));
  return Promise.all(rows.map(async (row) => toActiveParty(row, await partySize(row.id), hosts.get(row.hostId))));
}
