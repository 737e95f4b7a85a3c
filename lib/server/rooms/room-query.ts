import "server-only";
/**
 * The one read shape for rooms: the row, its owner's names and its member count, the viewer's role,
 * mapped to the public response. Who may see a room lives here too, so every lookup applies one rule:
 * public and unlisted rooms to anyone (unlisted ones are only left out of lists), members-only rooms
 * to their members and to whoever holds the current invite code.
 */
import { and, desc, eq, gt, isNotNull, ne, sql } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { liveParty, room, roomMember, roomSlugRedirect, user } from "@/db/schema";
import { roomSchema, type Room, type RoomRole } from "@/lib/schemas/room";
import { ApiError, forbidden, notFound } from "@/lib/server/http/api-error";

export type RoomRow = typeof room.$inferSelect;

export const ROOM_NOT_FOUND = "No room has that address.";
export const MEMBERS_ONLY_MESSAGE = "This room is for its members only. Ask its owner for an invite link.";
export const INVALID_INVITE_MESSAGE = "This invite link is not valid: the room's owner may have replaced it. Ask them for the current one.";

const memberCountSql = sql<number>`(select count(*)::int + 1 from ${roomMember} where ${roomMember.roomId} = ${room.id})`;

export interface RoomRecord {
  row: RoomRow;
  owner: { id: string; username: string | null; name: string };
  /** The owner keeps their profile private: nobody else is told their name. */
  ownerPrivate: boolean;
  memberCount: number;
  /** The party live in the room now, if any. */
  live: { id: string; inviteCode: string; visibility: string; title: string; url: string } | null;
  /** What the room's last ended party was playing when it ended. */
  lastPlayed: { title: string; url: string; endedAt: Date } | null;
}

/** How a room names an owner whose profile is private, to everyone but them (as playlists do). */
export const PRIVATE_OWNER = "a private owner";

/** The room at `slug`, or at an address it gave up less than ROOM_SLUG_REDIRECT_DAYS ago; null when none. */
export async function findRoom(slug: string): Promise<RoomRecord | null> {
  const db = await getDb();
  const wanted = slug.trim().toLowerCase();
  const select = () =>
    db
      .select({ row: room, ownerUsername: user.username, ownerName: user.name, ownerPrivate: user.profilePrivate, memberCount: memberCountSql })
      .from(room)
      .innerJoin(user, eq(user.id, room.ownerId));
  let [found] = await select().where(eq(room.slug, wanted)).limit(1);
  if (!found) {
    const [moved] = await db
      .select({ roomId: roomSlugRedirect.roomId })
      .from(roomSlugRedirect)
      .where(and(eq(roomSlugRedirect.slug, wanted), gt(roomSlugRedirect.until, new Date())))
      .limit(1);
    if (moved) [found] = await select().where(eq(room.id, moved.roomId)).limit(1);
  }
  if (!found) return null;
  const party = { id: liveParty.id, inviteCode: liveParty.inviteCode, visibility: liveParty.visibility, title: liveParty.videoTitle, url: liveParty.videoUrl };
  const [live] = await db
    .select(party)
    .from(liveParty)
    .where(and(eq(liveParty.roomId, found.row.id), ne(liveParty.state, "ENDED")))
    .limit(1);
  const [last] = await db
    .select({ title: liveParty.videoTitle, url: liveParty.videoUrl, endedAt: liveParty.endedAt })
    .from(liveParty)
    .where(and(eq(liveParty.roomId, found.row.id), eq(liveParty.state, "ENDED"), isNotNull(liveParty.endedAt)))
    .orderBy(desc(liveParty.endedAt))
    .limit(1);
  return {
    row: found.row,
    owner: { id: found.row.ownerId, username: found.ownerUsername, name: found.ownerName },
    ownerPrivate: found.ownerPrivate,
    memberCount: found.memberCount,
    live: live ?? null,
    lastPlayed: last?.endedAt ? { title: last.title, url: last.url, endedAt: last.endedAt } : null,
  };
}

/** The viewer's role in the room; null for someone who does not belong to it (or nobody signed in). */
export async function roleIn(row: RoomRow, userId: string | null): Promise<RoomRole | null> {
  if (!userId) return null;
  if (row.ownerId === userId) return "owner";
  const db = await getDb();
  const [member] = await db
    .select({ role: roomMember.role })
    .from(roomMember)
    .where(and(eq(roomMember.roomId, row.id), eq(roomMember.userId, userId)))
    .limit(1);
  return (member?.role as RoomRole | undefined) ?? null;
}

/** The room as the viewer sees it: 404 when no room has that address, 403 for a members-only room they may not read. */
export async function getVisibleRoomOrThrow(slug: string, viewerId: string | null, inviteCode?: string): Promise<{ record: RoomRecord; role: RoomRole | null }> {
  const record = await findRoom(slug);
  if (!record) throw notFound(ROOM_NOT_FOUND);
  const role = await roleIn(record.row, viewerId);
  if (record.row.privacy === "members" && role === null) {
    if (inviteCode === undefined) throw forbidden(MEMBERS_ONLY_MESSAGE, "members_only");
    if (inviteCode !== record.row.inviteCode) throw new ApiError("invalid_invite", INVALID_INVITE_MESSAGE);
  }
  return { record, role };
}

/** The room's record with the viewer's role, or 404/403 (`owner_only`) unless the viewer owns it. */
export async function getOwnedRoomOrThrow(slug: string, userId: string): Promise<RoomRecord> {
  const { record, role } = await getVisibleRoomOrThrow(slug, userId);
  if (role !== "owner") throw forbidden("Only the room's owner can do that.", "owner_only");
  return record;
}

export function toRoom({ row, owner, ownerPrivate, memberCount, live, lastPlayed }: RoomRecord, role: RoomRole | null): Room {
  const hidden = ownerPrivate && role !== "owner";
  return roomSchema.parse({
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    privacy: row.privacy,
    owner: hidden ? { id: owner.id, username: null, name: PRIVATE_OWNER } : owner,
    member_count: memberCount,
    your_role: role,
    invite_code: role === "owner" || role === "cohost" ? row.inviteCode : null,
    created_at: row.createdAt.toISOString(),
    // A private party is joined by its invite code (as a scheduled party's `live` says).
    live: live ? { party_id: live.id, join_id: live.visibility === "private" ? live.inviteCode : live.id, title: live.title, url: live.url } : null,
    last_played: lastPlayed ? { title: lastPlayed.title, url: lastPlayed.url, ended_at: lastPlayed.endedAt.toISOString() } : null,
  });
}
