import "server-only";
import type { Room } from "./room";

/**
 * What the registry (rooms.ts) keeps for each party this instance serves: the replica, its bus
 * subscription, and the timers presence.ts and party-lifecycle.ts arm on it.
 */
export interface RoomEntry {
  room: Room;
  unsubscribe: () => void;
  /** Set once the party has ended here: nothing may schedule work for it any more. */
  retired?: boolean;
  presenceTimer?: NodeJS.Timeout;
  presenceDueAt?: number;
  graceTimer?: NodeJS.Timeout;
  /** Fires when the host has been away for VP_HOST_AWAY_MS: the public list then shows "host away". */
  awayTimer?: NodeJS.Timeout;
  endTimer?: NodeJS.Timeout;
  /** When the host was first seen away (the timers count from it); unset while the host is here. */
  hostAwaySince?: number;
}
