import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { liveParty } from "@/db/schema";
import { getBus } from "@/lib/server/realtime/get-bus";
import type { Room } from "@/lib/server/realtime/room";
import { log } from "@/lib/server/log";

/** Keeps the public list's "Now Playing" current; off the hot path (not awaited by the command). */
export async function recordMedia(room: Room, url: string, title: string): Promise<void> {
  try {
    const db = await getDb();
    await db.update(liveParty).set({ videoUrl: url, videoTitle: title }).where(eq(liveParty.id, room.id));
    if (room.meta.visibility === "public") {
      await (await getBus()).publishDirectory({ type: "PARTY_UPDATED", payload: { id: room.id, host_video_url: url, video_title: title } });
    }
  } catch (error) {
    log.error({ err: error }, "[parties] recording media change failed");
  }
}
