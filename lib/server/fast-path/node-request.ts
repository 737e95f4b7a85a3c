import "server-only";
/**
 * The bridge between a Node request/response and our route handlers, for the realtime routes the
 * app's own HTTP server serves past Next (serve-fast-path.ts): the same handlers run on a web
 * `Request` built from the Node one; the Node response rides along on it, so the handlers' wrapper
 * can read the body from it and write a JSON answer straight to it (with-api.ts), and an SSE handler
 * can write to the socket directly (sse.ts); both answer with a marker instead of a Response.
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

let handled: Response | undefined;

/** What a handler returns once it has answered on the Node response itself (one marker, never read). */
export function handledOnNode(): Response {
  return (handled ??= Object.assign(new Response(null, { status: 200 }), { [HANDLED]: true }));
}

export function isHandledOnNode(response: Response): boolean {
  return (response as Response & { [HANDLED]?: boolean })[HANDLED] === true;
}

/**
 * A web Request for a Node request: same method, URL and headers, and no body of its own. The body
 * stays on the Node request, read straight from it by `readNodeBody` (what parseBody does for such a
 * request): a web stream around it, read back through a reader, cost more than the rest of a party
 * command. There is no abort signal either: on this path nothing waits for one (an SSE stream watches
 * its Node response, node-sse.ts), and making one per request cost a listener, and an exception
 * object each time a connection closed.
 */
export function toWebRequest(req: IncomingMessage, res: ServerResponse, origin: string): Request {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  return Object.assign(new Request(new URL(req.url ?? "/", origin), { method: req.method, headers }), { [NODE_RESPONSE]: res });
}

/** Thrown by `readNodeBody` when the body is longer than the limit; it stopped reading there. */
export class NodeBodyTooLarge extends Error {}

const BODY = Symbol.for("viewparty.nodeBody");

/**
 * The body of a request the app's own server routed past Next, read from the Node request, or null
 * for any other request. Reading stops as soon as the body passes `maxBytes` (rejecting with
 * NodeBodyTooLarge), and a refusal before the body is read never starts; either way
 * writeWebResponse / writeNodeJson close the connection after answering, since the unread rest of
 * the body stands between it and the client's next request. Read once; later calls get the same body.
 */
export function readNodeBody(request: Request, maxBytes: number): Promise<Buffer> | null {
  const res = nodeResponseOf(request);
  if (!res) return null;
  const holder = res as ServerResponse & { [BODY]?: Promise<Buffer> };
  return (holder[BODY] ??= new Promise<Buffer>((resolve, reject) => {
    const req = res.req;
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (error: Error | null) => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("close", onClose);
      if (error) {
        req.pause();
        reject(error);
      } else resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > maxBytes) done(new NodeBodyTooLarge());
      else chunks.push(chunk);
    };
    const onEnd = () => done(null);
    const onError = (error: Error) => done(error);
    const onClose = () => done(new Error("The client closed the connection before sending the whole body."));
    if (req.complete && req.readableEnded) return resolve(Buffer.alloc(0));
    req.on("data", onData);
    req.once("end", onEnd);
    req.once("error", onError);
    req.once("close", onClose);
  }));
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

/**
 * Writes a JSON answer (or 204 for none) on the Node response, after the headers already set on it:
 * what writeWebResponse would write for `Response.json(body, { headers })`, without the Response.
 */
export function writeNodeJson(res: ServerResponse, body: unknown, headers: Record<string, string>): void {
  const out: Record<string, string> = { ...headers };
  let bytes: Buffer | undefined;
  if (body === undefined || body === null) {
    res.statusCode = 204;
  } else {
    bytes = Buffer.from(JSON.stringify(body));
    out["content-type"] = "application/json";
    out["content-length"] = String(bytes.byteLength);
    res.statusCode = 200;
  }
  if (!res.req.complete) out["connection"] = "close";
  res.writeHead(res.statusCode, out);
  res.end(bytes);
}
