import "server-only";
/**
 * Who belongs to a room, and with which role. Anyone signed in joins a public or unlisted room (a
 * members-only one with its current invite code); only the owner gives roles, removes members or
 * hands the room over (co-hosts may not promote); anyone may leave but the owner, who first hands
 * the room over. Every refusal changes nothing.
 */
import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { room, roomMember, user } from "@/db/schema";
import { roomMemberSchema, type RoomMember, type RoomRole } from "@/lib/schemas/room";
import { conflict, forbidden, notFound } from "@/lib/server/http/api-error";
import { getOwnedRoomOrThrow, getVisibleRoomOrThrow, roleIn, toRoom } from "./room-query";
import type { Room } from "@/lib/schemas/room";

export const HAND_OVER_FIRST = "You own this room: hand it over to another member before you leave it.";
export const NOT_A_MEMBER = "That person is not a member of this room.";

/** The caller joins the room as a member (again: nothing changes, their role is kept). */
export async function joinRoom(slug: string, userId: string, inviteCode: string | undefined): Promise<Room> {
  const { record, role } = await getVisibleRoomOrThrow(slug, userId, inviteCode);
  // A stranger got this far into a members-only room only with its current invite code.
  if (role !== null) return toRoom(record, role);
  const db = await getDb();
  await db.insert(roomMember).values({ roomId: record.row.id, userId, role: "member" }).onConflictDoNothing();
  const joinedRole = (await roleIn(record.row, userId)) ?? "member";
  return toRoom({ ...record, memberCount: record.memberCount + 1 }, joinedRole);
}

/** The room's members, the owner first, then by role and when they joined; for its members only. */
export async function listRoomMembers(slug: string, viewerId: string): Promise<RoomMember[]> {
  const { record, role } = await getVisibleRoomOrThrow(slug, viewerId);
  if (role === null) throw forbidden("Only the room's members can see who belongs to it.", "not_member");
  const db = await getDb();
  const [owner] = await db.select({ id: user.id, username: user.username, name: user.name }).from(user).where(eq(user.id, record.row.ownerId)).limit(1);
  const rows = await db
    .select({ id: user.id, username: user.username, name: user.name, role: roomMember.role, joinedAt: roomMember.createdAt })
    .from(roomMember)
    .innerJoin(user, eq(user.id, roomMember.userId))
    .where(eq(roomMember.roomId, record.row.id))
    .orderBy(asc(roomMember.createdAt));
  const rank: Record<string, number> = { cohost: 0, moderator: 1, member: 2 };
  const members = rows
    .sort((a, b) => (rank[a.role] ?? 3) - (rank[b.role] ?? 3))
    .map((m) => ({ id: m.id, username: m.username, name: m.name, role: m.role, joined_at: m.joinedAt.toISOString() }));
  const all = owner ? [{ ...owner, role: "owner", joined_at: record.row.createdAt.toISOString() }, ...members] : members;
  return all.map((m) => roomMemberSchema.parse(m));
}

/**
 * The owner gives a member a role; "owner" hands the room over (the old owner stays on as a co-host).
 * Answers the member as they are now.
 */
export async function setRoomRole(slug: string, ownerId: string, memberId: string, role: RoomRole): Promise<RoomMember> {
  const { row } = await getOwnedRoomOrThrow(slug, ownerId);
  if (memberId === ownerId) {
    if (role === "owner") return (await listRoomMembers(row.slug, ownerId))[0]!;
    throw conflict("owner_must_hand_over", "You own this room: hand it over to another member (give them the owner role) to take another role.");
  }
  const db = await getDb();
  const current = await roleIn(row, memberId);
  if (current === null) throw notFound(NOT_A_MEMBER);
  if (role === "owner") {
    await db.transaction(async (tx) => {
      await tx.update(room).set({ ownerId: memberId, updatedAt: new Date() }).where(and(eq(room.id, row.id), eq(room.ownerId, ownerId)));
      await tx.delete(roomMember).where(and(eq(roomMember.roomId, row.id), eq(roomMember.userId, memberId)));
      await tx.insert(roomMember).values({ roomId: row.id, userId: ownerId, role: "cohost" }).onConflictDoUpdate({ target: [roomMember.roomId, roomMember.userId], set: { role: "cohost" } });
    });
  } else {
    await db.update(roomMember).set({ role }).where(and(eq(roomMember.roomId, row.id), eq(roomMember.userId, memberId)));
  }
  const members = await listRoomMembers(row.slug, memberId);
  return members.find((m) => m.id === memberId)!;
}

/** A member leaves, or the owner removes them; the owner cannot go before handing the room over. */
export async function removeRoomMember(slug: string, callerId: string, memberId: string): Promise<void> {
  const { record, role } = await getVisibleRoomOrThrow(slug, callerId);
  if (callerId !== memberId && role !== "owner") throw forbidden("Only the room's owner can remove its members.", "owner_only");
  if (memberId === record.row.ownerId) throw conflict("owner_must_hand_over", HAND_OVER_FIRST);
  const db = await getDb();
  const removed = await db
    .delete(roomMember)
    .where(and(eq(roomMember.roomId, record.row.id), eq(roomMember.userId, memberId)))
    .returning({ userId: roomMember.userId });
  if (removed.length === 0) throw notFound(NOT_A_MEMBER);
}

/** The rooms the user owns or belongs to, with their role in each (owned first, then by title). */
export async function listMyRooms(userId: string): Promise<Room[]> {
  const db = await getDb();
  const owned = await db.select({ slug: room.slug }).from(room).where(eq(room.ownerId, userId)).orderBy(asc(room.title));
  const joined = await db
    .select({ slug: room.slug })
    .from(roomMember)
    .innerJoin(room, eq(room.id, roomMember.roomId))
    .where(eq(roomMember.userId, userId))
    .orderBy(asc(room.title));
  const rooms: Room[] = [];
  for (const { slug } of [...owned, ...joined]) {
    const { record, role } = await getVisibleRoomOrThrow(slug, userId);
    rooms.push(toRoom(record, role));
  }
  return rooms;
}
