import "server-only";
/**
 * The one read shape for scheduled parties: the row, its host's names and its RSVP count (counted
 * by the database), mapped to the public response. Visibility rules live here too, so every list
 * and lookup applies the same ones.
 */
import { and, asc, eq, or, sql, type SQL } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { liveParty, scheduledParty, scheduledPartyRsvp, user } from "@/db/schema";
import { scheduledPartySchema, type ScheduledParty } from "@/lib/schemas/scheduled-party";

export type ScheduledPartyRow = typeof scheduledParty.$inferSelect;

/** Lists answer at most this many parties. */
export const SCHEDULED_PARTY_LIST_LIMIT = 200;

export const rsvpCountSql = sql<number>`(select count(*)::int from ${scheduledPartyRsvp} where ${scheduledPartyRsvp.partyId} = ${scheduledParty.id})`;

export interface ScheduledPartyRecord {
  party: ScheduledPartyRow;
  hostUsername: string | null;
  hostName: string;
  /** The host keeps their profile private: nobody else is told who hosts. */
  hostPrivate: boolean;
  hostImage: string | null;
  rsvpCount: number;
  /** The live party the host started from it, if any (it may have ended since). */
  live: { id: string; state: string; inviteCode: string; visibility: string } | null;
}

export function statusOf(dateTime: Date, now = Date.now()): "upcoming" | "past" {
  return dateTime.getTime() < now ? "past" : "upcoming";
}

/** Public parties, plus private ones the viewer hosts or RSVP'd to (its invitees). */
export function visibleTo(viewerId: string | null): SQL {
  const isPublic = eq(scheduledParty.privacy, "public");
  if (!viewerId) return isPublic;
  const rsvped = sql`select 1 from ${scheduledPartyRsvp} where ${scheduledPartyRsvp.partyId} = ${scheduledParty.id} and ${scheduledPartyRsvp.userId} = ${viewerId}`;
  return or(isPublic, eq(scheduledParty.hostId, viewerId), sql`exists (${rsvped})`)!;
}

export async function selectScheduledParties(where: SQL | undefined, limit = SCHEDULED_PARTY_LIST_LIMIT): Promise<ScheduledPartyRecord[]> {
  const db = await getDb();
  const rows = await db
    .select({
      party: scheduledParty,
      hostUsername: user.username,
      hostName: user.name,
      hostPrivate: user.profilePrivate,
      hostImage: user.image,
      rsvpCount: rsvpCountSql,
      liveId: liveParty.id,
      liveState: liveParty.state,
      liveInviteCode: liveParty.inviteCode,
      liveVisibility: liveParty.visibility,
    })
    .from(scheduledParty)
    .innerJoin(user, eq(user.id, scheduledParty.hostId))
    .leftJoin(liveParty, eq(liveParty.id, scheduledParty.livePartyId))
    .where(where)
    // Upcoming parties first, soonest first; past ones after them.
    .orderBy(sql`${scheduledParty.dateTime} < now()`, asc(scheduledParty.dateTime), asc(scheduledParty.id))
    .limit(limit);
  return rows.map(({ liveId, liveState, liveInviteCode, liveVisibility, ...rest }) => ({
    ...rest,
    live: liveId && liveState && liveInviteCode && liveVisibility ? { id: liveId, state: liveState, inviteCode: liveInviteCode, visibility: liveVisibility } : null,
  }));
}

export async function findScheduledParty(id: string): Promise<ScheduledPartyRecord | undefined> {
  const [found] = await selectScheduledParties(eq(scheduledParty.id, id), 1);
  return found;
}

export async function hasRsvp(partyId: string, userId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ partyId: scheduledPartyRsvp.partyId })
    .from(scheduledPartyRsvp)
    .where(and(eq(scheduledPartyRsvp.partyId, partyId), eq(scheduledPartyRsvp.userId, userId)))
    .limit(1);
  return Boolean(row);
}

/** A private profile's parties are still listed, but only its owner sees who hosts them (not even the id). */
export function hidesHost(hostPrivate: boolean, hostId: string, viewerId: string | null): boolean {
  return hostPrivate && viewerId !== hostId;
}

/**
 * Where a viewer of the scheduled party joins its running live party: by id, or for a private one by
 * its invite code (everyone who may see a private scheduled party is its host or an invitee).
 */
export function liveJoin(live: ScheduledPartyRecord["live"]): { party_id: string; join_id: string } | null {
  if (!live || live.state === "ENDED") return null;
  return { party_id: live.id, join_id: live.visibility === "private" ? live.inviteCode : live.id };
}

export function toScheduledParty({ party, hostUsername, hostName, hostPrivate, hostImage, rsvpCount, live }: ScheduledPartyRecord, viewerId: string | null): ScheduledParty {
  const hidden = hidesHost(hostPrivate, party.hostId, viewerId);
  const username = hidden ? null : hostUsername;
  const displayName = hidden ? null : hostName;
  return scheduledPartySchema.parse({
    id: party.id,
    title: party.title,
    description: party.description,
    synopsis: party.description,
    host_id: hidden ? null : party.hostId,
    host_username: username,
    host_display_name: displayName,
    host_private: hidden,
    host_image_url: hidden ? null : hostImage || null,
    host: { username, display_name: displayName },
    show_movie: party.platform,
    platform: party.platform,
    date_time: party.dateTime.toISOString(),
    privacy: party.privacy,
    status: statusOf(party.dateTime),
    rsvp_count: Number(rsvpCount),
    created_at: party.createdAt.toISOString(),
    invite_code: viewerId !== null && viewerId === party.hostId ? party.inviteCode : null,
    programme: party.programme,
    live: liveJoin(live),
  });
}
