import "server-only";
/**
 * Redis party bus, so several app instances serve one party. A party's log is a Redis stream
 * (XADD assigns increasing ids, XRANGE replays after Last-Event-ID); one blocking XREAD per instance
 * follows every party it has subscribers for, so events reach each instance in log order. The
 * directory is pub/sub, and so are voice signals (a channel per party, subscribed by the instances
 * that serve it: a signal is for one member now, never replayed); presence is a hash with a field per
 * instance; memberships a hash per party.
 *
 * The replay buffer is bounded by events and by bytes. XADD's MAXLEN counts only events, so appends go
 * through a small Lua script that also keeps the stream's byte total in a counter key and trims the
 * oldest entries (XTRIM MINID) past either bound, atomically. Every key of a party expires a week
 * after its last write; when the party ends, its log expires within a minute (long enough for every
 * instance's reader to deliver the final event), presence and memberships go at once, and a marker
 * refuses late appends so a racing command cannot revive the log.
 *
 * Redis going away must not hang the party: every command has a time bound (a blocking read its own)
 * and a command is not queued past one reconnect attempt, so a request answers 503 with Retry-After
 * within seconds. The bus then counts as down: open streams are told (`onUnavailable`) so their
 * clients reconnect and say why, and the health check reports it. It is up again with the next
 * command or read that succeeds.
 */
import { randomBytes } from "node:crypto";
import { Redis, ReplyError, type RedisOptions } from "ioredis";
import { serviceUnavailable } from "@/lib/server/http/api-error";
import { metrics } from "@/lib/server/metrics/metrics";
import {
  aggregatePresence,
  compareEventIds,
  loggedEvent,
  ENDED_MARKER_MS,
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
import { log } from "@/lib/server/log";

/** Keys of a running party outlive its last write by this much (a party left behind by a crash). */
const PARTY_KEYS_TTL_MS = 7 * 24 * 3600 * 1000;
/** An ended party's log stays this long, so instances still following it deliver its last event. */
const ENDED_LOG_TTL_MS = 60_000;

/**
 * KEYS: stream, byte counter, ended marker, guard key (the id of the last event appended under the
 * append's guard). ARGV: event JSON, max events, max bytes, ttl ms, and with a guard the newest id
 * the writer had seen ('' when it had seen none; no fifth argument: no guard). Returns the new
 * entry's id, false when the party has ended, or 0 when the guard refused (the guard's last id is
 * after what the writer had seen).
 */
const APPEND_SCRIPT = `
if redis.call('EXISTS', KEYS[3]) == 1 then return false end
-- A new log (the old one expired or Redis lost it): its byte count and guard start over.
if redis.call('EXISTS', KEYS[1]) == 0 then redis.call('DEL', KEYS[2], KEYS[4]) end
if ARGV[5] ~= nil then
  local last = redis.call('GET', KEYS[4])
  if last then
    if ARGV[5] == '' then return 0 end
    local lm, ls = string.match(last, '^(%d+)-(%d+)$')
    local sm, ss = string.match(ARGV[5], '^(%d+)-(%d+)$')
    lm, ls, sm, ss = tonumber(lm), tonumber(ls), tonumber(sm), tonumber(ss)
    if lm > sm or (lm == sm and ls > ss) then return 0 end
  end
end
local id = redis.call('XADD', KEYS[1], '*', 'e', ARGV[1])
local bytes = redis.call('INCRBY', KEYS[2], string.len(ARGV[1]))
local len = redis.call('XLEN', KEYS[1])
local maxLen, maxBytes = tonumber(ARGV[2]), tonumber(ARGV[3])
if len > maxLen or bytes > maxBytes then
  local dropped, freed, keep, cursor = 0, 0, nil, '-'
  while keep == nil do
    local entries = redis.call('XRANGE', KEYS[1], cursor, '+', 'COUNT', 100)
    if #entries == 0 then break end
    for _, entry in ipairs(entries) do
      if entry[1] == id or ((len - dropped) <= maxLen and (bytes - freed) <= maxBytes) then
        keep = entry[1]
        break
      end
      dropped = dropped + 1
      freed = freed + string.len(entry[2][2] or '')
    end
    cursor = '(' .. entries[#entries][1]
  end
  if keep ~= nil and dropped > 0 then
    redis.call('XTRIM', KEYS[1], 'MINID', keep)
    redis.call('DECRBY', KEYS[2], freed)
  end
end
redis.call('PEXPIRE', KEYS[1], ARGV[4])
redis.call('PEXPIRE', KEYS[2], ARGV[4])
if ARGV[5] ~= nil then redis.call('SET', KEYS[4], id, 'PX', ARGV[4]) end
return id
`;

type AppendCommand = (stream: string, bytes: string, ended: string, guard: string, event: string, maxEvents: number, maxBytes: number, ttlMs: number, ...seen: string[]) => Promise<string | number | null>;

/** A command with no answer by then fails (the request answers 503): Redis is down or unreachable. */
const COMMAND_TIMEOUT_MS = 2000;
/** The stream reader's blocking XREAD waits this long for new events before asking again. */
const READ_BLOCK_MS = 5000;

/** An instance's presence entry older than this is from a crashed instance and is ignored. */
const PRESENCE_STALE_MS = 60_000;
const PRESENCE_REFRESH_MS = 20_000;
const STREAM_ID = /^\d+-\d+$/;

type StreamEntry = [id: string, fields: string[]];

function parseEntry([id, fields]: StreamEntry): LoggedEvent | null {
  const index = fields.indexOf("e");
  const raw = index >= 0 ? fields[index + 1] : undefined;
  if (!raw) return null;
  try {
    return loggedEvent(id, JSON.parse(raw) as LoggedServerEvent);
  } catch {
    return null;
  }
}

export class RedisBus implements PartyBus {
  readonly kind = "redis" as const;
  private readonly instanceId = randomBytes(6).toString("hex");
  private readonly cmd: Redis;
  private readonly reader: Redis;
  private readonly sub: Redis;
  private readerId: number | null = null;
  /** Last id delivered per party stream this instance follows. */
  private following = new Map<string, string>();
  private listeners = new Map<string, Set<(event: LoggedEvent) => void>>();
  private directoryListeners = new Set<(message: DirectoryMessage) => void>();
  /** Per voice-signal channel this instance subscribed: its listeners, and the SUBSCRIBE they wait for. */
  private signalChannels = new Map<string, { listeners: Set<(event: VoiceSignalEvent) => void>; subscribed: Promise<unknown> }>();
  private ownPresence = new Map<string, InstancePresence>();
  private closed = false;
  private refreshTimer: NodeJS.Timeout;
  /** Set while Redis does not answer (a command or the reader failed), cleared when it does again. */
  private down = false;
  private unavailableListeners = new Set<() => void>();

  constructor(
    url: string,
    private readonly prefix: string,
  ) {
    // One reconnect attempt at most per command, and a bound on each reply. The reader's XREAD blocks
    // on purpose, so its bound is the block time plus a grace (`blockingTimeout`), not commandTimeout.
    const options: RedisOptions = { maxRetriesPerRequest: 1, connectTimeout: COMMAND_TIMEOUT_MS, lazyConnect: false };
    this.cmd = new Redis(url, { ...options, commandTimeout: COMMAND_TIMEOUT_MS });
    this.cmd.defineCommand("vpAppend", { numberOfKeys: 4, lua: APPEND_SCRIPT });
    this.reader = new Redis(url, { ...options, blockingTimeout: READ_BLOCK_MS });
    this.sub = new Redis(url, options);
    // Connection errors surface per command (as 503s) and through `down`; the event adds nothing.
    for (const client of [this.cmd, this.reader, this.sub]) client.on("error", () => undefined);
    this.sub.on("message", (channel: string, raw: string) => {
      try {
        const signals = this.signalChannels.get(channel);
        if (signals) {
          const event = JSON.parse(raw) as VoiceSignalEvent;
          for (const listener of signals.listeners) listener(event);
          return;
        }
        const message = JSON.parse(raw) as DirectoryMessage;
        for (const listener of this.directoryListeners) listener(message);
      } catch {
        // not ours
      }
    });
    this.sub.subscribe(this.key("directory")).catch(() => undefined);
    this.refreshTimer = setInterval(() => void this.refreshPresence(), PRESENCE_REFRESH_MS);
    this.refreshTimer.unref();
    void this.readLoop();
  }

  /** Runs a command; a failure to reach Redis (not a reply error) marks the bus down and is a 503. */
  private async run<T>(command: () => Promise<T>): Promise<T> {
    const timing = metrics()?.redisSeconds;
    const startedAt = timing ? performance.now() : 0;
    try {
      const result = await command();
      timing?.observe((performance.now() - startedAt) / 1000);
      this.markUp();
      return result;
    } catch (error) {
      if (error instanceof ReplyError || error instanceof PartyEndedError) throw error;
      this.markDown();
      throw serviceUnavailable("redis");
    }
  }

  private markDown(): void {
    if (this.down || this.closed) return;
    this.down = true;
    log.error("[bus] Redis unreachable: streams are told to reconnect");
    for (const listener of this.unavailableListeners) listener();
  }

  private markUp(): void {
    if (this.down) log.warn("[bus] Redis answers again");
    this.down = false;
  }

  /** Whether Redis answers within the command bound (the health check). */
  async ping(): Promise<void> {
    await this.run(() => this.cmd.ping());
  }

  onUnavailable(listener: () => void): () => void {
    this.unavailableListeners.add(listener);
    return () => this.unavailableListeners.delete(listener);
  }

  private key(...parts: string[]): string {
    return [this.prefix, ...parts].join(":");
  }

  private streamKey(partyId: string): string {
    return this.key("party", partyId, "events");
  }

  private partyKey(partyId: string, part: "events" | "bytes" | "ended" | "presence" | "members" | "signals" | `guard:${string}`): string {
    return this.key("party", partyId, part);
  }

  async append(partyId: string, event: LoggedServerEvent, guard?: AppendGuard): Promise<string> {
    const append = (this.cmd as unknown as { vpAppend: AppendCommand }).vpAppend.bind(this.cmd);
    const id = await this.run(() => append(
      this.streamKey(partyId),
      this.partyKey(partyId, "bytes"),
      this.partyKey(partyId, "ended"),
      this.partyKey(partyId, `guard:${guard?.name ?? "none"}`),
      JSON.stringify(event),
      REPLAY_BUFFER_EVENTS,
      REPLAY_BUFFER_BYTES,
      PARTY_KEYS_TTL_MS,
      ...(guard ? [guard.seen ?? ""] : []),
    ));
    if (id === 0) throw new StaleAppendError(partyId, guard?.name ?? "none");
    if (!id) throw new PartyEndedError(partyId);
    return String(id);
  }

  async since(partyId: string, afterId: string): Promise<LoggedEvent[] | null> {
    if (!STREAM_ID.test(afterId)) return null;
    const key = this.streamKey(partyId);
    const [first] = (await this.run(() => this.cmd.xrange(key, "-", "+", "COUNT", 1))) as StreamEntry[];
    const [last] = (await this.run(() => this.cmd.xrevrange(key, "+", "-", "COUNT", 1))) as StreamEntry[];
    if (!first || !last) return null;
    // Resumable only when `afterId` is one we handed out and nothing after it was trimmed.
    if (compareEventIds(afterId, last[0]) > 0) return null;
    // The buffer starts after `afterId`: events in between may have been trimmed, so ask for a snapshot.
    if (compareEventIds(afterId, first[0]) < 0) return null;
    const entries = (await this.run(() => this.cmd.xrange(key, `(${afterId}`, "+"))) as StreamEntry[];
    return entries.map(parseEntry).filter((e): e is LoggedEvent => e !== null);
  }

  async latestId(partyId: string): Promise<string | null> {
    const [last] = (await this.run(() => this.cmd.xrevrange(this.streamKey(partyId), "+", "-", "COUNT", 1))) as StreamEntry[];
    return last?.[0] ?? null;
  }

  async tail(partyId: string): Promise<LoggedEvent[]> {
    const entries = (await this.run(() => this.cmd.xrange(this.streamKey(partyId), "-", "+"))) as StreamEntry[];
    return entries.map(parseEntry).filter((e): e is LoggedEvent => e !== null);
  }

  subscribe(partyId: string, listener: (event: LoggedEvent) => void, afterId?: string | null): () => void {
    let set = this.listeners.get(partyId);
    if (!set) {
      set = new Set();
      this.listeners.set(partyId, set);
    }
    set.add(listener);
    if (!this.following.has(partyId)) {
      // Follow from the caller's last known id (no gap after its tail()), else from "now".
      this.following.set(partyId, afterId && STREAM_ID.test(afterId) ? afterId : afterId === null ? "0-0" : "$");
      void this.wakeReader();
    }
    return () => {
      set.delete(listener);
      if (set.size === 0) {
        this.listeners.delete(partyId);
        this.following.delete(partyId);
        void this.wakeReader();
      }
    };
  }

  /** Interrupts the blocking XREAD so it picks up the new set of streams. */
  private async wakeReader(): Promise<void> {
    if (this.readerId !== null) await this.cmd.client("UNBLOCK", this.readerId).catch(() => {});
  }

  private async readLoop(): Promise<void> {
    while (!this.closed) {
      const parties = [...this.following.keys()];
      if (parties.length === 0) {
        await new Promise((r) => setTimeout(r, 50));
        continue;
      }
      let keys: string[] = [];
      let result: [string, StreamEntry[]][] | null = null;
      try {
        // The reader's id changes with each reconnect; wakeReader unblocks by it.
        this.readerId ??= Number(await this.reader.client("ID"));
        // Resolve "$" to a concrete id once, so events between two XREADs are never skipped.
        for (const party of parties) {
          if (this.following.get(party) === "$") {
            const [last] = (await this.cmd.xrevrange(this.streamKey(party), "+", "-", "COUNT", 1)) as StreamEntry[];
            if (this.following.has(party)) this.following.set(party, last?.[0] ?? "0-0");
          }
        }
        keys = parties.map((p) => this.streamKey(p));
        const ids = parties.map((p) => this.following.get(p) ?? "$");
        result = (await this.reader.xread("BLOCK", READ_BLOCK_MS, "STREAMS", ...keys, ...ids)) as [string, StreamEntry[]][] | null;
        this.markUp();
      } catch (error) {
        if (this.closed) return;
        if (replyErrorKind(error) === "UNBLOCKED") continue;
        // Redis is gone (or stopped answering): streams following it would go silent, so they are
        // told; the loop keeps trying at a modest pace until it answers again.
        this.readerId = null;
        this.markDown();
        await new Promise((r) => setTimeout(r, 500));
        continue;
      }
      for (const [key, entries] of result ?? []) {
        const party = parties[keys.indexOf(key)];
        if (!party || !this.following.has(party)) continue;
        for (const entry of entries) {
          this.following.set(party, entry[0]);
          const logged = parseEntry(entry);
          if (!logged) continue;
          for (const listener of this.listeners.get(party) ?? []) listener(logged);
        }
      }
    }
  }

  async publishSignal(partyId: string, event: VoiceSignalEvent): Promise<void> {
    // PUBLISH, not XADD: delivered to the instances subscribed now, kept nowhere.
    await this.run(() => this.cmd.publish(this.partyKey(partyId, "signals"), JSON.stringify(event)));
  }

  async subscribeSignals(partyId: string, listener: (event: VoiceSignalEvent) => void): Promise<() => void> {
    const channel = this.partyKey(partyId, "signals");
    let entry = this.signalChannels.get(channel);
    if (!entry) {
      entry = { listeners: new Set(), subscribed: this.run(() => this.sub.subscribe(channel)) };
      this.signalChannels.set(channel, entry);
      // A failed SUBSCRIBE is retried by the next subscriber (the replica's next load).
      entry.subscribed.catch(() => this.signalChannels.get(channel) === entry && this.signalChannels.delete(channel));
    }
    const current = entry;
    current.listeners.add(listener);
    try {
      await current.subscribed;
    } catch (error) {
      current.listeners.delete(listener);
      throw error;
    }
    return () => {
      current.listeners.delete(listener);
      if (current.listeners.size > 0 || this.signalChannels.get(channel) !== current) return;
      this.signalChannels.delete(channel);
      void this.sub.unsubscribe(channel).catch(() => undefined);
    };
  }

  async publishDirectory(message: DirectoryMessage): Promise<void> {
    await this.run(() => this.cmd.publish(this.key("directory"), JSON.stringify(message)));
  }

  subscribeDirectory(listener: (message: DirectoryMessage) => void): () => void {
    this.directoryListeners.add(listener);
    return () => this.directoryListeners.delete(listener);
  }

  async setPresence(partyId: string, presence: InstancePresence | null): Promise<void> {
    const key = this.partyKey(partyId, "presence");
    if (presence) {
      this.ownPresence.set(partyId, presence);
      await this.run(() => this.cmd.hset(key, this.instanceId, JSON.stringify({ ...presence, at: Date.now() })));
      await this.run(() => this.cmd.pexpire(key, PRESENCE_STALE_MS * 10));
    } else {
      this.ownPresence.delete(partyId);
      await this.run(() => this.cmd.hdel(key, this.instanceId));
    }
  }

  private async refreshPresence(): Promise<void> {
    for (const [partyId, presence] of this.ownPresence) await this.setPresence(partyId, presence).catch(() => {});
  }

  async presence(partyId: string) {
    const raw = await this.run(() => this.cmd.hgetall(this.partyKey(partyId, "presence")));
    const now = Date.now();
    const entries: InstancePresence[] = [];
    for (const value of Object.values(raw)) {
      try {
        const entry = JSON.parse(value) as InstancePresence & { at: number };
        if (now - entry.at < PRESENCE_STALE_MS) entries.push(entry);
      } catch {
        // ignore a corrupt entry
      }
    }
    return aggregatePresence(entries);
  }

  async setMembership(partyId: string, memberId: string, member: boolean): Promise<void> {
    const key = this.partyKey(partyId, "members");
    await this.run(() => this.cmd.multi().hset(key, memberId, member ? "1" : "0").pexpire(key, PARTY_KEYS_TTL_MS).exec());
  }

  async membership(partyId: string, memberId: string): Promise<boolean | null> {
    const value = await this.run(() => this.cmd.hget(this.partyKey(partyId, "members"), memberId));
    return value === null ? null : value === "1";
  }

  async rememberMembership(partyId: string, memberId: string, member: boolean): Promise<void> {
    const key = this.partyKey(partyId, "members");
    await this.run(() => this.cmd.multi().hsetnx(key, memberId, member ? "1" : "0").pexpire(key, PARTY_KEYS_TTL_MS).exec());
  }

  async discard(partyId: string): Promise<void> {
    this.ownPresence.delete(partyId);
    await this.run(() =>
      this.cmd
        .multi()
      .set(this.partyKey(partyId, "ended"), "1", "PX", ENDED_MARKER_MS)
      .pexpire(this.streamKey(partyId), ENDED_LOG_TTL_MS)
      .pexpire(this.partyKey(partyId, "bytes"), ENDED_LOG_TTL_MS)
      .del(this.partyKey(partyId, "presence"), this.partyKey(partyId, "members"), this.partyKey(partyId, "guard:voice"))
      .exec(),
    );
  }

  async stats(partyIds: string[]): Promise<BusStats> {
    const logs: BusStats["logs"] = {};
    for (const id of partyIds) {
      const [events, bytes] = await this.run(() => Promise.all([this.cmd.xlen(this.streamKey(id)), this.cmd.get(this.partyKey(id, "bytes"))]));
      logs[id] = events > 0 ? { events, bytes: Number(bytes ?? 0) } : null;
    }
    return { kind: this.kind, parties: null, logs };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.refreshTimer);
    await Promise.allSettled([this.cmd.quit(), this.reader.disconnect(), this.sub.quit()]);
  }
}

/**
 * The kind of a Redis error reply: its first word (ERR, WRONGTYPE, UNBLOCKED …), which the protocol
 * defines as the error's code; null for anything but an error reply.
 */
function replyErrorKind(error: unknown): string | null {
  return error instanceof ReplyError ? ((error as Error).message.split(/\s/, 1)[0] ?? null) : null;
}
