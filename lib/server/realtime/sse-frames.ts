/**
 * What every server-sent-events stream shares, whichever response carries it (a web Response from a
 * route handler, sse.ts; or the Node response on the hot path, node-sse.ts): the sink a stream's
 * source writes pre-encoded frames to, the headers, and the frame encoding.
 */

const encoder = new TextEncoder();

export interface SseSink {
  /** Sends a pre-encoded frame; returns false once the stream is closed. */
  write(frame: Uint8Array): boolean;
  close(): void;
  readonly closed: boolean;
}

/**
 * A stream's content, independent of its transport: runs when the stream starts, writes to the sink,
 * and returns the cleanup that runs once when the client goes away or the stream is closed.
 */
export type SseSource = (sink: SseSink) => Promise<() => void> | (() => void);

export const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-cache, no-store, no-transform",
  Connection: "keep-alive",
  "X-Accel-Buffering": "no",
} as const;

/** The first bytes of every stream: how soon an EventSource reconnects, and a comment that flushes the headers. */
export const SSE_HELLO = "retry: 1000\n: connected\n\n";
/** The comment heartbeat that keeps proxies from closing an idle stream. */
export const SSE_HEARTBEAT = ": hb\n\n";

export function sseFrame(id: string | null, data: unknown): Uint8Array {
  return encoder.encode(`${id !== null ? `id: ${id}\n` : ""}data: ${JSON.stringify(data)}\n\n`);
}

const framesOnce = new WeakMap<object, Uint8Array>();

/**
 * The frame of a message every stream sends alike (an id-less broadcast such as a directory change):
 * encoded once, however many streams write it.
 */
export function sharedSseFrame(message: object): Uint8Array {
  let frame = framesOnce.get(message);
  if (!frame) framesOnce.set(message, (frame = sseFrame(null, message)));
  return frame;
}
