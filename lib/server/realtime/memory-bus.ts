import "server-only";
/**
 * In-process party bus: one app instance, logs in memory with integer event ids. A party's log is
 * freed when the party ends (`discard`), and bounded by events and bytes while it runs.
 */
import { EventEmitter } from "node:events";
import {
  aggregatePresence,
  compareEventIds,
  ENDED_MARKER_MS,
  loggedEvent,
  PartyEndedError,
  REPLAY_BUFFER_BYTES,
  REPLAY_BUFFER_EVENTS,
  StaleAppendError,
  type AppendGuard,
  type BusStats,
  type DirectoryMessage,
  type InstancePresence,
  type LoggedEvent,
  type LoggedServerEvent,
  type PartyBus,
  type VoiceSignalEvent,
} from "./bus";

interface Log {
  next: number;
  events: LoggedEvent[];
  /** Encoded bytes of `events` (their SSE frames). */
  bytes: number;
  /** The id of the last event appended under each guard (see PartyBus.append). */
  guarded: Map<string, string>;
}

export class MemoryBus implements PartyBus {
  readonly kind = "memory" as const;
  private logs = new Map<string, Log>();
  private emitter = new EventEmitter();
  private presences = new Map<string, InstancePresence>();
  private memberships = new Map<string, Map<string, boolean>>();
  /** Ended parties (and when), so a late append cannot start a new log; pruned as parties end. */
  private ended = new Map<string, number>();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  private log(partyId: string): Log {
    let log = this.logs.get(partyId);
    if (!log) {
      log = { next: 1, events: [], bytes: 0, guarded: new Map() };
      this.logs.set(partyId, log);
    }
    return log;
  }

  async append(partyId: string, event: LoggedServerEvent, guard?: AppendGuard): Promise<string> {
    if (this.ended.has(partyId)) throw new PartyEndedError(partyId);
    const log = this.log(partyId);
    if (guard) {
      const last = log.guarded.get(guard.name);
      if (last !== undefined && (guard.seen === null || compareEventIds(last, guard.seen) > 0)) throw new StaleAppendError(partyId, guard.name);
    }
    const logged = loggedEvent(String(log.next++), event);
    if (guard) log.guarded.set(guard.name, logged.id);
    log.events.push(logged);
    log.bytes += logged.frame.byteLength;
    // Drop the oldest beyond either bound; the newest event always stays.
    let drop = 0;
    while (log.events.length - drop > 1 && (log.events.length - drop > REPLAY_BUFFER_EVENTS || log.bytes > REPLAY_BUFFER_BYTES)) {
      log.bytes -= log.events[drop]!.frame.byteLength;
      drop += 1;
    }
    if (drop > 0) log.events.splice(0, drop);
    this.emitter.emit(`party:${partyId}`, logged);
    return logged.id;
  }

  async since(partyId: string, afterId: string): Promise<LoggedEvent[] | null> {
    if (!/^\d+$/.test(afterId)) return null;
    const after = Number(afterId);
    const log = this.logs.get(partyId);
    if (!log) return null;
    const first = log.events[0] ? Number(log.events[0].id) : log.next;
    // Resumable only when nothing after `after` was dropped, and `after` is an id we handed out.
    if (after < first - 1 || after >= log.next) return null;
    return log.events.filter((e) => Number(e.id) > after);
  }

  async latestId(partyId: string): Promise<string | null> {
    return this.logs.get(partyId)?.events.at(-1)?.id ?? null;
  }

  async tail(partyId: string): Promise<LoggedEvent[]> {
    return [...(this.logs.get(partyId)?.events ?? [])];
  }

  subscribe(partyId: string, listener: (event: LoggedEvent) => void): () => void {
    const name = `party:${partyId}`;
    this.emitter.on(name, listener);
    return () => this.emitter.off(name, listener);
  }

  async publishSignal(partyId: string, event: VoiceSignalEvent): Promise<void> {
    if (this.ended.has(partyId)) return;
    this.emitter.emit(`signal:${partyId}`, event);
  }

  async subscribeSignals(partyId: string, listener: (event: VoiceSignalEvent) => void): Promise<() => void> {
    const name = `signal:${partyId}`;
    this.emitter.on(name, listener);
    return () => this.emitter.off(name, listener);
  }

  async publishDirectory(message: DirectoryMessage): Promise<void> {
    this.emitter.emit("directory", message);
  }

  subscribeDirectory(listener: (message: DirectoryMessage) => void): () => void {
    this.emitter.on("directory", listener);
    return () => this.emitter.off("directory", listener);
  }

  async setPresence(partyId: string, presence: InstancePresence | null): Promise<void> {
    if (presence && !this.ended.has(partyId)) this.presences.set(partyId, presence);
    else this.presences.delete(partyId);
  }

  async presence(partyId: string) {
    const own = this.presences.get(partyId);
    return aggregatePresence(own ? [own] : []);
  }

  async setMembership(partyId: string, memberId: string, member: boolean): Promise<void> {
    if (this.ended.has(partyId)) return;
    let members = this.memberships.get(partyId);
    if (!members) {
      members = new Map();
      this.memberships.set(partyId, members);
    }
    members.set(memberId, member);
  }

  async membership(partyId: string, memberId: string): Promise<boolean | null> {
    return this.membershipNow(partyId, memberId);
  }

  /** `membership` without a promise (the in-process record is at hand). */
  membershipNow(partyId: string, memberId: string): boolean | null {
    return this.memberships.get(partyId)?.get(memberId) ?? null;
  }

  async rememberMembership(partyId: string, memberId: string, member: boolean): Promise<void> {
    if ((await this.membership(partyId, memberId)) === null) await this.setMembership(partyId, memberId, member);
  }

  async discard(partyId: string): Promise<void> {
    const now = Date.now();
    for (const [id, at] of this.ended) {
      if (now - at < ENDED_MARKER_MS) break; // insertion order: the rest are newer
      this.ended.delete(id);
    }
    this.ended.delete(partyId);
    this.ended.set(partyId, now);
    this.logs.delete(partyId);
    this.presences.delete(partyId);
    this.memberships.delete(partyId);
  }

  async stats(partyIds: string[]): Promise<BusStats> {
    const logs: BusStats["logs"] = {};
    for (const id of partyIds) {
      const log = this.logs.get(id);
      logs[id] = log ? { events: log.events.length, bytes: log.bytes } : null;
    }
    return { kind: this.kind, parties: this.logs.size, logs };
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
