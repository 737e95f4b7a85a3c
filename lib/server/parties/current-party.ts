import "server-only";
import { and, desc, eq, isNull, ne } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { liveParty, livePartyMember } from "@/db/schema";
import { platformName } from "@/lib/platforms";
import { currentPartySchema, type CurrentParty } from "@/lib/schemas/party";
import { findStartedRsvpParty } from "@/lib/server/scheduled-parties/find-started-rsvp-party";
import { leaveVoiceOfParty } from "./leave-voice-of-party";
import { recordMembership } from "./membership";

async function currentMembership(memberId: string) {
  const db = await getDb();
  const [found] = await db
    .select({ party: liveParty, member: livePartyMember })
    .from(livePartyMember)
    .innerJoin(liveParty, eq(liveParty.id, livePartyMember.partyId))
    .where(and(eq(livePartyMember.memberId, memberId), isNull(livePartyMember.leftAt), ne(liveParty.state, "ENDED")))
    .orderBy(desc(livePartyMember.joinedAt))
    .limit(1);
  return found;
}

/**
 * The party the member is in, and (accounts) a live party started from a scheduled party they RSVP'd
 * to that they have not joined yet, so their profile can offer to join it.
 */
export async function getCurrentParty(memberId: string): Promise<CurrentParty> {
  const found = await currentMembership(memberId);
  const rsvpParty = await findStartedRsvpParty(memberId, found?.party.id ?? null);
  const rsvp = rsvpParty ? { rsvp_party: rsvpParty } : {};
  if (!found) return currentPartySchema.parse({ current_party: null, ...rsvp });
  const { party, member } = found;
  return currentPartySchema.parse({
    current_party: {
      id: party.id,
      title: party.videoTitle,
      video_title: party.videoTitle,
      platform: platformName(party.platformDomain),
      chat_provider: party.chatProvider,
      host_username: party.hostUsername,
      host_display_name: party.hostDisplayName,
      party_role: member.role === "host" ? "host" : "guest",
      joined_at: member.joinedAt.toISOString(),
      state: party.state,
    },
    ...rsvp,
  });
}

/**
 * Leaves the current party; a host leaving ends it. Every app instance refuses the member's commands
 * from now on. Returns whether there was one.
 */
export async function leaveCurrentParty(memberId: string, endParty: (partyId: string) => Promise<void>): Promise<boolean> {
  const found = await currentMembership(memberId);
  if (!found) return false;
  const db = await getDb();
  await db
    .update(livePartyMember)
    .set({ leftAt: new Date() })
    .where(and(eq(livePartyMember.partyId, found.party.id), eq(livePartyMember.memberId, memberId)));
  await recordMembership(found.party.id, memberId, false);
  if (found.member.role === "host") await endParty(found.party.id);
  else await leaveVoiceOfParty(found.party.id, memberId);
  return true;
}
