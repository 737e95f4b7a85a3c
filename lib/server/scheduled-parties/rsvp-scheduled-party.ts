import "server-only";
/**
 * RSVP and un-RSVP, both idempotent. A second RSVP succeeds with a message containing
 * "Already RSVP" (which counts as success); the count is read back from the database.
 */
import { and, eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { unprocessable } from "@/lib/server/http/api-error";
import { scheduledPartyRsvp } from "@/db/schema";
import { ALREADY_RSVPD_MESSAGE, rsvpResultSchema, type RsvpResult } from "@/lib/schemas/scheduled-party";
import { getVisibleScheduledPartyOrThrow } from "./get-scheduled-party-or-throw";
import { findScheduledParty } from "./scheduled-party-query";

async function result(partyId: string, rsvped: boolean, message: string): Promise<RsvpResult> {
  const found = await findScheduledParty(partyId);
  return rsvpResultSchema.parse({ message, scheduled_party_id: partyId, rsvped, rsvp_count: Number(found?.rsvpCount ?? 0) });
}

export const HOST_CANNOT_RSVP_MESSAGE = "You host this party, so you cannot RSVP to it.";

export async function rsvpScheduledParty(partyId: string, userId: string, code?: string): Promise<{ created: boolean; body: RsvpResult }> {
  const { party } = await getVisibleScheduledPartyOrThrow(partyId, userId, code);
  // The host is at their own party anyway; an RSVP would only inflate its count.
  if (party.hostId === userId) throw unprocessable(HOST_CANNOT_RSVP_MESSAGE, "host_cannot_rsvp");
  const db = await getDb();
  const inserted = await db.insert(scheduledPartyRsvp).values({ partyId, userId }).onConflictDoNothing().returning();
  const created = inserted.length > 0;
  return { created, body: await result(partyId, true, created ? "RSVP'd to this party." : ALREADY_RSVPD_MESSAGE) };
}

export async function unRsvpScheduledParty(partyId: string, userId: string): Promise<RsvpResult> {
  await getVisibleScheduledPartyOrThrow(partyId, userId);
  const db = await getDb();
  const deleted = await db
    .delete(scheduledPartyRsvp)
    .where(and(eq(scheduledPartyRsvp.partyId, partyId), eq(scheduledPartyRsvp.userId, userId)))
    .returning();
  return result(partyId, false, deleted.length > 0 ? "Un-RSVP'd from this party." : "Not RSVP'd to this party.");
}
