import "server-only";
/** PATCH /api/v1/users/me: bio, colours, social links and their private flags, profile privacy. */
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { user } from "@/db/schema";
import type { ProfileChanges } from "@/lib/schemas/user";
import { invalidateActiveParties } from "@/lib/server/parties/active-parties-snapshot";
import { getUserOrThrow, type UserRow } from "./get-user-or-throw";

/** Body field → user column (names on the left). */
const COLUMNS = {
  bio: "bio",
  accent_color: "accentColor",
  text_color: "textColor",
  profile_private: "profilePrivate",
  twitch_username: "twitchUsername",
  twitch_private: "twitchPrivate",
  youtube_username: "youtubeUsername",
  youtube_private: "youtubePrivate",
  twitter_username: "twitterUsername",
  twitter_private: "twitterPrivate",
  facebook_username: "facebookUsername",
  facebook_private: "facebookPrivate",
  instagram_username: "instagramUsername",
  instagram_private: "instagramPrivate",
  tiktok_username: "tiktokUsername",
  tiktok_private: "tiktokPrivate",
  discord_username: "discordUsername",
  discord_private: "discordPrivate",
} as const satisfies Record<keyof ProfileChanges, keyof UserRow>;

export async function updateProfile(userId: string, changes: ProfileChanges): Promise<UserRow> {
  const set: Partial<typeof user.$inferInsert> = {};
  for (const [field, column] of Object.entries(COLUMNS) as [keyof ProfileChanges, (typeof COLUMNS)[keyof ProfileChanges]][]) {
    const value = changes[field];
    if (value !== undefined) (set as Record<string, unknown>)[column] = value;
  }
  if (Object.keys(set).length > 0) {
    const db = await getDb();
    await db.update(user).set({ ...set, updatedAt: new Date() }).where(eq(user.id, userId));
    // A host's name and privacy show in the public list of live parties.
    invalidateActiveParties();
  }
  return getUserOrThrow(userId);
}
