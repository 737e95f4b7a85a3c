import "server-only";
/** In-process party bus: one app instance, logs in memory with integer event ids. */
import { EventEmitter } from "node:events";
import {
  aggregatePresence,
  loggedEvent,
  REPLAY_BUFFER_EVENTS,
  type DirectoryMessage,
  type InstancePresence,
  type LoggedEvent,
  type LoggedServerEvent,
  type PartyBus,
} from "./bus";

interface Log {
  next: number;
  events: LoggedEvent[];
}

export class MemoryBus implements PartyBus {
  readonly kind = "memory" as const;
  private logs = new Map<string, Log>();
  private emitter = new EventEmitter();
  private presences = new Map<string, InstancePresence>();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  private log(partyId: string): Log {
    let log = this.logs.get(partyId);
    if (!log) {
      log = { next: 1, events: [] };
      this.logs.set(partyId, log);
    }
    return log;
  }

  async append(partyId: string, event: LoggedServerEvent): Promise<string> {
    const log = this.log(partyId);
    const logged = loggedEvent(String(log.next++), event);
    log.events.push(logged);
    if (log.events.length > REPLAY_BUFFER_EVENTS) log.events.splice(0, log.events.length - REPLAY_BUFFER_EVENTS);
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

  async tail(partyId: string): Promise<LoggedEvent[]> {
    return [...(this.logs.get(partyId)?.events ?? [])];
  }

  subscribe(partyId: string, listener: (event: LoggedEvent) => void): () => void {
    const name = `party:${partyId}`;
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
    if (presence) this.presences.set(partyId, presence);
    else this.presences.delete(partyId);
  }

  async presence(partyId: string) {
    const own = this.presences.get(partyId);
    return aggregatePresence(own ? [own] : []);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
