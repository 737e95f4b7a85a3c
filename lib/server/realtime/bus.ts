import "server-only";
/**
 * The party bus: per party, an ordered log of server events with a bounded replay buffer (for
 * Last-Event-ID resume) and live subscriptions; a directory channel for the public party list; and
 * presence per app instance. In-process by default; Redis when REDIS_URL is set, so several app
 * instances serve one party.
 */
import type { ServerEvent } from "@/lib/sync";

/** Events a party's log holds (snapshots and pongs are per connection and never logged). */
export type LoggedServerEvent = Exclude<ServerEvent, { type: "snapshot" | "pong" }>;

export interface LoggedEvent {
  id: string;
  event: LoggedServerEvent;
  /** The SSE frame, encoded once and shared by every subscriber. */
  frame: Uint8Array;
}

export interface DirectoryMessage {
  type: "PARTY_CREATED" | "PARTY_UPDATED" | "PARTY_SIZE" | "PARTY_STATE" | "PARTY_ENDED";
  payload: Record<string, unknown> & { id: string };
}

export interface InstancePresence {
  /** Distinct member ids with an open stream on this instance. */
  members: string[];
  hostOnline: boolean;
}

export interface PartyBus {
  readonly kind: "memory" | "redis";
  /** Appends to the party's log; resolves to the id assigned (ids increase within a party). */
  append(partyId: string, event: LoggedServerEvent): Promise<string>;
  /** Events after `afterId`, oldest first; null when `afterId` is unknown or older than the buffer. */
  since(partyId: string, afterId: string): Promise<LoggedEvent[] | null>;
  /** The retained log, oldest first (to build a replica of a party's state). */
  tail(partyId: string): Promise<LoggedEvent[]>;
  /** Live events of a party after `afterId` (default: from now), in log order, from every instance. */
  subscribe(partyId: string, listener: (event: LoggedEvent) => void, afterId?: string | null): () => void;
  publishDirectory(message: DirectoryMessage): Promise<void>;
  subscribeDirectory(listener: (message: DirectoryMessage) => void): () => void;
  /** This instance's presence in a party (null: none); `presence` aggregates all instances. */
  setPresence(partyId: string, presence: InstancePresence | null): Promise<void>;
  presence(partyId: string): Promise<{ members: number; hostOnline: boolean; memberIds: string[] }>;
  close(): Promise<void>;
}

/** How many events a party's replay buffer keeps. */
export const REPLAY_BUFFER_EVENTS = 1000;

const encoder = new TextEncoder();

export function encodeFrame(id: string, event: ServerEvent): Uint8Array {
  return encoder.encode(`id: ${id}\ndata: ${JSON.stringify(event)}\n\n`);
}

export function loggedEvent(id: string, event: LoggedServerEvent): LoggedEvent {
  return { id, event, frame: encodeFrame(id, event) };
}

/** Orders event ids of either bus ("12" in memory, "1700000000000-3" in Redis). */
export function compareEventIds(a: string, b: string): number {
  const [am = 0, as = 0] = a.split("-").map(Number);
  const [bm = 0, bs = 0] = b.split("-").map(Number);
  return am - bm || as - bs;
}

export function aggregatePresence(entries: InstancePresence[]): { members: number; hostOnline: boolean; memberIds: string[] } {
  const ids = new Set<string>();
  let hostOnline = false;
  for (const entry of entries) {
    for (const id of entry.members) ids.add(id);
    hostOnline ||= entry.hostOnline;
  }
  return { members: ids.size, hostOnline, memberIds: [...ids] };
}
