import "server-only";
import { timingSafeEqual } from "node:crypto";
import { forbidden, notFound } from "@/lib/server/http/api-error";
import { findScheduledParty, hasRsvp, type ScheduledPartyRecord } from "./scheduled-party-query";

export const SCHEDULED_PARTY_NOT_FOUND = "Scheduled party not found.";

function sameCode(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given.toUpperCase());
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A party the viewer may see: public; or private and the viewer hosts it, RSVP'd to it, or holds
 * its invite code. A private party anyone else asks for answers 404, as if it did not exist.
 */
export async function getVisibleScheduledPartyOrThrow(id: string, viewerId: string | null, code?: string): Promise<ScheduledPartyRecord> {
  const found = await findScheduledParty(id);
  if (!found) throw notFound(SCHEDULED_PARTY_NOT_FOUND);
  const { party } = found;
  if (party.privacy === "public" || sameCode(code, party.inviteCode)) return found;
  if (viewerId && (party.hostId === viewerId || (await hasRsvp(party.id, viewerId)))) return found;
  throw notFound(SCHEDULED_PARTY_NOT_FOUND);
}

/** Only the host changes or deletes a party; others get 403 (404 when they cannot even see it). */
export async function getOwnScheduledPartyOrThrow(id: string, userId: string): Promise<ScheduledPartyRecord> {
  const found = await getVisibleScheduledPartyOrThrow(id, userId);
  if (found.party.hostId !== userId) throw forbidden("Only the host can change or delete this party.", "host_only");
  return found;
}
