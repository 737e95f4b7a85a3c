import "server-only";
/**
 * Only Kick tokens that this server obtained itself (POST /api/v1/auth/kick/exchange-code, with our
 * client secret and the user's PKCE verifier) may be exchanged for a session, and each only once.
 * Without this, any Kick access token issued to any other app for a user would sign in as that
 * user here. Stored as a hash in Better Auth's verification table for ten minutes.
 */
import { createHash, randomUUID } from "node:crypto";
import { and, eq, gt, like, lt } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { verification } from "@/db/schema";

const PREFIX = "vp-kick-token:";
const TTL_MS = 10 * 60_000;

const identifierFor = (token: string) => `${PREFIX}${createHash("sha256").update(token).digest("base64url")}`;

export async function rememberKickToken(token: string, now = new Date()): Promise<void> {
  const db = await getDb();
  await db.delete(verification).where(and(like(verification.identifier, `${PREFIX}%`), lt(verification.expiresAt, now)));
  await db.insert(verification).values({
    id: randomUUID(),
    identifier: identifierFor(token),
    value: "kick-access-token",
    expiresAt: new Date(now.getTime() + TTL_MS),
  });
}

/** True once for a remembered, unexpired token; false otherwise. */
export async function consumeKickToken(token: string, now = new Date()): Promise<boolean> {
  const db = await getDb();
  const removed = await db
    .delete(verification)
    .where(and(eq(verification.identifier, identifierFor(token)), gt(verification.expiresAt, now)))
    .returning({ id: verification.id });
  return removed.length > 0;
}
