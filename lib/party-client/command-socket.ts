/**
 * A party's command socket, for one (server, party, token): one WebSocket that carries the party
 * commands which otherwise go as one POST each (the contract: lib/sync/command-socket-protocol.ts).
 * PartyConnection sends over it while it is ready and by POST otherwise, so it is a shortcut only: a
 * server, proxy or runtime without WebSockets (an older server, `next dev`, Node 20 in Jest) leaves
 * every command on the POST.
 *
 * An answer reads as the POST's would: the body for 2xx, else the ApiRequestError ApiClient throws.
 * A command whose socket closes before its answer, or that waits too long for one, fails with
 * ServerUnreachableError, like a POST whose connection dropped: it may or may not have been applied,
 * so it is never sent again. A socket that let a command time out is closed (it is evidently stuck),
 * so later commands go by POST until a new one is ready.
 */
import {
  COMMAND_SOCKET_CLOSE,
  COMMAND_SOCKET_MAX_FRAME_BYTES,
  commandSocketServerFrameSchema,
  type CommandSocketAuthFrame,
  type CommandSocketCommandFrame,
  type CommandSocketServerFrame,
} from "@/lib/sync/command-socket-protocol";
import { ApiRequestError, ServerUnreachableError, errorMessage } from "./api-client";
import { backoffDelay } from "./backoff";
import { errorCodeOf } from "@/lib/schemas/error-code";

/** The part of the browser's WebSocket API used here; the browser's own class fits it. */
export interface WebSocketLike {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: "open" | "error", listener: () => void): void;
  addEventListener(type: "message", listener: (event: { data: unknown }) => void): void;
  addEventListener(type: "close", listener: (event: { code: number; reason: string }) => void): void;
}

export type WebSocketConstructor = new (url: string) => WebSocketLike;

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The runtime's own timers (the default where a test injects none). */
export const runtimeTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface CommandSocketOptions {
  /** The server's http(s) origin, as ApiClient has it. */
  serverUrl: string;
  partyId: string;
  token: string;
  /** Default: the runtime's WebSocket; without one the socket is never ready. */
  WebSocket?: WebSocketConstructor;
  timers?: Timers;
  /** How long a command waits for its answer, and a new socket for `ready`. */
  timeoutMs?: number;
  /** Reconnect delays: from min, doubling per failed attempt, up to max (each ±25 % at random). */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  random?: () => number;
}

/** Closes after which another socket cannot fare better: the token, the membership or the party is wrong. */
const FINAL = new Set<number>([COMMAND_SOCKET_CLOSE.unauthorized, COMMAND_SOCKET_CLOSE.forbidden, COMMAND_SOCKET_CLOSE.notFound, COMMAND_SOCKET_CLOSE.malformed]);
/** What a socket that failed or was abandoned by us closes with (the browser's "closed abnormally"). */
const ABNORMAL = 1006;
/** Sockets in a row that never became ready, by a client that never had one ready: the endpoint is not offered. */
const MAX_NEVER_READY = 3;

interface Pending {
  resolve(body: unknown): void;
  reject(error: Error): void;
  timer: unknown;
}

export class CommandSocket {
  private socket: WebSocketLike | null = null;
  private isReady = false;
  /** Stopped, or given up for good. */
  private done = false;
  private everReady = false;
  /** Sockets closed since the last one that was ready: the backoff's exponent and the give-up count. */
  private failures = 0;
  private nextN = 1;
  private readonly pending = new Map<number, Pending>();
  private handshakeTimer: unknown = null;
  private retryTimer: unknown = null;
  private readonly timers: Timers;

  constructor(private readonly options: CommandSocketOptions) {
    this.timers = options.timers ?? runtimeTimers;
  }

  /** Commands may go over the socket now. */
  get ready(): boolean {
    return this.isReady;
  }

  start(): void {
    if (!this.done && this.socket === null && this.retryTimer === null) this.connect();
  }

  /** Closes the socket for good; commands still awaiting an answer fail with ServerUnreachableError. */
  stop(): void {
    this.done = true;
    if (this.retryTimer !== null) this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (this.socket) this.closed(this.socket, ABNORMAL);
  }

  /**
   * Sends a command over the socket: its answer body, or the error the POST would have given. Null
   * when the command did not go (not ready, or too large for a frame): send it by POST.
   */
  send(command: unknown): Promise<unknown> | null {
    const socket = this.socket;
    if (!this.isReady || socket === null) return null;
    const n = this.nextN;
    const frame = JSON.stringify({ n, command } satisfies CommandSocketCommandFrame);
    // A frame over the limit would make the server close the socket, failing every command on it;
    // by POST this one gets the server's own answer (accepted, or 413) and the others are unharmed.
    if (!fitsInFrame(frame)) return null;
    this.nextN += 1;
    let pending!: Pending;
    const answer = new Promise<unknown>((resolve, reject) => {
      pending = { resolve, reject, timer: null };
    });
    pending.timer = this.timers.setTimeout(() => {
      if (this.pending.get(n) !== pending) return;
      this.pending.delete(n);
      pending.reject(new ServerUnreachableError(this.options.serverUrl));
      this.closed(socket, ABNORMAL);
    }, this.options.timeoutMs ?? 15_000);
    this.pending.set(n, pending);
    try {
      socket.send(frame);
    } catch {
      // Not handed to the socket (a browser throws only before it is open): it surely did not go.
      this.timers.clearTimeout(pending.timer);
      this.pending.delete(n);
      this.closed(socket, ABNORMAL);
      return null;
    }
    return answer;
  }

  private connect(): void {
    this.retryTimer = null;
    const Impl = this.options.WebSocket ?? (typeof WebSocket === "function" ? WebSocket : undefined);
    const url = webSocketUrl(this.options.serverUrl, this.options.partyId);
    if (!Impl || !url) {
      this.done = true;
      return;
    }
    let socket: WebSocketLike;
    try {
      socket = new Impl(url);
    } catch {
      // An older browser throws here when a Content-Security-Policy forbids the address.
      this.retryOrGiveUp(ABNORMAL);
      return;
    }
    this.socket = socket;
    this.handshakeTimer = this.timers.setTimeout(() => this.closed(socket, ABNORMAL), this.options.timeoutMs ?? 15_000);
    socket.addEventListener("open", () => {
      if (socket !== this.socket) return;
      try {
        socket.send(JSON.stringify({ type: "auth", token: this.options.token } satisfies CommandSocketAuthFrame));
      } catch {
        this.closed(socket, ABNORMAL);
      }
    });
    socket.addEventListener("message", (event) => this.received(socket, event.data));
    // A failure (the upgrade refused, the connection lost) is followed by a close event; it is
    // handled at once all the same, and the close that follows is ignored.
    socket.addEventListener("error", () => this.closed(socket, ABNORMAL));
    socket.addEventListener("close", (event) => this.closed(socket, event.code));
  }

  private received(socket: WebSocketLike, data: unknown): void {
    if (socket !== this.socket) return;
    const frame = readFrame(data);
    if (frame === null) {
      // A frame this client cannot read: the two sides disagree on the contract. The POST is safe.
      this.closed(socket, COMMAND_SOCKET_CLOSE.malformed);
      return;
    }
    if ("type" in frame) {
      if (this.isReady) return;
      this.isReady = true;
      this.everReady = true;
      this.failures = 0;
      this.clearHandshakeTimer();
      return;
    }
    const pending = this.pending.get(frame.n);
    if (!pending) return;
    this.pending.delete(frame.n);
    this.timers.clearTimeout(pending.timer);
    if (frame.status >= 200 && frame.status < 300) pending.resolve(frame.body);
    else pending.reject(new ApiRequestError(errorMessage(frame.body), frame.status, null, errorCodeOf(frame.body)));
  }

  /** `socket` has closed, or is given up by us: what awaits an answer fails, then the next socket is planned. */
  private closed(socket: WebSocketLike, code: number): void {
    if (socket !== this.socket) return;
    this.socket = null;
    this.isReady = false;
    this.clearHandshakeTimer();
    for (const pending of this.pending.values()) {
      this.timers.clearTimeout(pending.timer);
      pending.reject(new ServerUnreachableError(this.options.serverUrl));
    }
    this.pending.clear();
    // Closing a socket that is already closed does nothing.
    try {
      socket.close(1000);
    } catch {
      // Nothing to release.
    }
    this.retryOrGiveUp(code);
  }

  private retryOrGiveUp(code: number): void {
    if (this.done) return;
    if (FINAL.has(code)) {
      this.done = true;
      return;
    }
    this.failures += 1;
    // Once a socket was ready the endpoint is known to exist, and a server restart can outlast a few
    // quick attempts: keep trying, slowly. Never ready at all, three times in a row: it is not offered.
    if (!this.everReady && this.failures >= MAX_NEVER_READY) {
      this.done = true;
      return;
    }
    const delay = backoffDelay(this.failures, {
      minMs: this.options.minBackoffMs ?? 1000,
      maxMs: this.options.maxBackoffMs ?? 30_000,
      ...(this.options.random ? { random: this.options.random } : {}),
    });
    this.retryTimer = this.timers.setTimeout(() => this.connect(), delay);
  }

  private clearHandshakeTimer(): void {
    if (this.handshakeTimer !== null) this.timers.clearTimeout(this.handshakeTimer);
    this.handshakeTimer = null;
  }
}

/** `http://host:3000` → `ws://host:3000/api/v1/parties/{id}/commands` (https → wss); null for other schemes. */
export function webSocketUrl(serverUrl: string, partyId: string): string | null {
  if (!/^https?:\/\//i.test(serverUrl)) return null;
  return `${serverUrl.replace(/^http/i, "ws")}/api/v1/parties/${encodeURIComponent(partyId)}/commands`;
}

/** A UTF-16 unit is at most 3 bytes of UTF-8, so nearly every frame is decided without encoding it. */
function fitsInFrame(frame: string): boolean {
  return frame.length * 3 <= COMMAND_SOCKET_MAX_FRAME_BYTES || new TextEncoder().encode(frame).byteLength <= COMMAND_SOCKET_MAX_FRAME_BYTES;
}

function readFrame(data: unknown): CommandSocketServerFrame | null {
  if (typeof data !== "string") return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = commandSocketServerFrameSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}
