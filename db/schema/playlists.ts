/**
 * Playlists (spec §3 "Playlist"): a titled list of YouTube/TikTok links owned by one user. The share
 * code is what "Join with a Share Code" will accept once joining lands.
 */
import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
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
    /** Who added the link; kept (as null) when that account is deleted so the playlist stays whole. */
    addedBy: text("added_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("playlist_link_playlist_id_idx").on(t.playlistId, t.createdAt)],
);
