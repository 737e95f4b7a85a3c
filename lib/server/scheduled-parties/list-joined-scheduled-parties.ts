import "server-only";
import { asc, eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { scheduledParty, scheduledPartyRsvp, user } from "@/db/schema";
import { joinedRecordListSchema, type JoinedRecord } from "@/lib/schemas/scheduled-party";
import { hidesHost, rsvpCountSql, SCHEDULED_PARTY_LIST_LIMIT, statusOf } from "./scheduled-party-query";

/** GET /scheduled-parties/me/joined: the parties the user RSVP'd to, soonest first. */
export async function listJoinedScheduledParties(userId: string): Promise<JoinedRecord[]> {
  const db = await getDb();
  const rows = await db
    .select({ party: scheduledParty, rsvpedAt: scheduledPartyRsvp.createdAt, hostUsername: user.username, hostName: user.name, hostPrivate: user.profilePrivate, rsvpCount: rsvpCountSql })
    .from(scheduledPartyRsvp)
    .innerJoin(scheduledParty, eq(scheduledParty.id, scheduledPartyRsvp.partyId))
    .innerJoin(user, eq(user.id, scheduledParty.hostId))
    .where(eq(scheduledPartyRsvp.userId, userId))
    .orderBy(asc(scheduledParty.dateTime))
    .limit(SCHEDULED_PARTY_LIST_LIMIT);
  return joinedRecordListSchema.parse(
    rows.map(({ party, rsvpedAt, hostUsername, hostName, hostPrivate, rsvpCount }) => {
      const hidden = hidesHost(hostPrivate, party.hostId, userId);
      return {
      id: party.id,
      scheduled_party_id: party.id,
      title: party.title,
      date_time: party.dateTime.toISOString(),
      status: statusOf(party.dateTime),
      host_username: hidden ? null : hostUsername,
      host_display_name: hidden ? null : hostName,
      host_private: hidden,
      show_movie: party.platform,
      privacy: party.privacy,
      rsvp_count: Number(rsvpCount),
      rsvped_at: rsvpedAt.toISOString(),
      };
    }),
  );
}
