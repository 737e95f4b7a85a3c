/**
 * Typed API errors. Handlers only throw these; `toErrorResponse` maps everything to
 * `{ "detail": "...", "code": "..." }` (clients read `detail`, and branch on `code`). The code is
 * required and decides the status: its meaning is in lib/schemas/error-code.ts, shared with every
 * client.
 */
import { ERROR_STATUS, type ErrorCode } from "@/lib/schemas/error-code";

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = "ApiError";
    this.status = ERROR_STATUS[code];
  }
}

/** Codes answered with `status`. */
type CodeWithStatus<S extends number> = { [C in ErrorCode]: (typeof ERROR_STATUS)[C] extends S ? C : never }[ErrorCode];

export const unauthorized = (detail = "Authentication required. Please log in.") => new ApiError("unauthorized", detail);
/** A 403; its code says which rule refused (generic `forbidden` when no client tells it apart). */
export const forbidden = (detail = "You are not allowed to do that.", code: CodeWithStatus<403> = "forbidden") => new ApiError(code, detail);
export const crossSiteRequest = () =>
  new ApiError(
    "cross_site_request",
    "Request refused: it came from a page on another site. Changes made in a browser are accepted only from ViewParty's own pages; other clients must send Authorization: Bearer <token>.",
  );
export const notFound = (detail = "Not found.") => new ApiError("not_found", detail);
/**
 * A 409 always names what it collides with: "conflict" alone has meant an ended party, a full
 * playlist, an open poll and a second live party, which a client cannot tell apart.
 */
export const conflict = (code: CodeWithStatus<409>, detail: string) => new ApiError(code, detail);
export const unprocessable = (detail: string, code: CodeWithStatus<422> = "unprocessable_entity") => new ApiError(code, detail);
export const rateLimited = (retryAfterSeconds: number, detail = "Too many requests. Please slow down and try again shortly.", code: CodeWithStatus<429> = "rate_limited") =>
  new ApiError(code, detail, { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) });

export const PARTY_ENDED = "This party has ended.";
/** A party that has ended takes no joins, commands or streams. */
export const partyEnded = () => new ApiError("party_ended", PARTY_ENDED);

/** A service the server depends on, named in a 503 (and by the health check). */
export type Dependency = "database" | "redis";

/**
 * How long a client waits before retrying while a dependency is down: short, since most outages
 * seen are a restart of seconds, and every client backs off on its own beyond it.
 */
export const DEPENDENCY_RETRY_AFTER_SECONDS = 5;

/** What a client shows while a dependency is down (the watch room: "Reconnecting..." and this). */
export const DEPENDENCY_DOWN_DETAIL: Record<Dependency, string> = {
  database: "The server can't reach its database right now. You are still signed in; retrying shortly.",
  redis: "The server can't reach its realtime service (Redis) right now. Retrying shortly.",
};

/**
 * A dependency failure is the server's, not the caller's: 503 with Retry-After, never a 401 or a
 * bare 500, so clients keep their sessions and try again.
 */
export const serviceUnavailable = (dependency: Dependency) =>
  new ApiError("service_unavailable", DEPENDENCY_DOWN_DETAIL[dependency], { "Retry-After": String(DEPENDENCY_RETRY_AFTER_SECONDS) });

/** The server is busy with this kind of work right now (not the caller's fault): retry after a moment. */
export const serverBusy = (retryAfterSeconds: number, detail: string) =>
  new ApiError("busy", detail, { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) });
