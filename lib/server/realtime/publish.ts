import "server-only";
/**
 * The one way into a party's log. Every instance's replica folds what is appended here through the
 * bus, this one's included, so a command never changes a replica directly.
 */
import { PROTOCOL_VERSION, type PartyMeta } from "@/lib/sync";
import { conflict } from "@/lib/server/http/api-error";
import { PartyEndedError, type LoggedServerEvent } from "./bus";
import { getBus } from "./get-bus";
import type { Room } from "./room";

/**
 * Appends to the party's log; the event reaches this replica (and every instance's) through the bus.
 * An ended party takes nothing more (409), so a command racing the end cannot revive its log.
 */
export async function publish(room: Room, event: LoggedServerEvent): Promise<string> {
  if (room.ended) throw conflict(PARTY_ENDED);
  try {
    return await (await getBus()).append(room.id, event);
  } catch (error) {
    if (error instanceof PartyEndedError) throw conflict(PARTY_ENDED);
    throw error;
  }
}

const PARTY_ENDED = "This party has ended.";

/** Publishes new party meta (every instance's replica folds it). */
export async function publishMeta(room: Room, meta: PartyMeta): Promise<void> {
  await publish(room, { v: PROTOCOL_VERSION, type: "party", party: meta });
}
