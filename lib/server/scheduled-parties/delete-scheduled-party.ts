import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { scheduledParty } from "@/db/schema";
import { getOwnScheduledPartyOrThrow } from "./get-scheduled-party-or-throw";

/** DELETE /scheduled-parties/{id}: the host deletes the party (its RSVPs go with it). */
export async function deleteScheduledParty(id: string, userId: string): Promise<void> {
  await getOwnScheduledPartyOrThrow(id, userId);
  const db = await getDb();
  await db.delete(scheduledParty).where(eq(scheduledParty.id, id));
}
