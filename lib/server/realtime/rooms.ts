import "server-only";
/**
 * The registry of the live parties this instance serves: one replica per party, bootstrapped from
 * the database row and the bus log, then kept in step through its bus subscription. Loading a replica
 * wires it to presence (presence.ts) and to the host timers of the party's state machine
 * (party-lifecycle.ts: ACTIVE → AWAITING_RECONNECT → ENDED).
 *
 * An ended party is retired on every instance as soon as its replica folds the ENDED state: timers
 * cleared, the bus subscription dropped, the room forgotten and the party's log, presence and
 * memberships discarded from the bus; its streams get the final event and are closed. A request that
 * touches an ended party later gets a replica built from the database row that is kept nowhere.
 */
import { eq, ne } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { liveParty } from "@/db/schema";
import { notFound } from "@/lib/server/http/api-error";
import { initialPlaybackState } from "@/lib/sync";
import { toMeta, type PartyRow } from "@/lib/server/parties/party-row";
import { watchPollDeadline } from "@/lib/server/parties/poll-deadline";
import { stopTwitchVotes, syncTwitchVotes } from "@/lib/server/twitch-votes/twitch-votes";
import { loadDurableEvents } from "./durable-events";
import { getBus } from "./get-bus";
import { armHostTimers, clearHostTimers } from "./party-lifecycle";
import { addLocalMember, cancelPresence, schedulePresence, type ConnectingMember } from "./presence";
import { Room } from "./room";
import type { RoomEntry } from "./room-entry";
import { processState } from "@/lib/server/process-singleton";
import { log } from "@/lib/server/log";

/**
 * `rooms`: each live party's room, by id, as it loads. `loaded`: the replicas of `rooms` that finished
 * loading and still serve a live party (read without waiting).
 */
const { rooms, loaded } = processState("rooms", () => ({ rooms: new Map<string, Promise<RoomEntry>>(), loaded: new Map<string, RoomEntry>() }));

export async function loadPartyRow(partyId: string): Promise<PartyRow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(liveParty).where(eq(liveParty.id, partyId)).limit(1);
  return row;
}

async function bootstrap(partyId: string, known?: PartyRow): Promise<RoomEntry> {
  const row = known ?? (await loadPartyRow(partyId));
  if (!row) throw notFound("Party not found");
  const bus = await getBus();
  const room = new Room(toMeta(row), initialPlaybackState("m0", row.createdAt.getTime()));
  if (room.ended) return { room, unsubscribe: () => {}, retired: true };
  // Every instance holding the party closes its poll at the deadline (idempotent across instances).
  room.onPoll = () => watchPollDeadline(room);
  // The saved chat, moderation and queue first (the database is their home), then the log's recent
  // events: after a crash of the in-process bus or a restart of Redis the log is empty or shorter.
  for (const event of await loadDurableEvents(partyId)) room.restore(event);
  for (const event of await bus.tail(partyId)) room.apply(event);
  if (room.ended) return { room, unsubscribe: () => {}, retired: true };
  // Voice signals (never logged) go to the members streaming here; listening before any stream
  // opens, so none sent after a member's snapshot is missed.
  const stopSignals = await bus.subscribeSignals(partyId, (event) => room.deliverSignal(event));
  const stopEvents = bus.subscribe(partyId, (event) => room.apply(event), room.lastEventId);
  const unsubscribe = () => {
    stopEvents();
    stopSignals();
  };
  const entry: RoomEntry = { room, unsubscribe };
  room.onEnded = () => retire(entry);
  // A hand-over: whether this instance serves the host, and the roster's order and roles, changed.
  room.onHostChanged = () => schedulePresence(entry, true);
  room.onModeration = () => syncTwitchVotes(room);
  syncTwitchVotes(room);
  if (!room.hostOnline) armHostTimers(entry, row.hostAwaySince?.getTime());
  return entry;
}

async function entryFor(partyId: string, known?: PartyRow): Promise<RoomEntry> {
  let entry = rooms.get(partyId);
  if (!entry) {
    const loading = bootstrap(partyId, known);
    entry = loading;
    rooms.set(partyId, loading);
    // A failed load is retried by the next request; an ended party is served but never kept.
    loading.then(
      (entry) => {
        if (rooms.get(partyId) !== loading) return;
        if (entry.retired) rooms.delete(partyId);
        else loaded.set(partyId, entry);
      },
      () => rooms.get(partyId) === loading && rooms.delete(partyId),
    );
  }
  return entry;
}

/** The live replica of a party (an ended party's replica is built from its row and not kept). */
export async function getRoom(partyId: string, known?: PartyRow): Promise<Room> {
  return (await entryFor(partyId, known)).room;
}

/**
 * The live replica of a party this instance already holds, without waiting or reading the database
 * (undefined when it is not loaded yet, or the party ended). Its meta is the party's current state as
 * every instance folds it: a stream opening on a party that is already live needs nothing more.
 */
export function loadedRoom(partyId: string): Room | undefined {
  const entry = loaded.get(partyId);
  return entry && !entry.retired ? entry.room : undefined;
}

/** Tears down an ended party on this instance; runs once, right after its replica folded ENDED. */
function retire(entry: RoomEntry): void {
  if (entry.retired) return;
  entry.retired = true;
  const { room } = entry;
  clearHostTimers(entry);
  stopTwitchVotes(room.id);
  cancelPresence(entry);
  entry.unsubscribe();
  if (loaded.get(room.id) === entry) loaded.delete(room.id);
  void rooms.get(room.id)?.then((current: RoomEntry) => current === entry && rooms.delete(room.id));
  void getBus()
    .then((bus) => bus.discard(room.id))
    .catch((error: unknown) => log.error({ err: error }, "[realtime] discard"));
  // The final event is already queued on every stream; closing lets it drain, then ends the stream.
  const subscribers = [...room.subscribers];
  room.subscribers.clear();
  setTimeout(() => {
    for (const subscriber of subscribers) subscriber.close();
  }, 1000).unref?.();
}

/**
 * At server start: loads the replica of every live party whose host no instance serves (a host who
 * never connected, seeded rows, everyone after a restart), so its host timers run and the public list
 * stops showing it live; a host who comes back finds it as before.
 */
export async function watchHostlessParties(): Promise<void> {
  const db = await getDb();
  const rows = await db.select().from(liveParty).where(ne(liveParty.state, "ENDED"));
  const bus = await getBus();
  for (const row of rows) {
    if (!(await bus.presence(row.id)).hostOnline) await getRoom(row.id, row);
  }
}

/** Which parties this instance holds a replica of (diagnostics). */
export function loadedRooms(): string[] {
  return [...rooms.keys()];
}

/**
 * Counts a member's open stream on the party's live replica (presence.ts publishes the change);
 * resolves to the call that uncounts it.
 */
export async function connectMember(room: Room, member: ConnectingMember): Promise<() => void> {
  return addLocalMember(await entryFor(room.id), room, member);
}

/** Members with an open stream, across instances (party_size). */
export async function partySize(partyId: string): Promise<number> {
  const local = rooms.get(partyId);
  if (local) return (await local).room.members;
  return (await (await getBus()).presence(partyId)).members;
}
