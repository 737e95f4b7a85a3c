import "server-only";
import { randomBytes } from "node:crypto";
import { getDb } from "@/lib/server/db";
import { scheduledParty } from "@/db/schema";
import { PAST_DATE_MESSAGE, startsInThePast, type ScheduledParty, type ScheduledPartyValues } from "@/lib/schemas/scheduled-party";
import { unprocessable } from "@/lib/server/http/api-error";
import { newInviteCode } from "@/lib/server/parties/create-party";
import { findScheduledParty, toScheduledParty } from "./scheduled-party-query";

/** Past start times are refused (422): nobody can RSVP to a party that already began. */
export async function createScheduledParty(hostId: string, input: ScheduledPartyValues): Promise<ScheduledParty> {
  if (startsInThePast(input.date_time)) throw unprocessable(`date_time: ${PAST_DATE_MESSAGE}`);
  const db = await getDb();
  const id = randomBytes(12).toString("base64url");
  await db.insert(scheduledParty).values({
    id,
    hostId,
    title: input.title,
    description: input.description,
    platform: input.show_movie,
    dateTime: new Date(input.date_time),
    privacy: input.privacy,
    inviteCode: newInviteCode(10),
  });
  const created = await findScheduledParty(id);
  if (!created) throw new Error("scheduled party vanished after insert");
  return toScheduledParty(created, hostId);
}
