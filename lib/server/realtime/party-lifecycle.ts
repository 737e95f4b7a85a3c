import "server-only";
/**
 * A live party's state machine, and who moves it:
 *
 *   ACTIVE ──(no host stream for VP_HOST_GRACE_MS)──────────────────────▶ AWAITING_RECONNECT
 *   AWAITING_RECONNECT ──(the host opens a stream again)────────────────▶ ACTIVE
 *   ACTIVE or AWAITING_RECONNECT ──(no host stream for VP_PARTY_END_AFTER_MS,
 *                                   or the host ends or leaves the party)──▶ ENDED (final)
 *
 * - The host timers: every instance holding a replica arms both when the host has no stream on any
 *   instance (the bus sums presence): when the replica is loaded, and on each presence flush
 *   (presence.ts) that sees the host away. Both count from the moment the host was first seen away;
 *   a flush that sees the host back clears them. A timer that fires asks the bus again and moves the
 *   party only if the host is still away, so instances firing together make the same move.
 * - Back to ACTIVE: the presence flush that sees the host online again, on any instance.
 * - ENDED by hand: `DELETE /api/v1/parties/[id]` and, for the host, `POST /api/v1/users/me/leave-party`
 *   (both through lib/server/parties/end-party.ts); also a party started from links whose queue
 *   could not be filled. Every replica that folds ENDED retires the party (rooms.ts).
 *
 * A move writes the database row first (so a replica built from the row meanwhile already sees it),
 * then the party's log, then, for a public party, the public list.
 */
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { liveParty } from "@/db/schema";
import { getEnv } from "@/lib/server/env";
import type { PartyState } from "@/lib/sync";
import { toActiveParty } from "@/lib/server/parties/party-row";
import { hostListing } from "@/lib/server/users/find-private-host-ids";
import { getBus } from "./get-bus";
import { publishMeta } from "./publish";
import type { Room } from "./room";
import type { RoomEntry } from "./room-entry";

/**
 * Moves the party to `state`: the database first (so a replica built from the row meanwhile already
 * sees it), then the log; folding an ENDED state retires the party on every instance.
 */
export async function setPartyState(room: Room, state: PartyState): Promise<void> {
  if (room.meta.state === state || room.meta.state === "ENDED") return;
  const db = await getDb();
  const [row] = await db
    .update(liveParty)
    .set({ state, ...(state === "ENDED" ? { endedAt: new Date() } : {}) })
    .where(eq(liveParty.id, room.id))
    .returning();
  await publishMeta(room, { ...room.meta, state });
  if (room.meta.visibility === "public") {
    const party = row && state !== "ENDED" ? toActiveParty(row, room.members, await hostListing(row.hostId)) : undefined;
    await (await getBus()).publishDirectory(
      state === "ENDED"
        ? { type: "PARTY_ENDED", payload: { id: room.id } }
        : { type: "PARTY_STATE", payload: { id: room.id, state, ...(party ? { party } : {}) } },
    );
  }
}

/** What a presence flush saw of the host across instances: back clears the timers (and reactivates), away arms them. */
export async function trackHostPresence(entry: RoomEntry, hostOnline: boolean): Promise<void> {
  const { room } = entry;
  if (hostOnline) {
    clearHostTimers(entry);
    if (room.meta.state === "AWAITING_RECONNECT") await setPartyState(room, "ACTIVE");
  } else if (room.meta.state !== "ENDED") {
    armHostTimers(entry);
  }
}

export function clearHostTimers(entry: RoomEntry): void {
  clearTimeout(entry.graceTimer);
  clearTimeout(entry.endTimer);
  entry.graceTimer = entry.endTimer = undefined;
}

/** Arms the grace and end timers unless they already run (so they count from when the host left). */
export function armHostTimers(entry: RoomEntry): void {
  if (entry.retired) return;
  const env = getEnv();
  const { room } = entry;
  const stillAway = async () => !(await (await getBus()).presence(room.id)).hostOnline;
  entry.graceTimer ??= setTimeout(() => {
    void (async () => {
      if (room.meta.state === "ACTIVE" && (await stillAway())) await setPartyState(room, "AWAITING_RECONNECT");
    })().catch((error: unknown) => console.error("[realtime] grace", error));
  }, env.VP_HOST_GRACE_MS);
  entry.endTimer ??= setTimeout(() => {
    void (async () => {
      if (room.meta.state !== "ENDED" && (await stillAway())) await setPartyState(room, "ENDED");
    })().catch((error: unknown) => console.error("[realtime] end", error));
  }, env.VP_PARTY_END_AFTER_MS);
  entry.graceTimer.unref?.();
  entry.endTimer.unref?.();
}
