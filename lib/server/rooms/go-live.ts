import "server-only";
/**
 * "Go live" in a room: its owner or a co-host starts a live party there (a watch-room party or an
 * extension party, as POST /parties does), hosted by them, private unless the room is public. A room
 * is live with one party at a time (the database's partial unique index settles two at once: 409
 * `room_live`); the host's one-party rule still holds (409 `already_hosting`).
 */
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { user } from "@/db/schema";
import type { CreatePartyInput } from "@/lib/schemas/party";
import { GO_LIVE_STAFF_ONLY, roomRoleMay } from "@/lib/schemas/room";
import { forbidden } from "@/lib/server/http/api-error";
import { createParty } from "@/lib/server/parties/create-party";
import type { PartyRow } from "@/lib/server/parties/party-row";
import { getVisibleRoomOrThrow } from "./room-query";

export async function goLive(slug: string, userId: string, input: CreatePartyInput): Promise<PartyRow> {
  const { record, role } = await getVisibleRoomOrThrow(slug, userId);
  if (!roomRoleMay(role, "control")) throw forbidden(GO_LIVE_STAFF_ONLY);
  const db = await getDb();
  const [host] = await db.select({ name: user.name, username: user.username }).from(user).where(eq(user.id, userId)).limit(1);
  if (!host) throw forbidden(GO_LIVE_STAFF_ONLY);
  const visibility = record.row.privacy === "public" ? "public" : "private";
  return createParty({ id: userId, displayName: host.name, username: host.username }, { ...input, visibility }, record.row.id);
}
