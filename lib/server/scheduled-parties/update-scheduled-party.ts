import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { scheduledParty } from "@/db/schema";
import { PAST_DATE_MESSAGE, startsInThePast, type ScheduledParty, type ScheduledPartyValues } from "@/lib/schemas/scheduled-party";
import { unprocessable } from "@/lib/server/http/api-error";
import { getOwnScheduledPartyOrThrow } from "./get-scheduled-party-or-throw";
import { findScheduledParty, toScheduledParty } from "./scheduled-party-query";

/**
 * PUT /scheduled-parties/{id}: the host replaces the party's fields. A new start time in the past is
 * refused (422); the party's own start time may be sent back unchanged after it passed, so a host
 * can still fix the description of a party that has begun.
 */
export async function updateScheduledParty(id: string, userId: string, input: ScheduledPartyValues): Promise<ScheduledParty> {
  const { party } = await getOwnScheduledPartyOrThrow(id, userId);
  const moved = Date.parse(input.date_time) !== party.dateTime.getTime();
  if (moved && startsInThePast(input.date_time)) throw unprocessable(`date_time: ${PAST_DATE_MESSAGE}`);
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
