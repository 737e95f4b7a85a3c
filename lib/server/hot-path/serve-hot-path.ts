import "server-only";
/**
 * The realtime routes served on the raw Node request/response by the app's own HTTP server
 * (scripts/server.mjs), before Next's router, proxy and web-stream plumbing: party streams, commands,
 * joining, the public list and its deltas. Those are the requests a large party makes by the
 * thousand; under Next each frame of a stream and each poll of the list paid for layers that do
 * nothing for them.
 *
 * Each route calls the same functions its route handler calls (app/api/v1/parties/...), with plain
 * inputs read off the Node request: the API's checks (admitApiCall, with the route's own options),
 * then the domain function (joinLiveParty, runPartyCommand, openPartyStream, openDirectoryStream,
 * activePartiesBody), then the answer written on the Node response; an SSE source is written frame by
 * frame to the socket (node-sse.ts). What Next would add around a route handler is added here: the
 * constant headers next.config.mjs declares (the same module) and the ones proxy.ts sets on API
 * responses (the same function). Anything else (another method, HEAD, a trailing slash, an
 * undecodable id) goes to Next, which serves it with the route handlers.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { z } from "zod";
import { STATIC_SECURITY_HEADERS } from "@/lib/security/static-headers.mjs";
import { activePartiesQuerySchema } from "@/lib/schemas/party";
import { getEnv } from "@/lib/server/env";
import { ApiError } from "@/lib/server/http/api-error";
import { toErrorResponse } from "@/lib/server/http/error-response";
import { REQUEST_ID_HEADER } from "@/lib/server/log";
import type { RequestHead } from "@/lib/server/http/request-head";
import { admitApiCall, API_JSON_HEADERS, MAX_JSON_BODY_BYTES, parseJsonBody, payloadTooLarge, type ApiOptions, type SessionUser } from "@/lib/server/http/with-api";
import { ACTIVE_PARTIES_API, ACTIVE_PARTIES_CACHE_CONTROL, activePartiesBody } from "@/lib/server/parties/active-parties-snapshot";
import { JOIN_PARTY_API, joinLiveParty } from "@/lib/server/parties/join-live-party";
import { parsePartyId } from "@/lib/server/parties/party-id";
import { PARTY_COMMAND_API, runPartyCommand } from "@/lib/server/parties/run-party-command";
import { clientKey } from "@/lib/server/rate-limit";
import { DIRECTORY_STREAM_API, openDirectoryStream } from "@/lib/server/realtime/directory-stream";
import { lastEventIdOf, openPartyStream, PARTY_STREAM_API } from "@/lib/server/realtime/party-stream";
import { SSE_HEADERS, type SseSource } from "@/lib/server/realtime/sse-frames";
import { apiSecurityHeaders } from "@/lib/server/security/api-security-headers";
import { NodeBodyAborted, NodeBodyTooLarge, nodeRequestHeaders, readNodeBody, writeNodeJson, writeWebResponse } from "./node-request";
import { openNodeSse } from "./node-sse";

/** What a route reads of its request. */
interface Call {
  head: RequestHead;
  req: IncomingMessage;
  /** The decoded `{id}` of the path, for the party routes. */
  id: string | undefined;
  /** The query string, without "?". */
  search: string;
  user: SessionUser | null;
}

/** What a route answers: a JSON body (null → 204), an SSE stream, or ready JSON bytes with their own cache policy. */
type Outcome = { json: unknown } | { sse: SseSource } | { bytes: string; cacheControl: string };

interface HotRoute {
  method: "GET" | "POST";
  pattern: RegExp;
  options: ApiOptions;
  run(call: Call): Promise<Outcome>;
}

const utf8 = new TextDecoder();

/** The commands route's body: any JSON (the protocol's own parser validates the command). */
const ANY_BODY = z.unknown();

/** parseBody's reading, off the Node request (the same limits and errors). */
async function bodyText(call: Call): Promise<string> {
  if (Number(call.head.headers.get("content-length")) > MAX_JSON_BODY_BYTES) throw payloadTooLarge();
  try {
    return utf8.decode(await readNodeBody(call.req, MAX_JSON_BODY_BYTES));
  } catch (error) {
    if (error instanceof NodeBodyTooLarge) throw payloadTooLarge();
    // Nobody is left to read the answer; a 4xx keeps it out of the server-fault log.
    if (error instanceof NodeBodyAborted) throw new ApiError("bad_request", "The request body did not arrive whole.");
    throw error;
  }
}

const ROUTES: HotRoute[] = [
  {
    method: "GET",
    pattern: /^\/api\/v1\/parties\/active$/,
    options: ACTIVE_PARTIES_API,
    run: async ({ search }) => ({
      bytes: await activePartiesBody(activePartiesQuerySchema.parse(Object.fromEntries(new URLSearchParams(search)))),
      cacheControl: ACTIVE_PARTIES_CACHE_CONTROL,
    }),
  },
  {
    method: "GET",
    pattern: /^\/api\/v1\/parties\/active\/deltas$/,
    options: DIRECTORY_STREAM_API,
    run: async () => ({ sse: await openDirectoryStream() }),
  },
  {
    method: "GET",
    pattern: /^\/api\/v1\/parties\/([^/]+)\/events$/,
    options: PARTY_STREAM_API,
    run: async ({ head, id, user }) => ({ sse: await openPartyStream({ partyId: id, user: user!, lastEventId: lastEventIdOf(head) }) }),
  },
  {
    method: "POST",
    pattern: /^\/api\/v1\/parties\/([^/]+)\/commands$/,
    options: PARTY_COMMAND_API,
    run: async (call) => {
      const receivedAt = Date.now();
      const { id } = parsePartyId({ id: call.id });
      const body = parseJsonBody(await bodyText(call), call.head.headers.get("content-type"), ANY_BODY);
      return { json: await runPartyCommand(id, call.user!, body, receivedAt, clientKey(call.head)) };
    },
  },
  {
    method: "POST",
    pattern: /^\/api\/v1\/parties\/([^/]+)\/join$/,
    options: JOIN_PARTY_API,
    run: async ({ id, user }) => ({ json: await joinLiveParty(id, user!) }),
  },
];

function match(method: string, pathname: string): { route: HotRoute; id?: string } | null {
  for (const route of ROUTES) {
    if (route.method !== method) continue;
    const found = route.pattern.exec(pathname);
    if (!found) continue;
    if (found[1] === undefined) return { route };
    try {
      return { route, id: decodeURIComponent(found[1]) };
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * Returns a handler that serves the hot-path routes and returns false for anything else (the
 * caller passes those to Next).
 */
export function createHotPath(): (req: IncomingMessage, res: ServerResponse) => boolean {
  const env = getEnv();
  const origin = env.baseUrl;
  const sseOptions = { headers: SSE_HEADERS, maxQueuedBytes: env.VP_SSE_MAX_QUEUED_BYTES, heartbeatMs: env.VP_SSE_HEARTBEAT_MS };

  async function serve(route: HotRoute, call: Omit<Call, "user">, res: ServerResponse, pathname: string): Promise<void> {
    let session: Awaited<ReturnType<typeof admitApiCall>> = null;
    // Who the request is, for its log lines (an error's, a stream's that fails to open).
    const context = () => ({ reqId: call.head.headers.get(REQUEST_ID_HEADER), route: `${route.method} ${pathname}`, partyId: call.id, userId: session?.user.id });
    try {
      session = await admitApiCall(call.head, route.options);
      const outcome = await route.run({ ...call, user: session?.user ?? null });
      if ("sse" in outcome) openNodeSse(res, outcome.sse, { ...sseOptions, context });
      else if ("bytes" in outcome) {
        res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": outcome.cacheControl, "Content-Length": Buffer.byteLength(outcome.bytes) });
        res.end(outcome.bytes);
      } else {
        const empty = outcome.json === undefined || outcome.json === null;
        writeNodeJson(res, empty ? null : outcome.json, empty ? {} : API_JSON_HEADERS);
      }
    } catch (error) {
      if (!res.headersSent) await writeWebResponse(res, toErrorResponse(error, context()));
      else res.destroy();
    }
  }

  return (req, res) => {
    const url = req.url ?? "/";
    if (!url.startsWith("/api/v1/parties/")) return false;
    const query = url.indexOf("?");
    const pathname = query < 0 ? url : url.slice(0, query);
    const found = match(req.method ?? "GET", pathname);
    if (!found) return false;

    const headers = nodeRequestHeaders(req);
    const head: RequestHead = { method: found.route.method, url: `${origin}${url}`, headers };
    for (const { key, value } of STATIC_SECURITY_HEADERS) res.setHeader(key, value);
    for (const [key, value] of Object.entries(apiSecurityHeaders({ headers, url: `${origin}${pathname}` }, env))) res.setHeader(key, value);
    void serve(found.route, { head, req, id: found.id, search: query < 0 ? "" : url.slice(query + 1) }, res, pathname).catch(() => res.destroy());
    return true;
  };
}
