import "server-only";
/** Better Auth user-create hook: a user created by a provider sign-in gets a unique username. */
import { findUserByUsername } from "@/lib/server/users/get-user-or-throw";
import { pickFreeUsername, usernameBase } from "./derive-username";

export async function assignProviderUsername<T extends Record<string, unknown>>(user: T): Promise<T> {
  if (typeof user.username === "string" && user.username.trim()) return user; // e-mail sign-up chose one
  const name = typeof user.name === "string" ? user.name : undefined;
  const email = typeof user.email === "string" ? user.email : undefined;
  const username = await pickFreeUsername(usernameBase(name, email), async (candidate) => Boolean(await findUserByUsername(candidate)));
  return { ...user, username, displayUsername: username };
}
