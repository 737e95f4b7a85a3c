import "server-only";
/**
 * The bridge between a Node request/response and our route handlers, for the realtime routes the
 * app's own HTTP server serves past Next (serve-fast-path.ts): the same handlers run on a web
 * `Request` built from the Node one; the Node response rides along on it, so an SSE handler can
 * write to the socket directly (sse.ts) and answer with a marker instead of a stream.
 *
 * The markers are registry symbols: Next may load this module once per bundle, and a copy must
 * recognise the others' requests and responses.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

const NODE_RESPONSE = Symbol.for("viewparty.nodeResponse");
const HANDLED = Symbol.for("viewparty.handledOnNode");

type WithNodeResponse = Request & { [NODE_RESPONSE]?: ServerResponse };

/** The Node response `req` came with, when the app's own server routed it past Next. */
export function nodeResponseOf(req: Request): ServerResponse | undefined {
  return (req as WithNodeResponse)[NODE_RESPONSE];
}

/** What a handler returns once it has answered on the Node response itself. */
export function handledOnNode(): Response {
  return Object.assign(new Response(null, { status: 200 }), { [HANDLED]: true });
}

export function isHandledOnNode(response: Response): boolean {
  return (response as Response & { [HANDLED]?: boolean })[HANDLED] === true;
}

/**
 * A web Request for a Node request: same method, URL, headers and body (streamed, so the body
 * limit stops reading early); its signal aborts when the client goes away.
 */
export function toWebRequest(req: IncomingMessage, res: ServerResponse, origin: string): Request {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  const controller = new AbortController();
  res.once("close", () => controller.abort());
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  const init: RequestInit & { duplex?: "half" } = {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: requestBody(req), duplex: "half" } : {}),
  };
  return Object.assign(new Request(new URL(req.url ?? "/", origin), init), { [NODE_RESPONSE]: res });
}

/**
 * The request's body as a web stream that a handler may stop reading (the body limit does, and a
 * refusal before the body is read never starts): unlike `Readable.toWeb`, cancelling it leaves the
 * socket alone, so the answer still goes out; writeWebResponse then closes the connection, since
 * the unread rest of the body stands between it and the client's next request.
 */
function requestBody(req: IncomingMessage): ReadableStream<Uint8Array> {
  let settled = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.on("data", (chunk: Buffer) => {
          if (settled) return;
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 1) <= 0) req.pause();
        });
        req.once("end", () => {
          if (settled) return;
          settled = true;
          controller.close();
        });
        req.once("error", (error) => {
          if (settled) return;
          settled = true;
          controller.error(error);
        });
      },
      pull() {
        req.resume();
      },
      cancel() {
        settled = true;
        req.pause();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
}

/** Writes a handler's Response on the Node response, after the headers already set on it. */
export async function writeWebResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, key) => {
    if (key !== "set-cookie") headers[key] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : null;
  if (body) headers["content-length"] = String(body.byteLength);
  // A body left unread (refused before or while reading it) cannot be skipped on a kept-alive
  // connection: answer, then close it, so the client's next request goes on a fresh one.
  if (!res.req.complete) headers["connection"] = "close";
  res.writeHead(response.status, headers);
  res.end(body ?? undefined);
}
