import "server-only";
/** The one error mapper: typed errors → their status; validation → 422; anything else → a bare 500. */
import { z } from "zod";
import { ApiError } from "./api-error";

export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid request.";
  const where = issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
  return `${where}${issue.message}`;
}

export function errorJson(status: number, detail: string, code: string, headers: Record<string, string> = {}): Response {
  return Response.json({ detail, code }, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

export function toErrorResponse(error: unknown): Response {
  if (error instanceof ApiError) return errorJson(error.status, error.detail, error.code, error.headers);
  if (error instanceof z.ZodError) return errorJson(422, describeZodError(error), "unprocessable_entity");
  // Never leak internals: log server-side, answer with a generic body.
  console.error("[api] unhandled error", error);
  return errorJson(500, "Something went wrong on our side. Please try again.", "internal_error");
}
