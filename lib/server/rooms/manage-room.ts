import "server-only";
/**
 * Creating, changing and deleting rooms (owner only, but for creating). An address is claimed in the
 * same transaction as the write that takes it: refused (409 `room_slug_taken`, the room it collides
 * with named) when another room has it or one that reads the same, or gave it up less than
 * ROOM_SLUG_REDIRECT_DAYS ago; the database's unique skeleton settles two claims made at once (the
 * error mapper answers its violation with the same 409).
 */
import { randomBytes } from "node:crypto";
import { and, count, eq, lte, ne } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { room, roomSlugRedirect, user } from "@/db/schema";
import {
  PICK_SLUG_MESSAGE,
  ROOM_MAX_OWNED,
  ROOM_SLUG_REDIRECT_DAYS,
  SLUG_TAKEN_MESSAGE,
  defaultSlugFor,
  slugLookalikeMessage,
  slugSkeleton,
  type Room,
  type RoomCreateValues,
  type RoomUpdateValues,
} from "@/lib/schemas/room";
import { conflict, unprocessable } from "@/lib/server/http/api-error";
import { newInviteCode } from "@/lib/server/parties/create-party";
import { findRoom, getOwnedRoomOrThrow, toRoom } from "./room-query";

type Db = Awaited<ReturnType<typeof getDb>>;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const DAY_MS = 24 * 60 * 60 * 1000;

/** Refuses `slug` unless it is free for `roomId` (a new room: undefined); clears redirects that ran out. */
async function checkSlugFree(tx: Tx, slug: string, roomId?: string): Promise<string> {
  const skeleton = slugSkeleton(slug);
  await tx.delete(roomSlugRedirect).where(and(eq(roomSlugRedirect.slugSkeleton, skeleton), lte(roomSlugRedirect.until, new Date())));
  const [holder] = await tx
    .select({ slug: room.slug })
    .from(room)
    .where(roomId ? and(eq(room.slugSkeleton, skeleton), ne(room.id, roomId)) : eq(room.slugSkeleton, skeleton))
    .limit(1);
  const [kept] = holder
    ? []
    : await tx
        .select({ slug: roomSlugRedirect.slug })
        .from(roomSlugRedirect)
        .where(roomId ? and(eq(roomSlugRedirect.slugSkeleton, skeleton), ne(roomSlugRedirect.roomId, roomId)) : eq(roomSlugRedirect.slugSkeleton, skeleton))
        .limit(1);
  const taken = holder?.slug ?? kept?.slug;
  if (taken !== undefined) throw slugTaken(slug, taken);
  return skeleton;
}

function slugTaken(slug: string, taken: string) {
  return conflict("room_slug_taken", taken === slug ? SLUG_TAKEN_MESSAGE : slugLookalikeMessage(taken));
}

/** A signed-in user creates a room; without a slug, at their username's address (a streamer's default). */
export async function createRoom(ownerId: string, input: RoomCreateValues): Promise<Room> {
  const db = await getDb();
  let slug = input.slug;
  if (!slug) {
    const [owner] = await db.select({ username: user.username }).from(user).where(eq(user.id, ownerId)).limit(1);
    slug = defaultSlugFor(owner?.username ?? null) ?? undefined;
    if (!slug) throw unprocessable(`slug: ${PICK_SLUG_MESSAGE}`);
  }
  const claimed = slug;
  const id = randomBytes(12).toString("base64url");
  await db.transaction(async (tx) => {
    const [owned] = await tx.select({ n: count() }).from(room).where(eq(room.ownerId, ownerId));
    if ((owned?.n ?? 0) >= ROOM_MAX_OWNED) throw conflict("too_many_rooms", `You already own ${ROOM_MAX_OWNED} rooms, as many as one person may. Delete one to make another.`);
    const skeleton = await checkSlugFree(tx, claimed);
    await tx.insert(room).values({
      id,
      slug: claimed,
      slugSkeleton: skeleton,
      ownerId,
      title: input.title,
      description: input.description,
      privacy: input.privacy,
      inviteCode: newInviteCode(12),
    });
  });
  const created = await findRoom(claimed);
  if (!created) throw new Error("room vanished after insert");
  return toRoom(created, "owner");
}

/** The owner changes the room; a new address leaves the old one leading here for ROOM_SLUG_REDIRECT_DAYS. */
export async function updateRoom(slug: string, userId: string, input: RoomUpdateValues): Promise<Room> {
  const { row } = await getOwnedRoomOrThrow(slug, userId);
  const db = await getDb();
  const moving = input.slug !== undefined && input.slug !== row.slug ? input.slug : undefined;
  await db.transaction(async (tx) => {
    const skeleton = moving ? await checkSlugFree(tx, moving, row.id) : row.slugSkeleton;
    if (moving) {
      // The room comes back to an address it gave up: that address leads nowhere else any more.
      await tx.delete(roomSlugRedirect).where(eq(roomSlugRedirect.slug, moving));
      await tx
        .insert(roomSlugRedirect)
        .values({ slug: row.slug, slugSkeleton: row.slugSkeleton, roomId: row.id, until: new Date(Date.now() + ROOM_SLUG_REDIRECT_DAYS * DAY_MS) })
        .onConflictDoUpdate({ target: roomSlugRedirect.slug, set: { roomId: row.id, until: new Date(Date.now() + ROOM_SLUG_REDIRECT_DAYS * DAY_MS) } });
    }
    await tx
      .update(room)
      .set({
        ...(moving ? { slug: moving, slugSkeleton: skeleton } : {}),
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.privacy !== undefined ? { privacy: input.privacy } : {}),
        updatedAt: new Date(),
      })
      .where(eq(room.id, row.id));
  });
  const updated = await findRoom(moving ?? row.slug);
  if (!updated) throw new Error("room vanished after update");
  return toRoom(updated, "owner");
}

/** The owner replaces the invite code: links with the old one stop working. */
export async function replaceRoomInvite(slug: string, userId: string): Promise<Room> {
  const record = await getOwnedRoomOrThrow(slug, userId);
  const db = await getDb();
  const inviteCode = newInviteCode(12);
  await db.update(room).set({ inviteCode, updatedAt: new Date() }).where(eq(room.id, record.row.id));
  return toRoom({ ...record, row: { ...record.row, inviteCode } }, "owner");
}

/** The owner deletes the room, its memberships and its old addresses with it. */
export async function deleteRoom(slug: string, userId: string): Promise<void> {
  const { row } = await getOwnedRoomOrThrow(slug, userId);
  const db = await getDb();
  await db.delete(room).where(eq(room.id, row.id));
}
