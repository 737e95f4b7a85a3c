import "server-only";
/**
 * The party bus: per party, an ordered log of server events with a bounded replay buffer (for
 * Last-Event-ID resume) and live subscriptions; a directory channel for the public party list;
 * presence per app instance; and who is a member of a party, shared by every instance. In-process by
 * default; Redis when REDIS_URL is set, so several app instances serve one party. An ended party is
 * discarded: its log, presence and memberships are freed (on Redis: expire shortly, so instances still
 * reading the log see its final event).
 */
import type { PollEntryEvent, ServerEvent, ServerEventOf } from "@/lib/sync";
import { mergeProfiles, type MemberProfiles } from "./roster";
import type { PartyDelta } from "@/lib/schemas/party";

/**
 * Events a party's log holds (snapshots and pongs are per connection, voice signals per recipient:
 * never logged). Poll entries
 * name voters and stay on the server: replicas fan out the public `poll` state instead.
 */
export type LoggedServerEvent = Exclude<ServerEvent, { type: "snapshot" | "pong" | "voice.signal" }> | PollEntryEvent;

/** A voice signal on its way to one member's streams (relayed through the bus, never logged). */
export type VoiceSignalEvent = ServerEventOf<"voice.signal">;

export interface LoggedEvent {
  id: string;
  event: LoggedServerEvent;
  /** The SSE frame, encoded once and shared by every subscriber. */
  frame: Uint8Array;
}

/** A public-list delta (one schema for the server that sends it and the list that applies it). */
export type DirectoryMessage = PartyDelta;

export interface InstancePresence {
  /** Distinct member ids with an open stream on this instance. */
  members: string[];
  hostOnline: boolean;
  /** Names of this instance's host and earliest members (bounded: see roster.ts). */
  profiles?: MemberProfiles;
}

export interface PartyBus {
  readonly kind: "memory" | "redis";
  /**
   * Appends to the party's log; resolves to the id assigned (ids increase within a party). With a
   * `guard`, only if no event appended under the same guard has an id after `guard.seen` (the newest
   * event the writer's replica had folded when it computed this one), else StaleAppendError: a
   * change computed from a whole state another instance changed meanwhile is computed again rather
   * than dropping that change.
   */
  append(partyId: string, event: LoggedServerEvent, guard?: AppendGuard): Promise<string>;
  /** Events after `afterId`, oldest first; null when `afterId` is unknown or older than the buffer. */
  since(partyId: string, afterId: string): Promise<LoggedEvent[] | null>;
  /** The id of the party's newest logged event (null: none), so a replica can catch up before computing a change from its state. */
  latestId(partyId: string): Promise<string | null>;
  /** The retained log, oldest first (to build a replica of a party's state). */
  tail(partyId: string): Promise<LoggedEvent[]>;
  /** Live events of a party after `afterId` (default: from now), in log order, from every instance. */
  subscribe(partyId: string, listener: (event: LoggedEvent) => void, afterId?: string | null): () => void;
  /**
   * Sends a voice signal to every instance that serves the party (its `to` member may stream from
   * any). Ephemeral, unlike `append`: never in the log nor the replay buffer, where a burst of ICE
   * candidates would push out the events a resuming member needs; a signal missed is renegotiated.
   */
  publishSignal(partyId: string, event: VoiceSignalEvent): Promise<void>;
  /** Voice signals of a party, from every instance; resolves once listening (on Redis: subscribed), to the call that stops. */
  subscribeSignals(partyId: string, listener: (event: VoiceSignalEvent) => void): Promise<() => void>;
  publishDirectory(message: DirectoryMessage): Promise<void>;
  subscribeDirectory(listener: (message: DirectoryMessage) => void): () => void;
  /** This instance's presence in a party (null: none); `presence` aggregates all instances. */
  setPresence(partyId: string, presence: InstancePresence | null): Promise<void>;
  presence(partyId: string): Promise<PartyPresence>;
  /**
   * Records a change of membership (join: true; leave, switch or removal: false). Every instance reads
   * the same record, so a member who left is refused everywhere at once.
   */
  setMembership(partyId: string, memberId: string, member: boolean): Promise<void>;
  /** The recorded membership, or null when none is recorded (the database then decides). */
  membership(partyId: string, memberId: string): Promise<boolean | null>;
  /** `membership` where the record is at hand without a round trip (the in-process bus); absent elsewhere. */
  membershipNow?(partyId: string, memberId: string): boolean | null;
  /** Records what the database said, unless a join or leave was recorded meanwhile (that one wins). */
  rememberMembership(partyId: string, memberId: string, member: boolean): Promise<void>;
  /** Frees an ended party's log, presence and memberships; further appends to it are refused. */
  discard(partyId: string): Promise<void>;
  /** Resolves when the bus's store answers, else throws a 503 ApiError (absent: nothing to reach). */
  ping?(): Promise<void>;
  /**
   * Calls `listener` each time the store stops answering (absent: a bus that cannot fail): open
   * streams would otherwise go silent, so they end with a notice and their clients reconnect.
   */
  onUnavailable?(listener: () => void): () => void;
  /** What the bus holds for these parties (diagnostics): null = no log. */
  stats(partyIds: string[]): Promise<BusStats>;
  close(): Promise<void>;
}

export interface BusStats {
  kind: PartyBus["kind"];
  /** Parties with a log on this bus (null where counting would mean scanning a shared store). */
  parties: number | null;
  logs: Record<string, { events: number; bytes: number } | null>;
}

/**
 * A party's replay buffer keeps at most this many events and this many encoded bytes, whichever is
 * reached first (oldest dropped). The byte bound matters for drawings: a few hundred large strokes
 * would otherwise fill memory. A client that missed more than the buffer holds gets a snapshot, which
 * is bounded too (SNAPSHOT_MAX_BYTES, of the same order), so resuming never costs much more than it.
 */
export const REPLAY_BUFFER_EVENTS = 1000;
export const REPLAY_BUFFER_BYTES = 1024 * 1024;

/** How long a discarded party refuses appends (a command racing the end must not revive its log). */
export const ENDED_MARKER_MS = 10 * 60_000;

/** Thrown by `append` for a party that has ended (its log was discarded). */
/** What a guarded append was computed from (see PartyBus.append). */
export interface AppendGuard {
  /** The kind of state the event replaces whole ("voice"). */
  name: "voice";
  /** The newest event id the writer's replica had folded (null: none). */
  seen: string | null;
}

/** A guarded append refused: another writer changed the same state after what this one had seen. */
export class StaleAppendError extends Error {
  constructor(partyId: string, guard: string) {
    super(`party ${partyId}: ${guard} changed meanwhile`);
    this.name = "StaleAppendError";
  }
}

export class PartyEndedError extends Error {
  constructor(partyId: string) {
    super(`party ${partyId} has ended`);
    this.name = "PartyEndedError";
  }
}

const encoder = new TextEncoder();

export function encodeFrame(id: string, event: ServerEvent | PollEntryEvent): Uint8Array {
  return encoder.encode(`id: ${id}\ndata: ${JSON.stringify(event)}\n\n`);
}

export function loggedEvent(id: string, event: LoggedServerEvent): LoggedEvent {
  return { id, event, frame: encodeFrame(id, event) };
}

/** Orders event ids of either bus ("12" in memory, "1700000000000-3" in Redis). */
export function compareEventIds(a: string, b: string): number {
  // In memory both are plain integers (every event of a party compares its id on the way out).
  if (!a.includes("-") && !b.includes("-")) {
    const difference = Number(a) - Number(b);
    if (!Number.isNaN(difference)) return difference;
  }
  const [am = 0, as = 0] = a.split("-").map(Number);
  const [bm = 0, bs = 0] = b.split("-").map(Number);
  return am - bm || as - bs;
}

export interface PartyPresence {
  members: number;
  hostOnline: boolean;
  memberIds: string[];
  /** Every instance's shared profiles, merged (the roster is built from them). */
  profiles: MemberProfiles;
}

export function aggregatePresence(entries: InstancePresence[]): PartyPresence {
  const ids = new Set<string>();
  let hostOnline = false;
  for (const entry of entries) {
    for (const id of entry.members) ids.add(id);
    hostOnline ||= entry.hostOnline;
  }
  return { members: ids.size, hostOnline, memberIds: [...ids], profiles: mergeProfiles(entries.map((entry) => entry.profiles)) };
}
