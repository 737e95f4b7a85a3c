import "server-only";
/**
 * Every /api/v1 route handler is wrapped once: it resolves the caller (cookie session or
 * `Authorization: Bearer`), enforces auth and the write rate limit, and maps thrown errors in one
 * place. Handlers parse their input with zod, call one domain function, and return data.
 */
import type { z } from "zod";
import { getAuth } from "@/lib/server/auth";
import { GUEST_TOKEN_PREFIX, verifyGuestToken } from "@/lib/server/guests/guest-token";
import { clientKey, enforceRateLimit, type Limit } from "@/lib/server/rate-limit";
import { ApiError, unauthorized } from "./api-error";
import { toErrorResponse } from "./error-response";

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  username?: string | null;
  displayUsername?: string | null;
  image?: string | null;
  lastLoginMethod?: string | null;
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

interface Options {
  /** "required" → 401 without a session; "optional" → user may be null. Default "optional". */
  auth?: "required" | "optional";
  /** Limit for this route; writes default to 120 requests a minute per caller. `false` disables. */
  rateLimit?: Limit | false;
  /** Accept guest tokens (live parties): the caller may be a guest with no account. */
  allowGuests?: boolean;
}

const DEFAULT_WRITE_LIMIT: Limit = { windowSeconds: 60, max: 120 };
const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export async function resolveSession(
  req: Request,
  { allowGuests = false }: { allowGuests?: boolean } = {},
): Promise<{ user: SessionUser; sessionId: string } | null> {
  const bearer = req.headers.get("authorization")?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (bearer?.startsWith(`${GUEST_TOKEN_PREFIX}.`)) {
    if (!allowGuests) return null;
    const guest = verifyGuestToken(bearer);
    if (!guest) return null;
    return {
      user: { id: guest.id, name: guest.name, email: "", username: null, isGuest: true },
      sessionId: guest.id,
    };
  }
  const auth = await getAuth();
  const result = await auth.api.getSession({ headers: req.headers }).catch(() => null);
  if (!result) return null;
  return { user: result.user as SessionUser, sessionId: result.session.id };
}

type Handler<P, U extends SessionUser | null> = (ctx: ApiContext<P, U>) => Promise<unknown> | unknown;
type RouteHandler = (req: Request, ctx: { params: Promise<Params> }) => Promise<Response>;

export function withApi<P extends Params = Params>(handler: Handler<P, SessionUser>, options: Options & { auth: "required" }): RouteHandler;
export function withApi<P extends Params = Params>(handler: Handler<P, SessionUser | null>, options?: Options): RouteHandler;
export function withApi<P extends Params = Params>(
  handler: Handler<P, SessionUser> | Handler<P, SessionUser | null>,
  options: Options = {},
): RouteHandler {
  // Safe: with auth "required" the user is checked non-null before the handler runs.
  const run = handler as Handler<P, SessionUser | null>;
  return async (req, ctx) => {
    try {
      const session = await resolveSession(req, { allowGuests: options.allowGuests });
      if (options.auth === "required" && !session) throw unauthorized();
      const limit = options.rateLimit ?? (WRITE_METHODS.has(req.method) ? DEFAULT_WRITE_LIMIT : false);
      if (limit) {
        const who = session?.user.id ?? clientKey(req);
        await enforceRateLimit(`api:${req.method}:${new URL(req.url).pathname}:${who}`, limit);
      }
      const params = ((await ctx?.params) ?? {}) as P;
      const result = await run({ req, params, user: session?.user ?? null, sessionId: session?.sessionId ?? null });
      if (result instanceof Response) return result;
      if (result === undefined || result === null) return new Response(null, { status: 204 });
      return Response.json(result, { headers: { "Cache-Control": "no-store" } });
    } catch (error) {
      return toErrorResponse(error);
    }
  };
}

/** Reads a JSON body and validates it; malformed JSON → 400, schema failure → 422 (via the mapper). */
export async function parseBody<S extends z.ZodType>(req: Request, schema: S): Promise<z.infer<S>> {
  let raw: unknown;
  try {
    const text = await req.text();
    raw = text.trim() === "" ? {} : JSON.parse(text);
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
