/**
 * Playlists: a titled, ordered list of YouTube/TikTok links owned by one user. Others take part
 * through two secrets: the short share code makes them collaborators (they may add videos), the
 * longer admin key (the "direct URL" in the owner's hidden admin block) makes them editors (they may
 * also remove, reorder, rename and change which platforms are accepted). Everyone may view.
 */
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

export const playlist = pgTable(
  "playlist",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    shareCode: text("share_code").notNull().unique(),
    /** Grants editor rights to whoever joins with it; shown to the owner only. */
    adminKey: text("admin_key").unique(),
    /** Adds from a platform switched off here are refused by the server. */
    acceptYoutube: boolean("accept_youtube").notNull().default(true),
    acceptTiktok: boolean("accept_tiktok").notNull().default(true),
    /**
     * Listed on /playlists and GET /api/v1/playlists. Off until the owner turns it on: a playlist is
     * personal unless its owner says otherwise; its link (share code) opens it either way.
     */
    listed: boolean("listed").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("playlist_owner_id_idx").on(t.ownerId), index("playlist_created_at_idx").on(t.createdAt)],
);

export const playlistLink = pgTable(
  "playlist_link",
  {
    id: text("id").primaryKey(),
    playlistId: text("playlist_id")
      .notNull()
      .references(() => playlist.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    title: text("title"),
    /** Play order, 0-based and gap-free; every write renumbers under a lock on the playlist row. */
    position: integer("position").notNull().default(0),
    /** Who added the link; kept (as null) when that account is deleted so the playlist stays whole. */
    addedBy: text("added_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("playlist_link_playlist_id_idx").on(t.playlistId, t.createdAt),
    index("playlist_link_position_idx").on(t.playlistId, t.position),
  ],
);

/** People who joined a playlist with its share code (collaborator) or admin key (editor). */
export const playlistMember = pgTable(
  "playlist_member",
  {
    playlistId: text("playlist_id")
      .notNull()
      .references(() => playlist.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** collaborator | editor */
    role: text("role").notNull(),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.playlistId, t.userId] }), index("playlist_member_user_idx").on(t.userId)],
);

/**
 * The owner's Twitch chat settings for a playlist. The OAuth token is a secret: it is stored
 * encrypted (AES-256-GCM, key derived from the server's auth secret) and never sent back.
 */
export const playlistTwitch = pgTable("playlist_twitch", {
  playlistId: text("playlist_id")
    .primaryKey()
    .references(() => playlist.id, { onDelete: "cascade" }),
  channel: text("channel"),
  botUsername: text("bot_username"),
  commandPrefix: text("command_prefix").notNull(),
  oauthTokenEncrypted: text("oauth_token_encrypted"),
  /** The owner pressed Connect: some app instance keeps the chat bot running until Disconnect. */
  botEnabled: boolean("bot_enabled").notNull().default(false),
  /** The bot answers in chat ("Added: …", refusals, cooldown). */
  repliesEnabled: boolean("replies_enabled").notNull().default(false),
  /** How long one viewer waits between two accepted adds. */
  cooldownSeconds: integer("cooldown_seconds").notNull().default(30),
  /** disconnected | connecting | connected | error, written by the instance running the bot. */
  botStatus: text("bot_status").notNull().default("disconnected"),
  /** Why the bot is in error (login refused, channel not joined); null otherwise. */
  botError: text("bot_error"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
