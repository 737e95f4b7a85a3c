import "server-only";
import { and, desc, eq, ne } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { liveParty, scheduledParty, scheduledPartyRsvp } from "@/db/schema";
import { platformName } from "@/lib/platforms";
import type { CurrentParty } from "@/lib/schemas/party";
import { isPrivateHost } from "@/lib/server/users/find-private-host-ids";
import { liveJoin } from "./scheduled-party-query";

/**
 * The most recently started live party among the scheduled parties `userId` RSVP'd to, while it runs
 * (the profile's Current Party offers to join it). `exceptPartyId`: the party the user is in already.
 */
export async function findStartedRsvpParty(userId: string, exceptPartyId: string | null): Promise<CurrentParty["rsvp_party"]> {
  const db = await getDb();
  const rows = await db
    .select({ scheduled: scheduledParty, live: liveParty })
    .from(scheduledPartyRsvp)
    .innerJoin(scheduledParty, eq(scheduledParty.id, scheduledPartyRsvp.partyId))
    .innerJoin(liveParty, eq(liveParty.id, scheduledParty.livePartyId))
    .where(and(eq(scheduledPartyRsvp.userId, userId), ne(liveParty.state, "ENDED")))
    .orderBy(desc(liveParty.createdAt))
    .limit(2);
  const found = rows.find((r) => r.live.id !== exceptPartyId);
  if (!found) return undefined;
  const { scheduled, live } = found;
  const join = liveJoin({ id: live.id, state: live.state, inviteCode: live.inviteCode, visibility: live.visibility });
  if (!join) return undefined;
  return {
    id: live.id,
    join_id: join.join_id,
    scheduled_party_id: scheduled.id,
    title: scheduled.title,
    video_title: live.videoTitle,
    platform: platformName(live.platformDomain),
    host_display_name: (await isPrivateHost(live.hostId)) ? null : live.hostDisplayName,
    state: live.state as "ACTIVE",
  };
}
