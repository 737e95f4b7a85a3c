import "server-only";
/**
 * Edit Info on the own profile: the owner changes their username, display
 * name or e-mail. Usernames and e-mail addresses stay unique; the database's unique indexes settle
 * a race between two requests.
 */
import { and, eq, ne } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { user } from "@/db/schema";
import type { AccountInfoUpdate } from "@/lib/schemas/auth";
import { isReservedUsername } from "@/lib/reserved-usernames";
import { conflict, unprocessable } from "@/lib/server/http/api-error";
import { isUniqueViolation } from "@/lib/server/http/error-response";
import { getUserOrThrow, type UserRow } from "@/lib/server/users/get-user-or-throw";

export const USERNAME_TAKEN = "Username is already taken. Please try another.";
export const EMAIL_TAKEN = "That e-mail address is already used by another account.";

/** The unique indexes on the account's e-mail address and username (Drizzle's names for `.unique()`). */
const EMAIL_UNIQUE = "user_email_unique";
const USERNAME_UNIQUE = "user_username_unique";

export async function updateAccountInfo(userId: string, input: AccountInfoUpdate): Promise<UserRow> {
  const current = await getUserOrThrow(userId);
  const db = await getDb();
  const changes: Partial<typeof user.$inferInsert> = {};

  if (input.username !== undefined) {
    const username = input.username.toLowerCase();
    if (isReservedUsername(username)) throw unprocessable("That username is reserved. Please choose another.");
    if (username !== current.username) {
      const [taken] = await db.select({ id: user.id }).from(user).where(and(eq(user.username, username), ne(user.id, userId))).limit(1);
      if (taken) throw conflict("username_taken", USERNAME_TAKEN);
    }
    changes.username = username;
    changes.displayUsername = input.username;
  }
  if (input.display_name !== undefined) changes.name = input.display_name;
  if (input.email !== undefined && input.email !== current.email) {
    const [taken] = await db.select({ id: user.id }).from(user).where(and(eq(user.email, input.email), ne(user.id, userId))).limit(1);
    if (taken) throw conflict("email_taken", EMAIL_TAKEN);
    changes.email = input.email;
    // Nobody has confirmed the new address.
    changes.emailVerified = false;
  }
  if (Object.keys(changes).length === 0) return current;

  try {
    await db.update(user).set({ ...changes, updatedAt: new Date() }).where(eq(user.id, userId));
  } catch (error) {
    if (isUniqueViolation(error, EMAIL_UNIQUE)) throw conflict("email_taken", EMAIL_TAKEN);
    if (isUniqueViolation(error, USERNAME_UNIQUE)) throw conflict("username_taken", USERNAME_TAKEN);
    throw error;
  }
  return getUserOrThrow(userId);
}
