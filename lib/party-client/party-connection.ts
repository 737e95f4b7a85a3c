/**
 * One member's live connection to a party, run by the background: the SSE stream over fetch (with
 * Last-Event-ID resume after a drop, a watchdog for silent streams, and backoff), and the commands,
 * sent one at a time so the host's playback commands reach the server in order. Pings skip the queue:
 * their round trip measures the clock and must not wait behind other requests.
 *
 * A command goes over the party's command socket (command-socket.ts) while that is ready, and as a
 * POST otherwise (while it connects, on a server without it): the same command, the same answer or
 * error either way, so nothing above this class knows which way it went. Order still holds across
 * the switch because the queue sends the next command only once the previous one is answered.
 */
import { createParser, type EventSourceMessage } from "eventsource-parser";
import { STREAM_WATCHDOG_MS } from "@/lib/constants";
import { parseServerEvent, STREAM_UNAVAILABLE_EVENT, streamUnavailableSchema, type ServerEvent } from "@/lib/sync";
import type { PartyCommand } from "./types";
import { ApiRequestError, ServerUnreachableError, errorMessage, retryAfterOf, type ApiClient } from "./api-client";
import { backoffDelay } from "./backoff";
import { CommandSocket, runtimeTimers, type Timers, type WebSocketConstructor } from "./command-socket";

export type ConnectionStatus =
  | { state: "connecting" | "open" }
  /** `reason`: the server's own word on why, when it gave one (a service behind it is down). */
  | { state: "reconnecting"; reason?: string }
  /** Given up: the party ended, or we are not (or no longer) allowed in. */
  | { state: "closed"; error: string };

/** What a status says beyond its state: why it closed, or why it is reconnecting (null: nothing). */
export function statusNote(status: ConnectionStatus): string | null {
  if (status.state === "closed") return status.error;
  if (status.state === "reconnecting") return status.reason ?? null;
  return null;
}

export interface PartyConnectionOptions {
  api: ApiClient;
  token: string;
  partyId: string;
  /** `receivedAt` (performance.timeOrigin + performance.now()): set for pongs, stamped as the answer arrives. */
  onEvent(event: ServerEvent, receivedAt?: number): void;
  onStatus(status: ConnectionStatus): void;
  /** No bytes (not even a heartbeat) for this long → reconnect (default STREAM_WATCHDOG_MS). */
  watchdogMs?: number;
  minBackoffMs?: number;
  maxBackoffMs?: number;
  timers?: Timers;
  /** Commands over the command socket when it is ready (default true); false: every command is a POST. */
  commandSocket?: boolean;
  /** The command socket's WebSocket class; default: the runtime's own (tests pass a fake). */
  WebSocket?: WebSocketConstructor;
}

/** Why the server cannot serve the stream for now, and how long it asked clients to wait. */
interface Unavailable {
  reason: string;
  retryAfterMs: number;
}

/**
 * Commands not sent again after a dead connection: pings (a late one measures nothing), and reports of
 * a state that the next report replaces (the host's playback, read again from its player by
 * HostReporter; a member's buffering and ad flags).
 */
const REPORTS = new Set<string>(["ping", "play", "pause", "seek", "rate", "horizon", "media", "buffering", "ad"]);
/** How long a command keeps being sent again (the server remembers its id longer: RID_TTL_MS). */
export const COMMAND_RETRY_WINDOW_MS = 2 * 60_000;

/** A request id: random, URL-safe (crypto.randomUUID needs a secure context; getRandomValues does not). */
function requestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** HTTP statuses after which reconnecting cannot help. */
const FATAL = new Set([401, 403, 404, 409, 410]);

export class PartyConnection {
  private abort: AbortController | null = null;
  private stopped = false;
  private attempt = 0;
  private lastEventId: string | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly timers: Timers;
  private retryTimer: unknown = null;
  private commandSocket: CommandSocket | null = null;
  /** The stream is open (its response arrived and it has not ended). */
  private isOpen = false;

  constructor(private readonly options: PartyConnectionOptions) {
    this.timers = options.timers ?? runtimeTimers;
  }

  /** The id of the last event delivered: where the next stream resumes (Last-Event-ID). */
  get lastId(): string | null {
    return this.lastEventId;
  }

  start(): void {
    this.options.onStatus({ state: "connecting" });
    if (this.options.commandSocket !== false && this.commandSocket === null) {
      const { api, partyId, token, WebSocket } = this.options;
      this.commandSocket = new CommandSocket({ serverUrl: api.serverUrl, partyId, token, WebSocket, timers: this.timers });
      this.commandSocket.start();
    }
    void this.run();
  }

  stop(): void {
    this.stopped = true;
    this.abort?.abort();
    if (this.retryTimer !== null) this.timers.clearTimeout(this.retryTimer);
    this.commandSocket?.stop();
  }

  /** Sends a command; a ping's pong is delivered through onEvent as well as returned. */
  send(command: PartyCommand): Promise<unknown> {
    // A member's own words and acts (chat, drawing, votes, requests, moderation…) get a request id and
    // are sent again, with the same id, when their connection died under them: the server applies an
    // id once (lib/server/parties/command-replays.ts), so a command that went into a silently dead
    // socket is neither lost nor applied twice when the kernel delivers the first copy late.
    const rid = REPORTS.has(command.type) ? null : requestId();
    const once = async () => {
      // A ping is stamped again here, as it leaves: the page stamped it when it asked, and a busy or
      // throttled page's message can take seconds to reach this worker. That wait looked like a long
      // upstream trip and put the clock estimate seconds off (measured in real Chromium with the page's
      // CPU throttled 4×). Same clock as the page's (epoch ms), so its answer is read as before.
      const sent = (
        command.type === "ping" ? { ...command, t0: Math.max(command.t0, performance.timeOrigin + performance.now()) } : rid === null ? command : { ...command, rid }
      ) as PartyCommand;
      return this.commandSocket?.send(sent) ?? this.options.api.command(this.options.token, this.options.partyId, sent);
    };
    const run = async () => {
      const body = rid === null ? await once() : await this.retrying(once);
      if (command.type === "ping") {
        // Stamped here, where the answer arrives: the page that asked may be too busy to look for seconds.
        const receivedAt = performance.timeOrigin + performance.now();
        const parsed = parseServerEvent(body);
        if (parsed.ok && !this.stopped) this.options.onEvent(parsed.value, receivedAt);
      }
      return body;
    };
    if (command.type === "ping") return run();
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /**
   * Runs `attempt` until it gets an answer: after a failure to reach the server, again once the stream
   * is open again (the network is back), for up to COMMAND_RETRY_WINDOW_MS. An answer (also a refusal)
   * ends it, as do stopping and a closed connection.
   */
  private async retrying(attempt: () => Promise<unknown>): Promise<unknown> {
    const deadline = Date.now() + COMMAND_RETRY_WINDOW_MS;
    for (;;) {
      try {
        return await attempt();
      } catch (error) {
        if (!(error instanceof ServerUnreachableError) || this.stopped || Date.now() > deadline) throw error;
      }
      // Wait for the stream to come back (it has its own watchdog and backoff), at least a moment.
      await new Promise<void>((resolve) => this.timers.setTimeout(resolve, 500));
      while (!this.stopped && !this.isOpen && Date.now() <= deadline) await new Promise<void>((resolve) => this.timers.setTimeout(resolve, 250));
    }
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      const outcome = await this.streamOnce();
      if (this.stopped) return;
      if (outcome.fatal) {
        this.stopped = true;
        this.commandSocket?.stop();
        this.options.onStatus({ state: "closed", error: outcome.fatal });
        return;
      }
      this.options.onStatus(outcome.unavailable ? { state: "reconnecting", reason: outcome.unavailable.reason } : { state: "reconnecting" });
      // A stream that delivered something comes back at once (after the least delay); one that did not
      // backs off. A server that said when to come back is not asked sooner (every client at once would
      // only add load to a server that is recovering); the jitter spreads them out after it.
      const delay = backoffDelay(
        outcome.progressed ? 1 : this.attempt + 1,
        { minMs: this.options.minBackoffMs ?? 500, maxMs: this.options.maxBackoffMs ?? 10_000 },
        outcome.unavailable?.retryAfterMs ?? 0,
      );
      this.attempt = outcome.progressed ? 1 : this.attempt + 1;
      await new Promise<void>((resolve) => {
        this.retryTimer = this.timers.setTimeout(() => {
          this.retryTimer = null;
          resolve();
        }, delay);
      });
    }
  }

  /** One stream, until it ends or fails. `progressed`: it delivered at least one event. */
  private async streamOnce(): Promise<{ fatal?: string; progressed: boolean; unavailable?: Unavailable }> {
    const abort = new AbortController();
    this.abort = abort;
    let progressed = false;
    let watchdog: unknown = null;
    const feedWatchdog = () => {
      if (watchdog !== null) this.timers.clearTimeout(watchdog);
      watchdog = this.timers.setTimeout(() => abort.abort(), this.options.watchdogMs ?? STREAM_WATCHDOG_MS);
    };
    try {
      feedWatchdog();
      const headers: Record<string, string> = { Accept: "text/event-stream" };
      if (this.lastEventId) headers["Last-Event-ID"] = this.lastEventId;
      const res = await this.options.api.request("GET", `/api/v1/parties/${encodeURIComponent(this.options.partyId)}/events`, this.options.token, undefined, {
        headers,
        signal: abort.signal,
      });
      if (!res.ok || !res.body) {
        const body: unknown = await res.json().catch(() => null);
        if (FATAL.has(res.status)) return { fatal: errorMessage(body), progressed };
        if (res.status === 503) return { progressed, unavailable: { reason: errorMessage(body), retryAfterMs: (retryAfterOf(res) ?? 0) * 1000 } };
        return { progressed };
      }
      this.isOpen = true;
      this.options.onStatus({ state: "open" });
      // The parser reports each event's own id; like EventSource, the last one seen carries over to
      // later events without one. Comments (heartbeats) only feed the watchdog, and the server's
      // `retry` hint is left aside: this connection has its own backoff (run()).
      let streamId = this.lastEventId;
      const messages: EventSourceMessage[] = [];
      const parser = createParser({ onEvent: (message) => messages.push(message) });
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { value, done } = await reader.read();
        if (done || this.stopped) break;
        feedWatchdog();
        parser.feed(decoder.decode(value, { stream: true }));
        for (const message of messages.splice(0)) {
          if (message.id !== undefined) streamId = message.id;
          let data: unknown;
          try {
            data = JSON.parse(message.data);
          } catch {
            continue;
          }
          // The server ends the stream because a service behind it is down: said as a 503 would say it.
          if (message.event === STREAM_UNAVAILABLE_EVENT) {
            const notice = streamUnavailableSchema.safeParse(data);
            if (notice.success) return { progressed, unavailable: { reason: notice.data.detail, retryAfterMs: notice.data.retry_after * 1000 } };
            continue;
          }
          const parsed = parseServerEvent(data);
          if (!parsed.ok) {
            if (parsed.code === "unsupported_version") return { fatal: "This extension is out of date for the server. Please update it.", progressed };
            continue;
          }
          this.lastEventId = streamId;
          progressed = true;
          this.options.onEvent(parsed.value);
          if (parsed.value.type === "party" && parsed.value.party.state === "ENDED") return { fatal: "The party has ended.", progressed };
        }
      }
      return { progressed };
    } catch (error) {
      if (error instanceof ApiRequestError && FATAL.has(error.status)) return { fatal: error.message, progressed };
      return { progressed };
    } finally {
      this.isOpen = false;
      if (watchdog !== null) this.timers.clearTimeout(watchdog);
      abort.abort();
    }
  }
}
