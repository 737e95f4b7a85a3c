import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { liveParty } from "@/db/schema";
import { getBus } from "@/lib/server/realtime/get-bus";
import { publishMeta } from "@/lib/server/realtime/publish";
import type { Room } from "@/lib/server/realtime/room";

/**
 * Renames a live party: the row first (the lists and a replica built from it meanwhile see it), then
 * the party's log (every member's room shows it; the media item stays the same one, so no player
 * reloads), then the public list.
 */
export async function renameParty(room: Room, title: string): Promise<void> {
  const db = await getDb();
  await db.update(liveParty).set({ videoTitle: title }).where(eq(liveParty.id, room.id));
  const meta = room.meta;
  await publishMeta(room, { ...meta, title: title.slice(0, 200), media: { ...meta.media, title } });
  if (meta.visibility === "public") {
    await (await getBus()).publishDirectory({ type: "PARTY_UPDATED", payload: { id: room.id, host_video_url: meta.media.url, video_title: title } });
  }
}
