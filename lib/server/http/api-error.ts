/**
 * Typed API errors. Handlers only throw these; `toErrorResponse` maps everything to
 * `{ "detail": "...", "code": "..." }` (clients read `detail`).
 */
export type ApiErrorCode =
  | "bad_request"
  | "unauthorized"
  | "forbidden"
  | "cross_site_request"
  | "not_found"
  | "method_not_allowed"
  | "conflict"
  | "payload_too_large"
  | "unsupported_media_type"
  | "unprocessable_entity"
  | "rate_limited"
  | "internal_error"
  | "service_unavailable";

const STATUS: Record<ApiErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  cross_site_request: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable_entity: 422,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
};

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ApiErrorCode,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = "ApiError";
    this.status = STATUS[code];
  }
}

export const unauthorized = (detail = "Authentication required. Please log in.") => new ApiError("unauthorized", detail);
export const forbidden = (detail = "You are not allowed to do that.") => new ApiError("forbidden", detail);
export const crossSiteRequest = () =>
  new ApiError(
    "cross_site_request",
    "Request refused: it came from a page on another site. Changes made in a browser are accepted only from ViewParty's own pages; other clients must send Authorization: Bearer <token>.",
  );
export const notFound = (detail = "Not found.") => new ApiError("not_found", detail);
export const conflict = (detail: string) => new ApiError("conflict", detail);
export const unprocessable = (detail: string) => new ApiError("unprocessable_entity", detail);
export const rateLimited = (retryAfterSeconds: number, detail = "Too many requests. Please slow down and try again shortly.") =>
  new ApiError("rate_limited", detail, { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) });

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
  new ApiError("service_unavailable", detail, { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) });
