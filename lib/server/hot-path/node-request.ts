import "server-only";
/**
 * Reading a Node request and writing a Node response for the realtime routes the app's own HTTP
 * server serves on its hot path (serve-hot-path.ts): the request's headers as the API's checks read
 * them (request-head.ts), its body, and the answer.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ConvertibleHeaders } from "@/lib/server/http/request-head";

/** The headers of a Node request, as the API's checks read them (see NodeHeadersView). */
export function nodeRequestHeaders(req: IncomingMessage): ConvertibleHeaders {
  return new NodeHeadersView(req.rawHeaders, stampedHeaders(req));
}

/**
 * The fields our own server (scripts/server.mjs) sets on `req.headers` over whatever the client sent:
 * the socket's address for rate limits, the connection id an SSE stream may destroy and the request id. `rawHeaders`
 * still holds the client's own values of them, so a client could pick its rate-limit bucket or name
 * another client's connection: these are read from `req.headers` only.
 */
const STAMPED: ReadonlySet<string> = new Set(["x-vp-client-ip", "x-vp-connection", "x-request-id"]);

function stampedHeaders(req: IncomingMessage): Map<string, string> {
  const stamped = new Map<string, string>();
  for (const name of STAMPED) {
    const value = req.headers[name];
    if (typeof value === "string") stamped.set(name, value);
  }
  return stamped;
}

/**
 * A Node request's headers for the API's checks (withApi's admitApiCall, clientKey, the Last-Event-ID):
 * `get` answers what `Headers.get` answered on the Headers built from `rawHeaders` (every value of a
 * repeated field, joined with ", "), not Node's `req.headers`, which keeps only the first of some
 * repeated fields and joins cookies with "; ". Whatever needs a real Headers (Better Auth's session
 * lookup) gets one from `toHeaders`. Building an undici Headers for every request was a large part
 * of a party command's cost.
 */
class NodeHeadersView implements ConvertibleHeaders {
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

/** Thrown by `readNodeBody` when the body is longer than the limit; it stopped reading there. */
export class NodeBodyTooLarge extends Error {}

/**
 * Thrown by `readNodeBody` when the connection closed before the whole body came: the client went
 * away, or the server cut a body that took too long (server.requestTimeout). The client's doing,
 * not a server fault.
 */
export class NodeBodyAborted extends Error {}

/**
 * The body of a request, read from the Node request. Reading stops as soon as the body passes
 * `maxBytes` (rejecting with NodeBodyTooLarge); either way writeWebResponse / writeNodeJson close the
 * connection after answering when the body was not read whole, since the unread rest of it stands
 * between the answer and the client's next request.
 */
export function readNodeBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
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
  });
}

/** Writes a Response (an error's, from the API's error mapper) on the Node response, after the headers already set on it. */
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
