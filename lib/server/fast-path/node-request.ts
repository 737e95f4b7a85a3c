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
 * What a route handler sees of a Node request on the fast path, in place of a web Request: the method,
 * the URL and the headers' `get`, which is all the fast-path routes and their wrapper read (withApi,
 * parseBody, parseQuery, the SSE handlers). Building an undici Request (its Headers, URL, and the
 * abort signal it makes on its own) was the largest single cost of a party command past the socket
 * writes. `get` answers what `Headers.get` answered on the Headers built from `rawHeaders` (every
 * value of a repeated field, joined with ", "), not Node's `req.headers`, which keeps only the
 * first of some repeated fields and joins cookies with "; ". Whatever needs a real Headers (Better
 * Auth's session lookup) gets one from `toWebHeaders`. The body stays on the Node request, read
 * straight from it by `readNodeBody` (what parseBody does for such a request). There is no abort
 * signal: on this path nothing waits for one (an SSE stream watches its Node response, node-sse.ts).
 */
class NodeRequestView {
  readonly [NODE_RESPONSE]: ServerResponse;
  readonly method: string;
  readonly headers: NodeHeadersView;
  #url: string | undefined;
  readonly #path: string;
  readonly #origin: string;

  constructor(req: IncomingMessage, res: ServerResponse, origin: string) {
    this[NODE_RESPONSE] = res;
    this.method = req.method ?? "GET";
    this.headers = new NodeHeadersView(req.rawHeaders, stampedHeaders(req));
    this.#path = req.url ?? "/";
    this.#origin = origin;
  }

  /** As `Request.url`: the absolute, normalised URL (parsed on first use only). */
  get url(): string {
    return (this.#url ??= new URL(this.#path, this.#origin).href);
  }
}

/**
 * The fields our own server (scripts/server.mjs) sets on `req.headers` over whatever the client sent:
 * the socket's address for rate limits and the connection id an SSE stream may destroy. `rawHeaders`
 * still holds the client's own values of them, so a client could pick its rate-limit bucket or name
 * another client's connection: these are read from `req.headers` only.
 */
const STAMPED: ReadonlySet<string> = new Set(["x-vp-client-ip", "x-vp-connection"]);

function stampedHeaders(req: IncomingMessage): Map<string, string> {
  const stamped = new Map<string, string>();
  for (const name of STAMPED) {
    const value = req.headers[name];
    if (typeof value === "string") stamped.set(name, value);
  }
  return stamped;
}

class NodeHeadersView {
  readonly #raw: string[];
  readonly #stamped: Map<string, string>;

  constructor(raw: string[], stamped: Map<string, string>) {
    this.#raw = raw;
    this.#stamped = stamped;
  }

  get(name: string): string | null {
    const raw = this.#raw;
    const wanted = name.toLowerCase();
    if (STAMPED.has(wanted)) return this.#stamped.get(wanted) ?? null;
    let value: string | null = null;
    for (let i = 0; i + 1 < raw.length; i += 2) {
      const key = raw[i]!;
      if (key.length !== wanted.length || key.toLowerCase() !== wanted) continue;
      value = value === null ? raw[i + 1]! : `${value}, ${raw[i + 1]!}`;
    }
    return value;
  }

  /** The same fields as a web Headers (what Headers built from `rawHeaders` held). */
  toHeaders(): Headers {
    const headers = new Headers();
    const raw = this.#raw;
    for (let i = 0; i + 1 < raw.length; i += 2) {
      if (!STAMPED.has(raw[i]!.toLowerCase())) headers.append(raw[i]!, raw[i + 1]!);
    }
    for (const [name, value] of this.#stamped) headers.set(name, value);
    return headers;
  }
}

/**
 * The request a fast-path route handler receives for a Node request (see NodeRequestView): typed as
 * the `Request` the handlers are written against, and holding the part of it they use on this path.
 */
export function toHandlerRequest(req: IncomingMessage, res: ServerResponse, origin: string): Request {
  return new NodeRequestView(req, res, origin) as unknown as Request;
}

/** A real Headers for a request's headers (a fast-path request's are built from the Node request). */
export function toWebHeaders(headers: Pick<Headers, "get">): Headers {
  if (headers instanceof Headers) return headers;
  // Duck-typed: another bundle's copy of this module may have made the view.
  const view = headers as Partial<Pick<NodeHeadersView, "toHeaders">>;
  if (typeof view.toHeaders === "function") return view.toHeaders();
  throw new TypeError("Not a request's headers");
}

/** Thrown by `readNodeBody` when the body is longer than the limit; it stopped reading there. */
export class NodeBodyTooLarge extends Error {}

/**
 * Thrown by `readNodeBody` when the connection closed before the whole body came: the client went
 * away, or the server cut a body that took too long (server.requestTimeout). The client's doing,
 * not a server fault.
 */
export class NodeBodyAborted extends Error {}

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
    const onClose = () => done(new NodeBodyAborted("The connection closed before the whole body arrived."));
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
  // A string body leaves with the header block in one write (Node prepends the headers to a string;
  // a Buffer would go out as a second buffer of a writev).
  let text: string | undefined;
  if (body === undefined || body === null) {
    res.statusCode = 204;
  } else {
    text = JSON.stringify(body);
    out["content-type"] = "application/json";
    out["content-length"] = String(Buffer.byteLength(text));
    res.statusCode = 200;
  }
  if (!res.req.complete) out["connection"] = "close";
  res.writeHead(res.statusCode, out);
  res.end(text);
}
