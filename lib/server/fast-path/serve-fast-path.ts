import "server-only";
/**
 * The realtime routes served on the raw Node request/response by the app's own HTTP server
 * (scripts/server.mjs), past Next's router, proxy and web-stream plumbing: party streams, commands
 * and pings, joining, the public list and its deltas. Those are the requests a large party makes by
 * the thousand; under Next each frame of a stream and each poll of the list paid for layers that do
 * nothing for them.
 *
 * The route handlers themselves run (the same exports Next serves under `next dev`): auth, zod
 * parsing, rate limits and the error mapper stay one. What Next would add around them is added
 * here: the headers next.config.mjs declares (read from the build's routes manifest) and the ones
 * proxy.ts sets on API responses. Anything else (HEAD, a trailing slash, an undecodable id) falls
 * through to Next.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { IncomingMessage, ServerResponse } from "node:http";
import * as eventsRoute from "@/app/api/v1/parties/[id]/events/route";
import * as commandsRoute from "@/app/api/v1/parties/[id]/commands/route";
import * as joinRoute from "@/app/api/v1/parties/[id]/join/route";
import * as activeRoute from "@/app/api/v1/parties/active/route";
import * as deltasRoute from "@/app/api/v1/parties/active/deltas/route";
import { apiSecurityHeaders } from "@/lib/server/security/api-security-headers";
import { getEnv } from "@/lib/server/env";
import { toErrorResponse } from "@/lib/server/http/error-response";
import { activePartiesQuerySchema } from "@/lib/schemas/party";
import { ACTIVE_PARTIES_CACHE_CONTROL, activePartiesBody } from "@/lib/server/parties/active-parties-snapshot";
import { isHandledOnNode, toHandlerRequest, writeWebResponse } from "./node-request";

type RouteHandler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response> | Response;
type RouteModule = Partial<Record<string, RouteHandler | unknown>>;

interface FastRoute {
  pattern: RegExp;
  module: RouteModule;
}

const ROUTES: FastRoute[] = [
  { pattern: /^\/api\/v1\/parties\/active$/, module: activeRoute },
  { pattern: /^\/api\/v1\/parties\/active\/deltas$/, module: deltasRoute },
  { pattern: /^\/api\/v1\/parties\/([^/]+)\/events$/, module: eventsRoute },
  { pattern: /^\/api\/v1\/parties\/([^/]+)\/commands$/, module: commandsRoute },
  { pattern: /^\/api\/v1\/parties\/([^/]+)\/join$/, module: joinRoute },
];

interface ManifestHeaders {
  regex: string;
  headers: { key: string; value: string }[];
}

/** The constant headers next.config.mjs declares, as the build compiled them (path patterns included). */
function configuredHeaders(): { regex: RegExp; headers: [string, string][] }[] {
  const distDir = getEnv().nextDistDir;
  try {
    const manifest = JSON.parse(readFileSync(path.join(distDir, "routes-manifest.json"), "utf8")) as { headers?: ManifestHeaders[] };
    return (manifest.headers ?? []).map((rule) => ({ regex: new RegExp(rule.regex), headers: rule.headers.map((h) => [h.key, h.value]) }));
  } catch (error) {
    throw new Error(`The realtime fast path needs the build's routes manifest in ${distDir}`, { cause: error });
  }
}

function match(pathname: string): { route: FastRoute; id?: string } | null {
  for (const route of ROUTES) {
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

const ACTIVE_LIST = "/api/v1/parties/active";

/** A Node request's headers as far as the security headers read them. */
function nodeHeaders(req: IncomingMessage): Pick<Headers, "get"> {
  return {
    get: (name) => {
      const value = req.headers[name.toLowerCase()];
      return Array.isArray(value) ? value.join(", ") : (value ?? null);
    },
  };
}

/**
 * The public list, polled by everyone on the parties page: a valid query is answered from the
 * snapshot's encoded bytes without building a web Request around it (what its route handler would do
 * is only this: the list takes no caller, no body and no rate limit). An invalid query returns false
 * and goes to the route, whose error mapping answers it.
 */
function serveActiveList(req: IncomingMessage, res: ServerResponse, search: string, setHeaders: () => void): boolean {
  const query = activePartiesQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(search)));
  if (!query.success) return false;
  setHeaders();
  activePartiesBody(query.data).then(
    (body) => {
      res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": ACTIVE_PARTIES_CACHE_CONTROL, "Content-Length": Buffer.byteLength(body) });
      res.end(body);
    },
    (error: unknown) => void writeWebResponse(res, toErrorResponse(error)).catch(() => res.destroy()),
  );
  return true;
}

/**
 * Returns a handler that serves the fast-path routes and returns false for anything else (the
 * caller passes those to Next).
 */
export function createFastPath(): (req: IncomingMessage, res: ServerResponse) => boolean {
  const staticHeaders = configuredHeaders();
  const env = getEnv();
  const origin = env.baseUrl;

  return (req, res) => {
    const method = req.method ?? "GET";
    if (method === "HEAD") return false;
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    const pathname = query < 0 ? url : url.slice(0, query);
    if (!pathname.startsWith("/api/v1/parties/")) return false;
    const found = match(pathname);
    if (!found) return false;
    const handler = found.route.module[method];
    if (typeof handler !== "function") return false;

    const setHeaders = () => {
      for (const rule of staticHeaders) if (rule.regex.test(pathname)) for (const [key, value] of rule.headers) res.setHeader(key, value);
      for (const [key, value] of Object.entries(apiSecurityHeaders({ headers: nodeHeaders(req), url: `${origin}${pathname}` }, env))) res.setHeader(key, value);
    };
    if (method === "GET" && pathname === ACTIVE_LIST && serveActiveList(req, res, query < 0 ? "" : url.slice(query + 1), setHeaders)) return true;
    setHeaders();
    const request = toHandlerRequest(req, res, origin);

    void (async () => {
      try {
        const params = Promise.resolve<Record<string, string>>(found.id === undefined ? {} : { id: found.id });
        const response = await (handler as RouteHandler)(request, { params });
        if (isHandledOnNode(response)) return;
        await writeWebResponse(res, response);
      } catch (error) {
        if (!res.headersSent) await writeWebResponse(res, toErrorResponse(error));
        else res.destroy();
      }
    })();
    return true;
  };
}
