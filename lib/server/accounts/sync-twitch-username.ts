import "server-only";
/**
 * A Twitch sign-in or link fills the user's `twitch_username` (the profile's Twitch info and the
 * streamer tools read it). Called from Better Auth's account hooks, so every path that creates or
 * refreshes a Twitch account (first sign-in, later sign-ins, linking) keeps it current.
 */
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { user } from "@/db/schema";
import { helixGet, helixUsersSchema } from "@/lib/server/twitch/twitch-client";
import { TWITCH_LOGIN_PATTERN } from "@/lib/server/twitch/get-twitch-info";

interface AccountLike {
  providerId: string;
  accountId: string;
  userId: string;
  idToken?: string | null;
}

/**
 * The ID token arrived straight from Twitch's token endpoint over TLS in this same sign-in, so its
 * claims are read without a second signature check (OpenID Connect Core §3.1.3.7).
 */
function idTokenClaims(idToken: string | null | undefined): Record<string, unknown> {
  const payload = idToken?.split(".")[1];
  if (!payload) return {};
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    return claims && typeof claims === "object" ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Twitch's `preferred_username` is the display name: the login in other letter case, or a
 * localized name. Only the localized case needs a Helix lookup by user id.
 */
export async function twitchLoginFor(account: AccountLike): Promise<string | null> {
  const preferred = idTokenClaims(account.idToken).preferred_username;
  if (typeof preferred === "string" && TWITCH_LOGIN_PATTERN.test(preferred.toLowerCase())) return preferred.toLowerCase();
  try {
    const users = await helixGet("users", { id: account.accountId }, helixUsersSchema);
    return users.data[0]?.login.toLowerCase() ?? null;
  } catch {
    return null;
  }
}

export async function syncTwitchUsername(account: AccountLike | null | undefined): Promise<void> {
  if (!account || account.providerId !== "twitch") return;
  const login = await twitchLoginFor(account);
  if (!login) return;
  const db = await getDb();
  await db.update(user).set({ twitchUsername: login, updatedAt: new Date() }).where(eq(user.id, account.userId));
}
