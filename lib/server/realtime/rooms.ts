import "server-only";
/**
 * The live parties this instance serves: replicas bootstrapped from the database row and the bus
 * log, and presence (debounced into `presence` events so a crowd joining does not cost members²
 * messages). The party state machine (ACTIVE → AWAITING_RECONNECT → ENDED) is party-lifecycle.ts.
 *
 * An ended party is retired on every instance as soon as its replica folds the ENDED state: timers
 * cleared, the bus subscription dropped, the room forgotten and the party's log, presence and
 * memberships discarded from the bus; its streams get the final event and are closed. A request that
 * touches an ended party later gets a replica built from the database row that is kept nowhere.
 */
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { liveParty } from "@/db/schema";
import { notFound } from "@/lib/server/http/api-error";
import { initialPlaybackState, PROTOCOL_VERSION } from "@/lib/sync";
import { toMeta, type PartyRow } from "@/lib/server/parties/party-row";
import { watchPollDeadline } from "@/lib/server/parties/poll-deadline";
import { stopTwitchVotes, syncTwitchVotes } from "@/lib/server/twitch-votes/twitch-votes";
import { getBus } from "./get-bus";
import { armHostTimers, clearHostTimers, trackHostPresence } from "./party-lifecycle";
import { publish } from "./publish";
import { Room } from "./room";
import type { RoomEntry } from "./room-entry";
import { buildRoster, sameRoster, sharedProfiles } from "./roster";

const PRESENCE_DEBOUNCE_MS = 200;
/**
 * A member-count update goes to every member, so while a crowd joins, updates every 200 ms cost
 * members² frames (bench/fanout: 234 presence frames per guest, 1.17 M in all, for 5 000 guests).
 * Space them by room size instead; host online/offline changes stay prompt.
 */
const PRESENCE_MS_PER_MEMBER = 2;
const PRESENCE_MAX_DELAY_MS = 5000;

function presenceDelay(room: Room, hostChanged: boolean): number {
  if (hostChanged) return PRESENCE_DEBOUNCE_MS;
  return Math.min(PRESENCE_MAX_DELAY_MS, Math.max(PRESENCE_DEBOUNCE_MS, room.members * PRESENCE_MS_PER_MEMBER));
}

const globalForRooms = globalThis as unknown as { __vpRooms?: Map<string, Promise<RoomEntry>>; __vpLoadedRooms?: Map<string, RoomEntry> };
const rooms = (globalForRooms.__vpRooms ??= new Map());
/** The replicas of `rooms` that finished loading and still serve a live party (read without waiting). */
const loaded = (globalForRooms.__vpLoadedRooms ??= new Map<string, RoomEntry>());

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
  for (const event of await bus.tail(partyId)) room.apply(event);
  if (room.ended) return { room, unsubscribe: () => {}, retired: true };
  const unsubscribe = bus.subscribe(partyId, (event) => room.apply(event), room.lastEventId);
  const entry: RoomEntry = { room, unsubscribe };
  room.onEnded = () => retire(entry);
  // A hand-over: whether this instance serves the host, and the roster's order and roles, changed.
  room.onHostChanged = () => schedulePresence(entry, true);
  room.onModeration = () => syncTwitchVotes(room);
  syncTwitchVotes(room);
  if (!room.hostOnline) armHostTimers(entry);
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
  clearTimeout(entry.presenceTimer);
  entry.presenceTimer = undefined;
  entry.unsubscribe();
  if (loaded.get(room.id) === entry) loaded.delete(room.id);
  void rooms.get(room.id)?.then((current: RoomEntry) => current === entry && rooms.delete(room.id));
  void getBus()
    .then((bus) => bus.discard(room.id))
    .catch((error: unknown) => console.error("[realtime] discard", error));
  // The final event is already queued on every stream; closing lets it drain, then ends the stream.
  const subscribers = [...room.subscribers];
  room.subscribers.clear();
  setTimeout(() => {
    for (const subscriber of subscribers) subscriber.close();
  }, 1000).unref?.();
}

/** Which parties this instance holds a replica of (diagnostics). */
export function loadedRooms(): string[] {
  return [...rooms.keys()];
}

// --- presence ---------------------------------------------------------------------------------------

export interface ConnectingMember {
  id: string;
  displayName: string;
  guest: boolean;
}

export async function connectMember(room: Room, member: ConnectingMember): Promise<() => void> {
  const entry = await entryFor(room.id);
  // The party ended meanwhile (or this is an ended party's stand-in replica): nothing to count.
  if (entry.room !== room || entry.retired) return () => {};
  const memberId = member.id;
  room.localMembers.set(memberId, (room.localMembers.get(memberId) ?? 0) + 1);
  if (!room.localProfiles.has(memberId)) room.localProfiles.set(memberId, { name: member.displayName, guest: member.guest, since: Date.now() });
  const isHost = () => memberId === room.meta.hostUserId;
  schedulePresence(entry, isHost());
  let done = false;
  return () => {
    if (done) return;
    done = true;
    const left = (room.localMembers.get(memberId) ?? 1) - 1;
    if (left <= 0) {
      room.localMembers.delete(memberId);
      room.localProfiles.delete(memberId);
    } else room.localMembers.set(memberId, left);
    schedulePresence(entry, isHost());
  };
}

function schedulePresence(entry: RoomEntry, hostChanged: boolean): void {
  if (entry.retired) return;
  const delay = presenceDelay(entry.room, hostChanged);
  const dueAt = Date.now() + delay;
  if (entry.presenceTimer) {
    // Already scheduled; only a host change may bring it forward.
    if ((entry.presenceDueAt ?? 0) <= dueAt) return;
    clearTimeout(entry.presenceTimer);
  }
  entry.presenceDueAt = dueAt;
  entry.presenceTimer = setTimeout(() => {
    entry.presenceTimer = undefined;
    void flushPresence(entry).catch((error: unknown) => console.error("[realtime] presence", error));
  }, delay);
  entry.presenceTimer.unref?.();
}

async function flushPresence(entry: RoomEntry): Promise<void> {
  const { room } = entry;
  if (entry.retired) return;
  const bus = await getBus();
  const hostUserId = room.meta.hostUserId;
  const local =
    room.localMembers.size > 0
      ? { members: [...room.localMembers.keys()], hostOnline: room.localMembers.has(hostUserId), profiles: sharedProfiles(room.localProfiles, hostUserId) }
      : null;
  await bus.setPresence(room.id, local);
  const total = await bus.presence(room.id);
  const roster = buildRoster(total.profiles, hostUserId);
  // The roster travels only when it changed: a crowd arriving after the first names costs counts only.
  const rosterChanged = !sameRoster(roster, room.roster);
  if (total.members !== room.members || total.hostOnline !== room.hostOnline || rosterChanged) {
    const sizeChanged = total.members !== room.members;
    if (entry.retired) return;
    await publish(room, { v: PROTOCOL_VERSION, type: "presence", members: total.members, hostOnline: total.hostOnline, ...(rosterChanged ? { roster } : {}) });
    if (sizeChanged && room.meta.visibility === "public") {
      await bus.publishDirectory({ type: "PARTY_SIZE", payload: { id: room.id, party_size: total.members } });
    }
  }
  if (entry.retired) return;
  await trackHostPresence(entry, total.hostOnline);
}

/** Members with an open stream, across instances (party_size). */
export async function partySize(partyId: string): Promise<number> {
  const local = rooms.get(partyId);
  if (local) return (await local).room.members;
  return (await (await getBus()).presence(partyId)).members;
}
