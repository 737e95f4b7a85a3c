/**
 * User resource schemas (spec §3 "User profile"). Responses pass through these, so a field that is
 * not listed here (password hashes, tokens, another user's e-mail) can never leave the server.
 */
import { z } from "zod";

export const ownUserSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  display_name: z.string(),
  email: z.string(),
  bio: z.string().nullable(),
  profile_image_url: z.string().nullable(),
  youtube_profile_image_url: z.string().nullable(),
  accent_color: z.string().nullable(),
  text_color: z.string().nullable(),
  profile_private: z.boolean(),
  /** How the user last signed in (spec §3 token-exchange result: provider_id). */
  provider_id: z.string().nullable(),
  twitch_username: z.string().nullable(),
  twitch_private: z.boolean(),
  youtube_username: z.string().nullable(),
  youtube_private: z.boolean(),
  twitter_username: z.string().nullable(),
  twitter_private: z.boolean(),
  facebook_username: z.string().nullable(),
  facebook_private: z.boolean(),
  instagram_username: z.string().nullable(),
  instagram_private: z.boolean(),
  tiktok_username: z.string().nullable(),
  tiktok_private: z.boolean(),
  discord_username: z.string().nullable(),
  discord_private: z.boolean(),
  created_at: z.string(),
});
export type OwnUser = z.infer<typeof ownUserSchema>;
