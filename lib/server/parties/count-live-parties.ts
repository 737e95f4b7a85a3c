import "server-only";
import { count, ne } from "drizzle-orm";
import { liveParty } from "@/db/schema";
import { getDb } from "@/lib/server/db";

/** Live parties (not ended) in the database: every instance's. */
export async function countLiveParties(): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(liveParty).where(ne(liveParty.state, "ENDED"));
  return row?.n ?? 0;
}
