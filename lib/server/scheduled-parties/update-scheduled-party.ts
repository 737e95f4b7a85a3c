import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { scheduledParty } from "@/db/schema";
import type { ScheduledParty, ScheduledPartyValues } from "@/lib/schemas/scheduled-party";
import { getOwnScheduledPartyOrThrow } from "./get-scheduled-party-or-throw";
import { findScheduledParty, toScheduledParty } from "./scheduled-party-query";

/** PUT /scheduled-parties/{id}: the host replaces the party's fields. */
export async function updateScheduledParty(id: string, userId: string, input: ScheduledPartyValues): Promise<ScheduledParty> {
  await getOwnScheduledPartyOrThrow(id, userId);
  const db = await getDb();
  await db
    .update(scheduledParty)
    .set({
      title: input.title,
      description: input.description,
      platform: input.show_movie,
      dateTime: new Date(input.date_time),
      privacy: input.privacy,
      updatedAt: new Date(),
    })
    .where(eq(scheduledParty.id, id));
  const updated = await findScheduledParty(id);
  if (!updated) throw new Error("scheduled party vanished during update");
  return toScheduledParty(updated, userId);
}
