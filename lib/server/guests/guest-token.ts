import "server-only";
/**
 * Guest identities ("Guests can host with a username"): a short-lived, HMAC-signed bearer
 * token naming a guest id and display name. Stateless, so any app instance verifies it; it opens live
 * parties only (scheduled parties and profiles still need an account).
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { getEnv } from "@/lib/server/env";

export const GUEST_TOKEN_PREFIX = "vpg1";
export const GUEST_TOKEN_TTL_MS = 12 * 60 * 60 * 1000;

const payloadSchema = z.object({ id: z.string().startsWith("guest_"), name: z.string().min(1).max(40), exp: z.number() });
export type GuestIdentity = { id: string; name: string; exp: number };

function sign(body: string): string {
  return createHmac("sha256", `guest:${getEnv().authSecret}`).update(body).digest("base64url");
}

export function issueGuestToken(name: string, now = Date.now()): { token: string; guest: GuestIdentity } {
  const guest = { id: `guest_${randomBytes(9).toString("base64url")}`, name, exp: now + GUEST_TOKEN_TTL_MS };
  const body = Buffer.from(JSON.stringify(guest)).toString("base64url");
  return { token: `${GUEST_TOKEN_PREFIX}.${body}.${sign(body)}`, guest };
}

/** The guest a token names, or null when it is malformed, forged or expired. */
export function verifyGuestToken(token: string, now = Date.now()): GuestIdentity | null {
  const [prefix, body, signature] = token.split(".");
  if (prefix !== GUEST_TOKEN_PREFIX || !body || !signature) return null;
  const expected = Buffer.from(sign(body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(body, "base64url").toString("utf8")));
    if (!parsed.success || parsed.data.exp <= now) return null;
    return parsed.data;
  } catch {
    return null;
  }
}
