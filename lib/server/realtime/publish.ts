import "server-only";
/**
 * The one way into a party's log. Every instance's replica folds what is appended here through the
 * bus, this one's included, so a command never changes a replica directly.
 */
import { PROTOCOL_VERSION, type PartyMeta } from "@/lib/sync";
import { partyEnded } from "@/lib/server/http/api-error";
import { PartyEndedError, type AppendGuard, type LoggedServerEvent } from "./bus";
import { forgetDurableEvents, isDurableEvent, persistPartyEvent } from "./durable-events";
import { getBus, readyBus } from "./get-bus";
import type { Room } from "./room";

/**
 * Appends to the party's log; the event reaches this replica (and every instance's) through the bus.
 * An ended party takes nothing more (409), so a command racing the end cannot revive its log.
 *
 * Chat, reports, moderation and the queue are committed to the database first (durable-events.ts):
 * the bus's log does not outlive a crash of the in-process bus or a restart of Redis, and what a
 * member saw or was told is saved must. Written before the append, so nobody sees what is not saved.
 */
export async function publish(room: Room, event: LoggedServerEvent, guard?: AppendGuard): Promise<string> {
  if (room.ended) throw partyEnded();
  if (isDurableEvent(event)) await persistPartyEvent(room.id, event);
  try {
    return await (readyBus() ?? (await getBus())).append(room.id, event, guard);
  } catch (error) {
    if (error instanceof PartyEndedError) {
      // The party ended meanwhile: its saved state was (or is being) deleted; so is this row.
      if (isDurableEvent(event)) void forgetDurableEvents(room.id).catch(() => {});
      throw partyEnded();
    }
    throw error;
  }
}


/** How long a writer waits for its own event to come back to this instance (normally a round trip). */
const OWN_EVENT_WAIT_MS = 5000;

/**
 * `publish`, then wait until this instance's replica has folded the event, so the next request served
 * here (a read, or a command computed from the replica) sees it. The in-process bus folds it before
 * `append` resolves; on Redis it comes back through the instance's stream reader a round trip later,
 * and a read or a second queue change in between would see the replica without it.
 */
export async function publishAndFold(room: Room, event: LoggedServerEvent, guard?: AppendGuard): Promise<string> {
  const id = await publish(room, event, guard);
  await room.folded(id, OWN_EVENT_WAIT_MS);
  return id;
}

/** Publishes new party meta (every instance's replica folds it). */
export async function publishMeta(room: Room, meta: PartyMeta): Promise<void> {
  await publish(room, { v: PROTOCOL_VERSION, type: "party", party: meta });
}
