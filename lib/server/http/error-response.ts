import "server-only";
/**
 * The one error mapper: typed errors → their status; validation → 422; a write that collides with a
 * unique index → 409; a database that cannot be reached → 503 with Retry-After; anything else → a
 * bare 500.
 */
import { z } from "zod";
import { ONE_LIVE_PARTY_PER_HOST, ONE_LIVE_PARTY_PER_ROOM } from "@/db/schema";
import { ROOM_LIVE_MESSAGE, SLUG_TAKEN_MESSAGE } from "@/lib/schemas/room";
import type { ApiErrorBody, ErrorCode } from "@/lib/schemas/error-code";
import { log, type RequestLogContext } from "@/lib/server/log";
import { ApiError, serviceUnavailable } from "./api-error";

/** SQLSTATE of a unique violation (PostgreSQL and PGlite alike). */
const UNIQUE_VIOLATION = "23505";

/**
 * What the client is told when its write collides with a unique index, by index name. The database
 * is what enforces these rules (a check before the insert cannot see a simultaneous request).
 */
const UNIQUE_VIOLATION_ANSWERS: Record<string, { code: ErrorCode; detail: string }> = {
  [ONE_LIVE_PARTY_PER_HOST]: { code: "already_hosting", detail: "You are already hosting a live party. End it before starting another." },
  [ONE_LIVE_PARTY_PER_ROOM]: { code: "room_live", detail: ROOM_LIVE_MESSAGE },
  // Two claims of one room address (or two that read the same) at once: the second meets these.
  room_slug_unique: { code: "room_slug_taken", detail: SLUG_TAKEN_MESSAGE },
  room_slug_skeleton_unique: { code: "room_slug_taken", detail: SLUG_TAKEN_MESSAGE },
};
const UNIQUE_VIOLATION_DEFAULT = { code: "conflict", detail: "That already exists." } as const;

interface PostgresError {
  code: string;
  constraint?: string;
}

/** The server's error behind a failed query: drivers report it with a severity and SQLSTATE; Drizzle wraps it in `cause`. */
function postgresErrorOf(error: unknown): PostgresError | null {
  let current = error;
  for (let depth = 0; depth < 4 && current !== null && typeof current === "object"; depth += 1) {
    const { code, constraint, severity } = current as { code?: unknown; constraint?: unknown; severity?: unknown };
    if (typeof code === "string" && typeof severity === "string") {
      return { code, constraint: typeof constraint === "string" ? constraint : undefined };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * Whether a failed write collided with a unique index: the index `constraint` when one is named (for a
 * domain that words its own 409), any when none is (a random code that happened to be taken).
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = postgresErrorOf(error);
  return pgError?.code === UNIQUE_VIOLATION && (constraint === undefined || pgError.constraint === constraint);
}

/** Socket errors of a connection that could not be made or was lost (Node's system error codes). */
const CONNECTION_ERROR_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN", "ECONNABORTED"]);
/**
 * SQLSTATEs of a server that is going away or not yet accepting: class 08 (connection exception),
 * admin/crash shutdown and "cannot connect now" (starting up or shutting down).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3])$/;
/**
 * The driver's own errors for a lost or unobtainable connection, which carry no code: pg-pool's
 * connection timeout, and pg's connection ended under a query or a client used after it.
 */
const PG_CONNECTION_MESSAGES = ["timeout exceeded when trying to connect", "Connection terminated", "Client has encountered a connection error and is not queryable"];

/**
 * Whether a failed query failed because the database could not be reached (rather than because of
 * the query): then it is an outage, answered 503, not a bug answered 500.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === "object"; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (CONNECTION_ERROR_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
    if (typeof message === "string" && PG_CONNECTION_MESSAGES.some((text) => message.startsWith(text))) return true;
    // An AggregateError (a host with several addresses, each refused) holds the socket errors.
    const errors = (current as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnreachable(inner))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid request.";
  const where = issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
  return `${where}${issue.message}`;
}

export function errorJson(status: number, detail: string, code: ErrorCode, headers: Record<string, string> = {}): Response {
  return Response.json({ detail, code }, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

/** An error as its answer: status, `{ detail, code }` body and extra headers (a 429's Retry-After). */
export interface ErrorAnswer {
  status: number;
  body: ApiErrorBody;
  headers: Record<string, string>;
}

/** `context` names the request in the log line of a server fault (request id, route, party, user). */
export function toErrorAnswer(error: unknown, context?: RequestLogContext): ErrorAnswer {
  const answer = (status: number, detail: string, code: ErrorCode, headers: Record<string, string> = {}): ErrorAnswer => ({ status, body: { detail, code }, headers });
  if (error instanceof ApiError) return answer(error.status, error.detail, error.code, error.headers);
  if (error instanceof z.ZodError) return answer(422, describeZodError(error), "unprocessable_entity");
  const pgError = postgresErrorOf(error);
  if (pgError?.code === UNIQUE_VIOLATION) {
    const { code, detail } = (pgError.constraint && UNIQUE_VIOLATION_ANSWERS[pgError.constraint]) || UNIQUE_VIOLATION_DEFAULT;
    return answer(409, detail, code);
  }
  if (isDatabaseUnreachable(error)) {
    const unavailable = serviceUnavailable("database");
    log.error({ ...context, reason: error instanceof Error ? error.message : String(error) }, "database unreachable");
    return answer(unavailable.status, unavailable.detail, unavailable.code, unavailable.headers);
  }
  // Never leak internals: log server-side, answer with a generic body.
  log.error({ ...context, err: error }, "unhandled error");
  return answer(500, "Something went wrong on our side. Please try again.", "internal_error");
}

export function toErrorResponse(error: unknown, context?: RequestLogContext): Response {
  const { status, body, headers } = toErrorAnswer(error, context);
  return errorJson(status, body.detail, body.code, headers);
}
