import "server-only";
/**
 * Every /api/v1 route handler is wrapped once: it resolves the caller (cookie session or
 * `Authorization: Bearer`), refuses cookie-authenticated writes sent from another site (CSRF; see
 * cross-site-request.ts), enforces auth and the write rate limit, and maps thrown errors in one
 * place. Handlers parse their input with zod, call one domain function, and return data.
 */
import type { z } from "zod";
import { getAuth, type Auth } from "@/lib/server/auth";
import { pingDb } from "@/lib/server/db";
import { GUEST_TOKEN_PREFIX, verifyGuestToken } from "@/lib/server/guests/guest-token";
import { apiPathOf, apiRateLimitKey, clientKey, enforceRateLimit, type Limit } from "@/lib/server/rate-limit";
import { ApiError, crossSiteRequest, serviceUnavailable, unauthorized } from "./api-error";
import { checkCrossSiteWrite } from "./cross-site-request";
import { isDatabaseUnreachable, toErrorResponse } from "./error-response";
import { toWebHeaders, type HeaderReader, type RequestHead } from "./request-head";
import { siteOrigins } from "./site-origins";
import { REQUEST_ID_HEADER, type RequestLogContext } from "@/lib/server/log";
import type { SessionUserFields } from "@/lib/schemas/session-user";

export interface SessionUser extends SessionUserFields {
  /** A guest identity (no account): only routes with `allowGuests` see one. */
  isGuest?: boolean;
}

export interface ApiContext<P, U extends SessionUser | null> {
  req: Request;
  params: P;
  user: U;
  sessionId: string | null;
}

type Params = Record<string, string | string[] | undefined>;

export interface ApiOptions {
  /**
   * "required" → 401 without a session; "optional" → user may be null. Default "optional".
   * "none": a public read that never looks at its caller (no session lookup; user is null).
   */
  auth?: "required" | "optional" | "none";
  /** Limit for this route; writes default to 120 requests a minute per caller. `false` disables. */
  rateLimit?: Limit | false;
  /** Accept guest tokens (live parties): the caller may be a guest with no account. */
  allowGuests?: boolean;
}

const DEFAULT_WRITE_LIMIT: Limit = { windowSeconds: 60, max: 120 };
const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** The headers of a JSON answer of the API (anything but a 204). */
export const API_JSON_HEADERS = { "Cache-Control": "no-store" } as const;

/** Who a guest token names, as resolveSession answers it; null when it is malformed, forged or expired. */
export function guestSession(token: string): { user: SessionUser; sessionId: string } | null {
  const guest = verifyGuestToken(token);
  if (!guest) return null;
  return { user: { id: guest.id, name: guest.name, email: "", username: null, isGuest: true }, sessionId: guest.id };
}

export async function resolveSession(
  req: { headers: HeaderReader },
  { allowGuests = false }: { allowGuests?: boolean } = {},
): Promise<{ user: SessionUser; sessionId: string } | null> {
  const bearer = req.headers.get("authorization")?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (bearer?.startsWith(`${GUEST_TOKEN_PREFIX}.`)) {
    return allowGuests ? guestSession(bearer) : null;
  }
  // The hot path passes a view of the Node request's headers (request-head.ts); Better Auth gets a
  // real Headers.
  let result: Awaited<ReturnType<Auth["api"]["getSession"]>>;
  try {
    const auth = await getAuth();
    result = await auth.api.getSession({ headers: toWebHeaders(req.headers) });
  } catch (error) {
    // "No session" is only what Better Auth says of the token. A lookup that failed because the
    // database is down must not read as signed out: the caller would be told to log in again (the
    // extension forgets its session on a 401), so it is a 503 the client retries.
    if (isDatabaseUnreachable(error) || !(await databaseAnswers())) throw serviceUnavailable("database");
    return null;
  }
  if (!result) return null;
  return { user: result.user as SessionUser, sessionId: result.session.id };
}

/** Better Auth wraps a failed query in its own 500: a round trip tells an outage from anything else. */
async function databaseAnswers(): Promise<boolean> {
  try {
    await pingDb();
    return true;
  } catch {
    return false;
  }
}

/**
 * The checks every API call passes before its handler runs, whichever server took the request (a
 * route handler through withApi, or the hot path, lib/server/hot-path): cross-site writes, the
 * caller, auth and the rate limit. Returns the caller (null when the route allows none); throws the
 * ApiError the request is answered with.
 */
export async function admitApiCall(req: RequestHead, options: ApiOptions = {}): Promise<{ user: SessionUser; sessionId: string } | null> {
  // Before the session lookup: a forged write is refused without touching the database.
  if (!checkCrossSiteWrite(req.method, req.headers, siteOrigins()).allowed) throw crossSiteRequest();
  const session = options.auth === "none" ? null : await resolveSession(req, { allowGuests: options.allowGuests });
  if (options.auth === "required" && !session) throw unauthorized();
  const limit = options.rateLimit ?? (WRITE_METHODS.has(req.method) ? DEFAULT_WRITE_LIMIT : false);
  if (limit) {
    const who = session?.user.id ?? clientKey(req);
    await enforceRateLimit(apiRateLimitKey(req.method, apiPathOf(req.url), who), limit);
  }
  return session;
}

type Handler<P, U extends SessionUser | null> = (ctx: ApiContext<P, U>) => Promise<unknown> | unknown;
type RouteHandler = (req: Request, ctx: { params: Promise<Params> }) => Promise<Response>;

export function withApi<P extends Params = Params>(handler: Handler<P, SessionUser>, options: ApiOptions & { auth: "required" }): RouteHandler;
export function withApi<P extends Params = Params>(handler: Handler<P, SessionUser | null>, options?: ApiOptions): RouteHandler;
export function withApi<P extends Params = Params>(
  handler: Handler<P, SessionUser> | Handler<P, SessionUser | null>,
  options: ApiOptions = {},
): RouteHandler {
  // Safe: with auth "required" the user is checked non-null before the handler runs.
  const run = handler as Handler<P, SessionUser | null>;
  return async (req, ctx) => {
    let session: Awaited<ReturnType<typeof admitApiCall>> = null;
    let params: P | undefined;
    try {
      session = await admitApiCall(req, options);
      params = ((await ctx?.params) ?? {}) as P;
      const result = await run({ req, params, user: session?.user ?? null, sessionId: session?.sessionId ?? null });
      if (result instanceof Response) return result;
      if (result === undefined || result === null) return new Response(null, { status: 204 });
      return Response.json(result, { headers: API_JSON_HEADERS });
    } catch (error) {
      return toErrorResponse(error, requestLogContext(req, session?.user.id, params));
    }
  };
}

/** What an error line names of a route handler's request. */
function requestLogContext(req: Request, userId: string | undefined, params: Params | undefined): RequestLogContext {
  const path = new URL(req.url).pathname;
  const id = params?.id;
  return {
    reqId: req.headers.get(REQUEST_ID_HEADER),
    route: `${req.method} ${path}`,
    partyId: typeof id === "string" && path.startsWith("/api/v1/parties/") ? id : undefined,
    userId,
  };
}

/**
 * Largest JSON body a route accepts. The biggest legitimate one is a drawing stroke (2000 points,
 * ~80 KB); anything far past that is abuse, refused before it is buffered whole.
 */
export const MAX_JSON_BODY_BYTES = 256 * 1024;

/** `application/json` or a `+json` type (e.g. `application/merge-patch+json`); parameters ignored. */
const JSON_MEDIA_TYPE = /^application\/(?:[\w.-]+\+)?json$/;

export function payloadTooLarge(): ApiError {
  return new ApiError("payload_too_large", `Request body must be at most ${MAX_JSON_BODY_BYTES / 1024} KB.`);
}

const utf8 = new TextDecoder();

/** The body as text, reading no more than MAX_JSON_BODY_BYTES (a body may come without a length). */
async function readBodyText(req: Request): Promise<string> {
  const declared = Number(req.headers.get("content-length"));
  if (declared > MAX_JSON_BODY_BYTES) throw payloadTooLarge();
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_JSON_BODY_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw payloadTooLarge();
    }
    chunks.push(value);
  }
  return utf8.decode(Buffer.concat(chunks));
}

/**
 * Reads a JSON body and validates it. A body must be sent as `Content-Type: application/json` (415
 * otherwise): a page on another site can post a form or text/plain without a CORS preflight, but not
 * JSON, so this keeps cross-site forms from acting for a signed-in visitor. An empty body counts as
 * `{}`. Too large → 413, malformed JSON → 400, schema failure → 422 (via the mapper).
 */
export async function parseBody<S extends z.ZodType>(req: Request, schema: S): Promise<z.infer<S>> {
  return parseJsonBody(await readBodyText(req), req.headers.get("content-type"), schema);
}

/** parseBody's checks on a body already read (the hot path reads it off the Node request). */
export function parseJsonBody<S extends z.ZodType>(text: string, contentType: string | null, schema: S): z.infer<S> {
  if (text.trim() === "") return schema.parse({});
  const mediaType = contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!JSON_MEDIA_TYPE.test(mediaType)) {
    throw new ApiError("unsupported_media_type", "Send the request body as JSON (Content-Type: application/json).");
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new ApiError("bad_request", "Request body must be valid JSON.");
  }
  return schema.parse(raw);
}

/** Validates query parameters (strings) with a schema that coerces as needed. */
export function parseQuery<S extends z.ZodType>(req: Request, schema: S): z.infer<S> {
  const params: Record<string, string> = {};
  new URL(req.url).searchParams.forEach((value, key) => {
    params[key] = value;
  });
  return schema.parse(params);
}
