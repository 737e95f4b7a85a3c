/**
 * A stand-in for the browser's WebSocket class (unit tests), imitating the part of its API the command
 * socket uses: `new WebSocket(url)`, `readyState` (CONNECTING 0, OPEN 1, CLOSING 2, CLOSED 3),
 * `send(text)` (throws while connecting, silently drops once closing or closed, as browsers do),
 * `close(code, reason)` (the close event follows later, as in a browser) and `addEventListener` for
 * open, message, close and error. The test plays the server: `open()`, `receive(frame)`,
 * `serverClose(code, reason)`, and `fail()` for an upgrade the server refused (error, then close 1006).
 */
import type { WebSocketLike } from "@/lib/party-client/command-socket";

/** One shape for every event here: each listener reads only its own event's fields. */
interface FakeEvent {
  data: unknown;
  code: number;
  reason: string;
}
type Listener = (event: FakeEvent) => void;

export class FakeWebSocket implements WebSocketLike {
  readyState = 0;
  /** Frames the client sent, in order, as JSON. */
  readonly sent: unknown[] = [];
  /** The code and reason the client closed with, if it did. */
  closedByClient: { code?: number; reason?: string } | null = null;
  private readonly listeners = new Map<string, Listener[]>();

  constructor(readonly url: string) {}

  addEventListener(type: "open" | "error", listener: () => void): void;
  addEventListener(type: "message", listener: (event: { data: unknown }) => void): void;
  addEventListener(type: "close", listener: (event: { code: number; reason: string }) => void): void;
  addEventListener(type: string, listener: Listener): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  send(data: string): void {
    if (this.readyState === 0) throw new DOMException("Still in CONNECTING state.", "InvalidStateError");
    if (this.readyState === 1) this.sent.push(JSON.parse(data));
  }

  close(code?: number, reason?: string): void {
    if (this.readyState >= 2) return;
    this.closedByClient = { code, reason };
    this.readyState = 2;
    queueMicrotask(() => this.finish(code ?? 1005, reason ?? ""));
  }

  // The server's side.

  open(): void {
    this.readyState = 1;
    this.emit("open", {});
  }

  receive(frame: unknown): void {
    if (this.readyState === 1) this.emit("message", { data: typeof frame === "string" ? frame : JSON.stringify(frame) });
  }

  serverClose(code: number, reason = ""): void {
    if (this.readyState !== 3) this.finish(code, reason);
  }

  fail(): void {
    if (this.readyState === 3) return;
    this.emit("error", {});
    this.finish(1006, "");
  }

  private finish(code: number, reason: string): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.emit("close", { code, reason });
  }

  private emit(type: string, fields: Partial<FakeEvent>): void {
    const event: FakeEvent = { data: undefined, code: 0, reason: "", ...fields };
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

/** A WebSocket class whose instances are recorded in `sockets`, newest last. */
export function fakeWebSockets() {
  const sockets: FakeWebSocket[] = [];
  class RecordedWebSocket extends FakeWebSocket {
    constructor(url: string) {
      super(url);
      sockets.push(this);
    }
  }
  return { WebSocket: RecordedWebSocket, sockets };
}
