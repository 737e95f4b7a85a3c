import "server-only";
/**
 * Guest identities ("Guests can host with a username"): a short-lived, HMAC-signed bearer
 * token naming a guest id and display name. Stateless, so any app instance verifies it; it opens live
 * parties only (scheduled parties and profiles still need an account).
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { LRUCache } from "lru-cache";
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

/**
 * Tokens whose signature and payload checked out, by token (and the secret that signed them): a
 * guest sends every command and opens every stream with the same token, and checking it anew (an
 * HMAC, a JSON and a schema parse) was a good part of what a party command cost. Safe to remember:
 * a token is immutable and nothing revokes one (its expiry is still checked on every use; a removal
 * from a party is the party's own record). Bounded; the oldest entry goes first.
 */
const verified = new LRUCache<string, { secret: string; guest: GuestIdentity }>({ max: 10_000 });

/** The guest a token names, or null when it is malformed, forged or expired. */
export function verifyGuestToken(token: string, now = Date.now()): GuestIdentity | null {
  const secret = getEnv().authSecret;
  const known = verified.get(token);
  if (known && known.secret === secret) return known.guest.exp <= now ? null : known.guest;
  const guest = checkGuestToken(token, now);
  if (guest) verified.set(token, { secret, guest: Object.freeze(guest) });
  return guest;
}

function checkGuestToken(token: string, now: number): GuestIdentity | null {
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
