/**
 * Playlist resource schemas (spec §3 "Playlist", §7). Shared by the route handlers, which parse every
 * body that enters and every payload that leaves, and by the browser forms, which validate the same
 * way before sending.
 */
import { z } from "zod";
import { pathId, safeText } from "./common";

export const PLAYLIST_LINK_TITLE_MAX_LENGTH = 200;
export const VIDEO_URL_MAX_LENGTH = 2048;
export const VIDEO_URL_ERROR = "Video URL must be a valid http(s) link.";

/** A link someone can open: http or https only (never javascript:, data: or file:). */
export const videoUrlSchema = safeText("Video URL", { error: "Video URL is required." })
  .trim()
  .max(VIDEO_URL_MAX_LENGTH, `Video URL must be at most ${VIDEO_URL_MAX_LENGTH} characters.`)
  .pipe(z.url({ protocol: /^https?$/, error: VIDEO_URL_ERROR }));

/** POST /api/v1/playlists/{id}/links body: url, optional title (blank → none). */
export const addPlaylistLinkInputSchema = z.object({
  url: videoUrlSchema,
  title: safeText("Title")
    .trim()
    .max(PLAYLIST_LINK_TITLE_MAX_LENGTH, `Title must be at most ${PLAYLIST_LINK_TITLE_MAX_LENGTH} characters.`)
    .nullish()
    .transform((title) => title || null),
});
export type AddPlaylistLinkInput = z.input<typeof addPlaylistLinkInputSchema>;

/** Route parameter of /api/v1/playlists/{id}/… */
export const playlistIdParamSchema = z.object({ id: pathId("Playlist ID") });

/**
 * One row of the playlists list. The spec saw two spellings of each field (id/playlist_id,
 * title/name, owner_username/owner); both are sent so either reader works.
 */
export const playlistSummarySchema = z.object({
  id: z.string(),
  playlist_id: z.string(),
  title: z.string(),
  name: z.string(),
  owner_username: z.string().nullable(),
  /** The owner's username, or their display name when they have none (social sign-ups). */
  owner: z.string(),
  created_at: z.string(),
});
export type PlaylistSummary = z.infer<typeof playlistSummarySchema>;
export const playlistListSchema = z.array(playlistSummarySchema);

export const playlistLinkSchema = z.object({
  id: z.string(),
  playlist_id: z.string(),
  url: z.string(),
  title: z.string().nullable(),
  created_at: z.string(),
});
export type PlaylistLink = z.infer<typeof playlistLinkSchema>;

/** GET /api/v1/playlists/{id}: the playlist with its links, oldest first (play order). */
export const playlistDetailSchema = playlistSummarySchema.extend({
  /** Only the owner sees the share code: it is what lets others join. */
  share_code: z.string().nullable(),
  links: z.array(playlistLinkSchema),
});
export type PlaylistDetail = z.infer<typeof playlistDetailSchema>;
