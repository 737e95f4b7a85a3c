import "server-only";
import { tokenUserSchema, type TokenUser } from "@/lib/schemas/auth";
import type { UserRow } from "@/lib/server/users/get-user-or-throw";

/** The user part of a token-exchange answer: the caller's own account. */
export function toTokenUser(row: UserRow): TokenUser {
  return tokenUserSchema.parse({
    id: row.id,
    username: row.username,
    display_name: row.name,
    email: row.email,
    profile_image_url: row.image,
    provider_id: row.lastLoginMethod,
    twitch_username: row.twitchUsername,
  });
}
