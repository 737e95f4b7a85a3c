/**
 * Playlist resource schemas: shared by the route handlers, which parse every body that enters and
 * every payload that leaves, and by the browser forms, which validate the same way before sending.
 */
import { z } from "zod";
import { DEFAULT_TWITCH_COMMAND_PREFIX } from "@/lib/constants";
import { parseMediaUrl } from "@/lib/media/parse-media-url";
import { pathId, safeText } from "./common";

export const PLAYLIST_TITLE_MAX_LENGTH = 100;
export const PLAYLIST_LINK_TITLE_MAX_LENGTH = 200;
/** Bounds a playlist so the page, the detail payload and a party queue stay small. */
export const PLAYLIST_MAX_VIDEOS = 500;
/** The most a host may make one Twitch viewer wait between two adds from chat (an hour). */
export const TWITCH_COOLDOWN_MAX_SECONDS = 3600;
/** How many playlists one account may own. */
export const PLAYLISTS_PER_OWNER_MAX = 100;
export const VIDEO_URL_MAX_LENGTH = 2048;
export const VIDEO_URL_ERROR = "Video URL must be a valid http(s) link.";
export const UNSUPPORTED_VIDEO_URL_ERROR =
  "Only YouTube and TikTok video links can be added (for example https://www.youtube.com/watch?v=… or https://www.tiktok.com/@user/video/…).";
export const PLAYLIST_REQUIRED_MESSAGE = "Playlist ID and Video URL are required";

export const PLAYLIST_ROLES = ["owner", "editor", "collaborator", "viewer"] as const;
export type PlaylistRole = (typeof PLAYLIST_ROLES)[number];

/**
 * What each role may do. Collaborators (joined with the share code) add videos and remove the ones
 * they added; editors (joined with the admin link) run the playlist; only the owner deletes it,
 * manages its Twitch settings and sees the admin link.
 */
export function playlistRights(role: PlaylistRole) {
  return {
    canAdd: role !== "viewer",
    canEdit: role === "owner" || role === "editor",
    canDelete: role === "owner",
    canManageTwitch: role === "owner",
    /** Listing on /playlists shows the owner's name to everyone: the owner's choice alone. */
    canList: role === "owner",
    seesShareCode: role !== "viewer",
  };
}

const title = safeText("Title", { error: "Title is required." })
  .trim()
  .min(1, "Title is required.")
  .max(PLAYLIST_TITLE_MAX_LENGTH, `Title must be at most ${PLAYLIST_TITLE_MAX_LENGTH} characters.`);

/** POST /api/v1/playlists body. */
export const createPlaylistInputSchema = z.object({ title });
export type CreatePlaylistInput = z.input<typeof createPlaylistInputSchema>;

/**
 * PATCH /api/v1/playlists/{id} body: any of the title, the two "Accept …" switches and `listed`
 * (shown on the public playlists list; the owner only).
 */
export const updatePlaylistInputSchema = z
  .object({
    title: title.optional(),
    accept_youtube: z.boolean({ error: "accept_youtube must be true or false." }).optional(),
    accept_tiktok: z.boolean({ error: "accept_tiktok must be true or false." }).optional(),
    listed: z.boolean({ error: "listed must be true or false." }).optional(),
  })
  .refine((v) => v.title !== undefined || v.accept_youtube !== undefined || v.accept_tiktok !== undefined || v.listed !== undefined, {
    error: "Nothing to change: send title, accept_youtube, accept_tiktok or listed.",
  });
export type UpdatePlaylistInput = z.input<typeof updatePlaylistInputSchema>;

/** A link someone can open: http or https only (never javascript:, data: or file:). */
export const videoUrlSchema = safeText("Video URL", { error: "Video URL is required." })
  .trim()
  .min(1, "Video URL is required.")
  .max(VIDEO_URL_MAX_LENGTH, `Video URL must be at most ${VIDEO_URL_MAX_LENGTH} characters.`)
  .pipe(z.url({ protocol: /^https?$/, error: VIDEO_URL_ERROR }));

/** A YouTube or TikTok video link in any common form; anything else is refused with a clear message. */
export const mediaUrlSchema = videoUrlSchema.refine((url) => parseMediaUrl(url) !== null, { error: UNSUPPORTED_VIDEO_URL_ERROR });

/** POST /api/v1/playlists/{id}/links body: url, optional title (blank → none). */
export const addPlaylistLinkInputSchema = z.object({
  url: mediaUrlSchema,
  title: safeText("Title")
    .trim()
    .max(PLAYLIST_LINK_TITLE_MAX_LENGTH, `Title must be at most ${PLAYLIST_LINK_TITLE_MAX_LENGTH} characters.`)
    .nullish()
    .transform((t) => t || null),
});
export type AddPlaylistLinkInput = z.input<typeof addPlaylistLinkInputSchema>;

/** PATCH /api/v1/playlists/{id}/links/{linkId} body: the link's new 0-based place in the list. */
export const moveLinkInputSchema = z.object({
  position: z.number({ error: "position must be a whole number." }).int("position must be a whole number.").min(0, "position must be 0 or more."),
});

/** POST /api/v1/playlists/join body: a share code (collaborator) or an admin key (editor). */
export const joinPlaylistInputSchema = z.object({
  code: safeText("Share code", { error: "Share code is required." }).trim().min(1, "Share code is required.").max(64, "That is not a share code."),
});

/** Route parameters of /api/v1/playlists/{id}/… */
export const playlistIdParamSchema = z.object({ id: pathId("Playlist ID") });
export const playlistLinkParamSchema = z.object({ id: pathId("Playlist ID"), linkId: pathId("Video ID") });

/** What names the owner of a playlist whose profile is private, to anyone but that owner. */
export const PRIVATE_OWNER_LABEL = "a private owner";

/**
 * One row of the playlists list. The spec saw two spellings of each field (id/playlist_id,
 * title/name, owner_username/owner); both are sent so either reader works. A private profile
 * cannot be viewed by others, so an owner who keeps theirs private is not named to anyone else:
 * `owner_private` is true, `owner_username` null and `owner` PRIVATE_OWNER_LABEL.
 */
export const playlistSummarySchema = z.object({
  id: z.string(),
  playlist_id: z.string(),
  title: z.string(),
  name: z.string(),
  owner_username: z.string().nullable(),
  /** The owner's username, or their display name when they have none (social sign-ups). */
  owner: z.string(),
  /** The owner's profile is private (and this reader is not the owner): the names above are withheld. */
  owner_private: z.boolean(),
  created_at: z.string(),
});
export type PlaylistSummary = z.infer<typeof playlistSummarySchema>;
export const playlistListSchema = z.array(playlistSummarySchema);

/** GET /api/v1/playlists/me: the playlists the caller owns or joined, with their role. */
export const myPlaylistSchema = playlistSummarySchema.extend({
  role: z.enum(PLAYLIST_ROLES),
  total_videos: z.number().int().nonnegative(),
});
export type MyPlaylist = z.infer<typeof myPlaylistSchema>;
export const myPlaylistListSchema = z.array(myPlaylistSchema);

/**
 * One video of a playlist, in play order. `platform` and `video_id` are what a player (or a party
 * queue) needs; `video_id` is null for a TikTok short link that could not be resolved yet.
 */
export const playlistLinkSchema = z.object({
  id: z.string(),
  playlist_id: z.string(),
  position: z.number().int().nonnegative(),
  url: z.string(),
  title: z.string().nullable(),
  platform: z.enum(["youtube", "tiktok"]).nullable(),
  video_id: z.string().nullable(),
  start_seconds: z.number().int().nonnegative(),
  /** Who added it; null when unknown or when their profile is private (except to themselves). */
  added_by_username: z.string().nullable(),
  /** Whether the caller may remove this video. */
  can_remove: z.boolean(),
  created_at: z.string(),
});
export type PlaylistLink = z.infer<typeof playlistLinkSchema>;

/** GET /api/v1/playlists/{id}: the playlist with its videos in play order and the caller's rights. */
export const playlistDetailSchema = playlistSummarySchema.extend({
  role: z.enum(PLAYLIST_ROLES),
  accept_youtube: z.boolean(),
  accept_tiktok: z.boolean(),
  /** Shown on the public playlists list (the owner's choice; off by default). Opens by link either way. */
  listed: z.boolean(),
  total_videos: z.number().int().nonnegative(),
  max_videos: z.number().int().positive(),
  /** Members only: what lets others join as collaborators. */
  share_code: z.string().nullable(),
  /** The owner only: joining with it grants editor rights (the admin block's direct URL). */
  admin_key: z.string().nullable(),
  links: z.array(playlistLinkSchema),
});
export type PlaylistDetail = z.infer<typeof playlistDetailSchema>;

/** POST /api/v1/playlists/join answer. */
export const joinPlaylistResultSchema = z.object({ playlist_id: z.string(), title: z.string(), role: z.enum(PLAYLIST_ROLES) });
export type JoinPlaylistResult = z.infer<typeof joinPlaylistResultSchema>;

const TWITCH_LOGIN = /^[A-Za-z0-9_]{3,25}$/;
const optionalLogin = (label: string) =>
  z
    .string()
    .trim()
    .max(25, `${label} must be at most 25 characters.`)
    .refine((v) => v === "" || TWITCH_LOGIN.test(v.replace(/^#/, "")), { error: `${label} must be a Twitch name (letters, digits, _).` })
    .nullish()
    .transform((v) => (v ? v.replace(/^#/, "").toLowerCase() : null));

/**
 * PUT /api/v1/playlists/{id}/twitch body. `oauth_token`: a string replaces the stored token, null
 * removes it, leaving it out keeps it (the token is never sent back, so the form cannot resend it).
 */
export const twitchSettingsInputSchema = z.object({
  channel: optionalLogin("Channel"),
  bot_username: optionalLogin("Bot username"),
  command_prefix: safeText("Command prefix")
    .trim()
    .max(20, "Command prefix must be at most 20 characters.")
    .refine((v) => !/\s/.test(v), { error: "Command prefix cannot contain spaces." })
    .nullish()
    .transform((v) => v || DEFAULT_TWITCH_COMMAND_PREFIX),
  oauth_token: safeText("OAuth token")
    .trim()
    .max(200, "OAuth token must be at most 200 characters.")
    .refine((v) => !/\s/.test(v), { error: "OAuth token cannot contain spaces." })
    .nullish(),
  /** Left out → unchanged. */
  replies_enabled: z.boolean({ error: "replies_enabled must be true or false." }).optional(),
  cooldown_seconds: z
    .number({ error: "cooldown_seconds must be a whole number of seconds." })
    .int("cooldown_seconds must be a whole number of seconds.")
    .min(0, "cooldown_seconds must be 0 or more.")
    .max(TWITCH_COOLDOWN_MAX_SECONDS, `cooldown_seconds must be at most ${TWITCH_COOLDOWN_MAX_SECONDS}.`)
    .optional(),
});
export type TwitchSettingsInput = z.input<typeof twitchSettingsInputSchema>;

export const TWITCH_BOT_STATUSES = ["disconnected", "connecting", "connected", "error"] as const;
export type TwitchBotStatus = (typeof TWITCH_BOT_STATUSES)[number];

/** The stored Twitch settings as the owner sees them: the token only as "set or not". */
export const twitchSettingsSchema = z.object({
  channel: z.string().nullable(),
  bot_username: z.string().nullable(),
  command_prefix: z.string(),
  has_oauth_token: z.boolean(),
  replies_enabled: z.boolean(),
  cooldown_seconds: z.number().int().nonnegative(),
  /** The owner asked for the bot to run (Connect) and has not disconnected it since. */
  enabled: z.boolean(),
  status: z.enum(TWITCH_BOT_STATUSES),
  /** Why the status is "error" (or why the bot is retrying); null otherwise. */
  status_detail: z.string().nullable(),
});
export type TwitchSettings = z.infer<typeof twitchSettingsSchema>;

/**
 * POST /api/v1/playlists/{id}/play body. `queue`: add every video to the live party you host;
 * `start`: start a watch party on the first video with the rest queued (you host none yet).
 */
export const playPlaylistInputSchema = z.object({
  mode: z.enum(["queue", "start"], { error: "mode must be queue or start." }),
  visibility: z.enum(["public", "private"], { error: "visibility must be public or private." }).default("public"),
});
export type PlayPlaylistInput = z.input<typeof playPlaylistInputSchema>;

export const playPlaylistResultSchema = z.object({
  mode: z.enum(["queue", "start"]),
  party_id: z.string(),
  /** Videos loaded: into the queue, or (start) the one playing plus those queued. */
  videos: z.number().int().nonnegative(),
  message: z.string(),
});
export type PlayPlaylistResult = z.infer<typeof playPlaylistResultSchema>;

/** What a link is told when the playlist's "Accept YouTube" / "Accept TikTok" switch is off (form and API alike). */
export function platformRefusal(platform: "youtube" | "tiktok"): string {
  return `This playlist does not accept ${platform === "youtube" ? "YouTube" : "TikTok"} links right now.`;
}
