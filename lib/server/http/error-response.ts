import "server-only";
/**
 * The one error mapper: typed errors → their status; validation → 422; a write that collides with a
 * unique index → 409; anything else → a bare 500.
 */
import { z } from "zod";
import { ONE_LIVE_PARTY_PER_HOST } from "@/db/schema";
import { ApiError } from "./api-error";

/** SQLSTATE of a unique violation (PostgreSQL and PGlite alike). */
const UNIQUE_VIOLATION = "23505";

/**
 * What the client is told when its write collides with a unique index, by index name. The database
 * is what enforces these rules (a check before the insert cannot see a simultaneous request).
 */
const UNIQUE_VIOLATION_DETAILS: Record<string, string> = {
  [ONE_LIVE_PARTY_PER_HOST]: "You are already hosting a live party. End it before starting another.",
};
const UNIQUE_VIOLATION_DEFAULT = "That already exists.";

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

/** Whether a failed write collided with the unique index `constraint` (for a domain that words its own 409). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const pgError = postgresErrorOf(error);
  return pgError?.code === UNIQUE_VIOLATION && pgError.constraint === constraint;
}

export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid request.";
  const where = issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
  return `${where}${issue.message}`;
}

export function errorJson(status: number, detail: string, code: string, headers: Record<string, string> = {}): Response {
  return Response.json({ detail, code }, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

/** An error as its answer: status, `{ detail, code }` body and extra headers (a 429's Retry-After). */
export interface ErrorAnswer {
  status: number;
  body: { detail: string; code: string };
  headers: Record<string, string>;
}

export function toErrorAnswer(error: unknown): ErrorAnswer {
  const answer = (status: number, detail: string, code: string, headers: Record<string, string> = {}): ErrorAnswer => ({ status, body: { detail, code }, headers });
  if (error instanceof ApiError) return answer(error.status, error.detail, error.code, error.headers);
  if (error instanceof z.ZodError) return answer(422, describeZodError(error), "unprocessable_entity");
  const pgError = postgresErrorOf(error);
  if (pgError?.code === UNIQUE_VIOLATION) {
    const detail = (pgError.constraint && UNIQUE_VIOLATION_DETAILS[pgError.constraint]) || UNIQUE_VIOLATION_DEFAULT;
    return answer(409, detail, "conflict");
  }
  // Never leak internals: log server-side, answer with a generic body.
  console.error("[api] unhandled error", error);
  return answer(500, "Something went wrong on our side. Please try again.", "internal_error");
}

export function toErrorResponse(error: unknown): Response {
  const { status, body, headers } = toErrorAnswer(error);
  return errorJson(status, body.detail, body.code, headers);
}
