/**
 * Checks an `Authorization: Bearer <token>` header against the expected token in constant time (both
 * are hashed first, so neither their contents nor the expected token's length shows in the timing).
 */
import { createHash, timingSafeEqual } from "node:crypto";

export type BearerCheck = "ok" | "missing" | "wrong";

const digest = (value: string) => createHash("sha256").update(value).digest();

export function checkBearerToken(authorization: string | null, expected: string): BearerCheck {
  const presented = authorization?.match(/^Bearer[ \t]+(\S+)[ \t]*$/i)?.[1];
  if (!presented) return "missing";
  return timingSafeEqual(digest(presented), digest(expected)) ? "ok" : "wrong";
}
