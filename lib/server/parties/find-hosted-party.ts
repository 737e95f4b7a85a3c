import "server-only";
import { and, eq, ne } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { liveParty } from "@/db/schema";
import type { PartyRow } from "./party-row";

/** The live party `hostId` runs now, if any (at most one: a unique index sees to that). */
export async function findHostedParty(hostId: string): Promise<PartyRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(liveParty)
    .where(and(eq(liveParty.hostId, hostId), ne(liveParty.state, "ENDED")))
    .limit(1);
  return row;
}
