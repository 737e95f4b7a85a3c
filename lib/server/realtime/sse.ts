import "server-only";
/**
 * Server-sent events from a route handler: a ReadableStream of pre-encoded frames, comment
 * heartbeats so proxies keep idle streams open, cleanup when the client goes away, and a cut-off for
 * a client that stops reading (its queue would otherwise grow without bound).
 *
 * Closing the stream is not enough for such a client: the frames already handed to the socket wait
 * for it forever, and the response writer waits with them. So the cut-off also asks the HTTP server
 * (scripts/server.mjs) to destroy the connection; the server stamps every request with an id for that
 * and registers the hook on globalThis (route handlers cannot reach the socket themselves).
 */
import { getEnv } from "@/lib/server/env";
import { whenDraining } from "@/lib/server/lifecycle";
import { SSE_HEADERS, SSE_HEARTBEAT, SSE_HELLO, type SseSink, type SseSource } from "./sse-frames";
import { log } from "@/lib/server/log";

export { SSE_HEADERS, sharedSseFrame, sseFrame, type SseSink, type SseSource } from "./sse-frames";

const encoder = new TextEncoder();
/** Request header scripts/server.mjs sets (overwriting any a client sent) to name its connection. */
const CONNECTION_HEADER = "x-vp-connection";
/** Where scripts/server.mjs registers `(connectionId) => void`, which destroys that connection's socket. */
const DESTROY_CONNECTION = Symbol.for("viewparty.destroyConnection");

/** Destroys the connection `req` came on; a no-op without our server. */
function destroyConnection(req: Request): void {
  const id = req.headers.get(CONNECTION_HEADER);
  const destroy = (globalThis as { [DESTROY_CONNECTION]?: (id: string) => void })[DESTROY_CONNECTION];
  if (id && destroy) destroy(id);
}

/**
 * A route handler's SSE response for `open` (run when the stream starts; it returns its cleanup),
 * ended when the request is aborted. The hot path writes the same source to its Node response
 * instead (lib/server/hot-path/node-sse.ts).
 */
export function sseResponse(req: Request, open: SseSource): Response {
  let cleanup: (() => void) | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let closed = false;
  let controllerRef: ReadableStreamDefaultController<Uint8Array> | undefined;
  /** A client this far behind (queued bytes) is disconnected; it resumes with Last-Event-ID. */
  const maxQueuedBytes = getEnv().VP_SSE_MAX_QUEUED_BYTES;

  let stopOnDrain: (() => void) | undefined;
  const finish = () => {
    if (closed) return;
    closed = true;
    stopOnDrain?.();
    clearInterval(heartbeat);
    req.signal.removeEventListener("abort", finish);
    try {
      cleanup?.();
    } catch (error) {
      log.error({ err: error }, "[sse] cleanup");
    }
    try {
      controllerRef?.close();
    } catch {
      // already closed or errored
    }
  };

  const sink: SseSink = {
    write(frame) {
      if (closed || !controllerRef) return false;
      if ((controllerRef.desiredSize ?? 0) < -maxQueuedBytes) {
        finish();
        destroyConnection(req);
        return false;
      }
      try {
        controllerRef.enqueue(frame);
        return true;
      } catch {
        finish();
        return false;
      }
    },
    close: () => finish(),
    get closed() {
      return closed;
    },
  };

  const stream = new ReadableStream<Uint8Array>(
    {
      async start(controller) {
        controllerRef = controller;
        // Tell EventSource clients how soon to reconnect, and flush headers at once.
        controller.enqueue(encoder.encode(SSE_HELLO));
        req.signal.addEventListener("abort", finish);
        try {
          cleanup = await open(sink);
        } catch (error) {
          log.error({ err: error }, "[sse] open");
          finish();
          return;
        }
        if (closed) {
          cleanup?.();
          return;
        }
        heartbeat = setInterval(() => sink.write(encoder.encode(SSE_HEARTBEAT)), getEnv().VP_SSE_HEARTBEAT_MS);
        heartbeat.unref?.();
        // The instance drains (SIGTERM): the stream ends and the client resumes elsewhere by Last-Event-ID.
        stopOnDrain = whenDraining(finish);
      },
      cancel() {
        finish();
      },
    },
    { highWaterMark: maxQueuedBytes, size: (chunk) => chunk.byteLength },
  );

  return new Response(stream, { headers: SSE_HEADERS });
}
