import "server-only";
/**
 * A live party's state machine, and who moves it:
 *
 *   ACTIVE ──(no host stream for VP_HOST_GRACE_MS)──────────────────────▶ AWAITING_RECONNECT
 *   AWAITING_RECONNECT ──(the host opens a stream again)────────────────▶ ACTIVE
 *   ACTIVE or AWAITING_RECONNECT ──(no host stream for VP_PARTY_END_AFTER_MS,
 *                                   or the host ends or leaves the party)──▶ ENDED (final)
 *
 * The public list tells one more thing: a party AWAITING_RECONNECT whose host has been away for
 * VP_HOST_AWAY_MS (a minute by default) is listed as HOST_AWAY and not counted live. That is read
 * from the row (`host_away_since`, written with AWAITING_RECONNECT), so it holds after a restart;
 * the away timer only tells the list's watchers when the minute is up.
 *
 * - The host timers: every instance holding a replica arms them when the host has no stream on any
 *   instance (the bus sums presence): when the replica is loaded, and on each presence flush
 *   (presence.ts) that sees the host away. They count from the moment the host was first seen away
 *   (a replica loaded for a party already waiting counts from the row's `host_away_since`); a flush
 *   that sees the host back clears them. A timer that fires asks the bus again and moves the party
 *   only if the host is still away, so instances firing together make the same move.
 * - Parties nobody serves (a host who never connected before a restart, seeded rows): the server
 *   loads their replicas at start (watchHostlessParties), which arms the same timers.
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
import { toActiveParty, type PartyRow } from "@/lib/server/parties/party-row";
import { hostListing } from "@/lib/server/users/find-private-host-ids";
import { forgetDurableEvents } from "./durable-events";
import { getBus } from "./get-bus";
import { publishMeta } from "./publish";
import type { Room } from "./room";
import type { RoomEntry } from "./room-entry";
import { log } from "@/lib/server/log";

/**
 * Moves the party to `state`: the database first (so a replica built from the row meanwhile already
 * sees it), then the log; folding an ENDED state retires the party on every instance. `hostAwaySince`
 * (AWAITING_RECONNECT only) is when the host was first seen away.
 */
export async function setPartyState(room: Room, state: PartyState, hostAwaySince?: number): Promise<void> {
  if (room.meta.state === state || room.meta.state === "ENDED") return;
  const db = await getDb();
  const awaySince = state === "AWAITING_RECONNECT" ? new Date(hostAwaySince ?? Date.now()) : null;
  const [row] = await db
    .update(liveParty)
    .set({ state, hostAwaySince: awaySince, ...(state === "ENDED" ? { endedAt: new Date() } : {}) })
    .where(eq(liveParty.id, room.id))
    .returning();
  await publishMeta(room, { ...room.meta, state });
  if (state === "ENDED") {
    // Nothing is rebuilt for an ended party: its saved chat, moderation and queue go with it.
    await forgetDurableEvents(room.id).catch((error: unknown) => log.error({ err: error }, "[realtime] forget durable events"));
    if (room.meta.visibility === "public") await (await getBus()).publishDirectory({ type: "PARTY_ENDED", payload: { id: room.id } });
  } else if (row) await publishListing(room, row);
}

/** Tells the public list's watchers how a public party is listed now (its state as the list reads it). */
async function publishListing(room: Room, row: PartyRow): Promise<void> {
  if (room.meta.visibility !== "public") return;
  const party = toActiveParty(row, room.members, await hostListing(row.hostId));
  await (await getBus()).publishDirectory({ type: "PARTY_STATE", payload: { id: room.id, state: party.state, party } });
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
  clearTimeout(entry.awayTimer);
  clearTimeout(entry.endTimer);
  entry.graceTimer = entry.awayTimer = entry.endTimer = undefined;
  entry.hostAwaySince = undefined;
}

/**
 * Arms the grace, away and end timers unless they already run (so they count from when the host
 * left; `since` when that was earlier than now, e.g. the row's `host_away_since`).
 */
export function armHostTimers(entry: RoomEntry, since: number = Date.now()): void {
  if (entry.retired) return;
  const env = getEnv();
  const { room } = entry;
  const awaySince = (entry.hostAwaySince ??= since);
  const after = (ms: number) => Math.max(0, awaySince + ms - Date.now());
  const stillAway = async () => !(await (await getBus()).presence(room.id)).hostOnline;
  const guard = (what: string, work: () => Promise<void>) => () => {
    void work().catch((error: unknown) => log.error({ err: error }, `[realtime] ${what}`));
  };
  entry.graceTimer ??= setTimeout(
    guard("grace", async () => {
      if (room.meta.state === "ACTIVE" && (await stillAway())) await setPartyState(room, "AWAITING_RECONNECT", awaySince);
    }),
    after(env.VP_HOST_GRACE_MS),
  );
  // When the away grace ends first, the grace timer's move already lists the party as host away.
  if (env.VP_HOST_AWAY_MS > env.VP_HOST_GRACE_MS) {
    entry.awayTimer ??= setTimeout(
      guard("away", async () => {
        if (room.meta.state !== "AWAITING_RECONNECT" || !(await stillAway())) return;
        const [row] = await (await getDb()).select().from(liveParty).where(eq(liveParty.id, room.id)).limit(1);
        if (row && row.state === "AWAITING_RECONNECT") await publishListing(room, row);
      }),
      after(env.VP_HOST_AWAY_MS),
    );
  }
  entry.endTimer ??= setTimeout(
    guard("end", async () => {
      if (room.meta.state !== "ENDED" && (await stillAway())) await setPartyState(room, "ENDED");
    }),
    after(env.VP_PARTY_END_AFTER_MS),
  );
  entry.graceTimer.unref?.();
  entry.awayTimer?.unref?.();
  entry.endTimer.unref?.();
}
