import "server-only";
import { ownUserSchema, type OwnUser } from "@/lib/schemas/user";
import type { UserRow } from "./get-user-or-throw";

/** The signed-in user's own view of their account (the only view that includes the e-mail). */
export function toOwnUser(row: UserRow): OwnUser {
  return ownUserSchema.parse({
    id: row.id,
    username: row.username,
    display_name: row.name,
    email: row.email,
    bio: row.bio,
    profile_image_url: row.image,
    youtube_profile_image_url: row.youtubeProfileImageUrl,
    accent_color: row.accentColor,
    text_color: row.textColor,
    profile_private: row.profilePrivate,
    provider_id: row.lastLoginMethod,
    twitch_username: row.twitchUsername,
    twitch_private: row.twitchPrivate,
    youtube_username: row.youtubeUsername,
    youtube_private: row.youtubePrivate,
    twitter_username: row.twitterUsername,
    twitter_private: row.twitterPrivate,
    facebook_username: row.facebookUsername,
    facebook_private: row.facebookPrivate,
    instagram_username: row.instagramUsername,
    instagram_private: row.instagramPrivate,
    tiktok_username: row.tiktokUsername,
    tiktok_private: row.tiktokPrivate,
    discord_username: row.discordUsername,
    discord_private: row.discordPrivate,
    created_at: row.createdAt.toISOString(),
  });
}
