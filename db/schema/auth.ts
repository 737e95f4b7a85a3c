/**
 * Accounts: the tables Better Auth needs (user, session, account, verification), with the profile
 * fields kept on the user row so a profile is one read.
 */
import { boolean, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const user = pgTable("user", {
  id: text("id").primaryKey(),
  /** Display name (spec: display_name). */
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  /** Lower-cased, unique (Better Auth username plugin). */
  username: text("username").unique(),
  displayUsername: text("display_username"),
  /** How the user last signed in: "email", "username", "google", "twitch", "kick" (Better Auth plugin). */
  lastLoginMethod: text("last_login_method"),
  // Profile.
  bio: text("bio"),
  youtubeProfileImageUrl: text("youtube_profile_image_url"),
  accentColor: text("accent_color"),
  textColor: text("text_color"),
  profilePrivate: boolean("profile_private").notNull().default(false),
  twitchUsername: text("twitch_username"),
  twitchPrivate: boolean("twitch_private").notNull().default(false),
  youtubeUsername: text("youtube_username"),
  youtubePrivate: boolean("youtube_private").notNull().default(false),
  twitterUsername: text("twitter_username"),
  twitterPrivate: boolean("twitter_private").notNull().default(false),
  facebookUsername: text("facebook_username"),
  facebookPrivate: boolean("facebook_private").notNull().default(false),
  instagramUsername: text("instagram_username"),
  instagramPrivate: boolean("instagram_private").notNull().default(false),
  tiktokUsername: text("tiktok_username"),
  tiktokPrivate: boolean("tiktok_private").notNull().default(false),
  discordUsername: text("discord_username"),
  discordPrivate: boolean("discord_private").notNull().default(false),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);
