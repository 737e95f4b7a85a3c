import "server-only";
/**
 * Server-sent events written straight to a Node response, for the streams the app's own HTTP server
 * (scripts/server.mjs) serves on its hot path (serve-hot-path.ts); the same sources a route handler
 * serves as a web stream (lib/server/realtime/sse.ts). A web ReadableStream costs a
 * promise chain, a pipe into the Node response and Next's request-context hooks for every frame;
 * with thousands of guests per party that dominated the server's CPU. Here a frame (encoded once
 * per event, shared by every stream) is one `res.write`.
 *
 * A client that stops reading is cut off by bytes queued for it (what the response and its socket
 * hold): the stream closes and the socket is reset, dropping what the kernel still holds for it. It
 * resumes with Last-Event-ID. One timer sends every stream's heartbeat.
 */
import type { ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { isDraining, whenDraining } from "@/lib/server/lifecycle";
import { log, type RequestLogContext } from "@/lib/server/log";
import { SSE_HEARTBEAT, SSE_HELLO, type SseSink, type SseSource } from "@/lib/server/realtime/sse-frames";

const HEARTBEAT = Buffer.from(SSE_HEARTBEAT);
const HELLO = Buffer.from(SSE_HELLO);
const CRLF = Buffer.from("\r\n");

const chunks = new WeakMap<Uint8Array, Buffer>();

/**
 * A frame as one HTTP/1.1 chunk (size line, bytes, CRLF), encoded once however many streams write
 * it: written straight to each socket, an event costs every guest one `write` of a ready buffer,
 * where `res.write` frames the chunk anew and corks and uncorks the socket on the next tick.
 */
function asChunk(frame: Uint8Array): Buffer {
  let chunk = chunks.get(frame);
  if (!chunk) {
    chunk = Buffer.concat([Buffer.from(`${frame.byteLength.toString(16)}\r\n`), frame, CRLF]);
    chunks.set(frame, chunk);
  }
  return chunk;
}

interface NodeStream {
  res: ServerResponse;
  sink: SseSink;
}

const live = new Set<NodeStream>();
let heartbeatTimer: NodeJS.Timeout | undefined;
/** Registered with the first stream: on draining, every stream ends (see openNodeSse). */
let endOnDrain = false;

function startHeartbeat(intervalMs: number): void {
  if (heartbeatTimer) return;
  heartbeatTimer = setInterval(() => {
    for (const stream of live) stream.sink.write(HEARTBEAT);
    if (live.size === 0) {
      clearInterval(heartbeatTimer);
      heartbeatTimer = undefined;
    }
  }, intervalMs);
  heartbeatTimer.unref?.();
}

/** Frees a connection whose client stopped reading: a reset, so nothing queued waits for it. */
function destroySocket(res: ServerResponse): void {
  const socket = res.socket;
  if (!socket || socket.destroyed) return;
  if (typeof socket.resetAndDestroy === "function") socket.resetAndDestroy();
  else socket.destroy();
}

export interface NodeSseOptions {
  headers: Record<string, string>;
  maxQueuedBytes: number;
  heartbeatMs: number;
  /** Who the stream is for, named in its log lines (built only when a line is written). */
  context?: () => RequestLogContext;
}

/**
 * Starts an SSE response on `res` (headers already set on it are kept) and runs `open` with its sink;
 * the cleanup `open` returns runs once, when the client goes away or the stream is closed.
 */
export function openNodeSse(res: ServerResponse, open: SseSource, options: NodeSseOptions): void {
  let cleanup: (() => void) | undefined;
  let closed = false;

  /** A client that stopped reading: the stream closes and the socket is reset. */
  const cutOff = (): false => {
    finish();
    destroySocket(res);
    return false;
  };

  const finish = () => {
    if (closed) return;
    closed = true;
    live.delete(stream);
    res.off("close", finish);
    try {
      cleanup?.();
    } catch (error) {
      log.error({ ...options.context?.(), err: error }, "event stream cleanup failed");
    }
    if (!res.writableEnded) res.end();
  };

  /**
   * The socket, once frames go to it directly: the headers are out and the response holds nothing of
   * its own (everything it was given went to the socket), so a chunk can go straight to the socket;
   * res.end() still closes the body. From then on every frame does (nothing else writes to the
   * response), and what the socket holds is all that is queued for this client: one read per frame,
   * where the response's own getters cost several (this is the loop that runs once per guest per event).
   */
  let direct: Socket | null = null;
  const sink: SseSink = {
    write(frame) {
      if (closed) return false;
      if (direct !== null) {
        if (direct.writableLength > options.maxQueuedBytes) return cutOff();
        direct.write(asChunk(frame));
        return true;
      }
      // What the response and its socket still hold for this client (Node counts both).
      if (res.writableLength > options.maxQueuedBytes) return cutOff();
      const socket = res.socket;
      if (socket && res.chunkedEncoding && res.headersSent && res.writableLength === socket.writableLength) {
        direct = socket;
        socket.write(asChunk(frame));
      } else res.write(frame);
      return true;
    },
    close: () => finish(),
    get closed() {
      return closed;
    },
  };
  const stream: NodeStream = { res, sink };

  res.writeHead(200, options.headers);
  res.write(HELLO);
  res.on("close", finish);
  if (res.destroyed) {
    finish();
    return;
  }
  void (async () => {
    // The snapshot (or the missed events) and whatever arrived meanwhile leave in one packet.
    res.socket?.cork();
    try {
      cleanup = await open(sink);
    } catch (error) {
      log.error({ ...options.context?.(), err: error }, "event stream did not open");
      finish();
      return;
    } finally {
      res.socket?.uncork();
    }
    if (closed) {
      cleanup?.();
      return;
    }
    // The instance drains (SIGTERM): every stream ends, and its client resumes by Last-Event-ID on
    // another instance (the proxy sends it there: this one's /api/v1/ready refuses meanwhile).
    if (isDraining()) {
      finish();
      return;
    }
    live.add(stream);
    if (!endOnDrain) {
      endOnDrain = true;
      whenDraining(() => {
        for (const open of [...live]) open.sink.close();
      });
    }
    startHeartbeat(options.heartbeatMs);
    if (log.isLevelEnabled("debug")) log.debug({ ...options.context?.() }, "event stream open");
  })();
}
