/**
 * Live party resource schemas ("Live party", /parties/active). Responses pass through
 * these; the invite code only appears in the host's and members' views.
 */
import { z } from "zod";
import { PARTY_STATES } from "@/lib/sync";
import { LISTED_PARTY_STATES } from "@/lib/listed-party-state";
import { LIVE_PARTY_LIST_LIMIT } from "@/lib/constants";
import { safeText } from "./common";
import { VIDEO_URL_MAX_LENGTH } from "./playlist";

export const TWITCH_CHANNEL = /^[a-zA-Z0-9_]{3,25}$/;

export const createPartyInputSchema = z
  .object({
    video_url: safeText("video_url", { error: "video_url must be an http(s) link to the video." })
      .max(VIDEO_URL_MAX_LENGTH)
      .pipe(z.url({ protocol: /^https?$/, error: "video_url must be an http(s) link to the video." })),
    video_title: safeText("video_title").trim().min(1, "video_title is required.").max(300),
    platform_domain: safeText("platform_domain").trim().max(253).optional(),
    synopsis: safeText("synopsis").trim().max(1000).optional(),
    chat_provider: z.enum(["builtin", "twitch"]).default("builtin"),
    chat_identifier: safeText("chat_identifier").trim().max(100).optional(),
    visibility: z.enum(["public", "private"]).default("public"),
    streamer_latency_ms: z.number().int().min(0).max(120_000).default(0),
  })
  .refine((v) => v.chat_provider !== "twitch" || (v.chat_identifier !== undefined && TWITCH_CHANNEL.test(v.chat_identifier)), {
    message: "A Twitch chat needs the channel name (3–25 letters, digits or underscores).",
    path: ["chat_identifier"],
  });
export type CreatePartyInput = z.infer<typeof createPartyInputSchema>;

/**
 * A live party as listed publicly. A host whose profile is private is not named to the
 * public: `host_private` is true and the host's names are null (the site shows "a private host").
 */
export const activePartySchema = z.object({
  id: z.string(),
  host_display_name: z.string().nullable(),
  host_username: z.string().nullable(),
  /** Absent from servers that predate it (an updated extension may talk to one): not private. */
  host_private: z.boolean().default(false),
  /** The host's profile picture for the lists; null without one (and from servers that predate it). */
  host_image_url: z.string().nullable().default(null),
  platform_id: z.string().nullable(),
  platform_domain: z.string(),
  platform: z.string().nullable(),
  chat_provider: z.string(),
  chat_identifier: z.string().nullable(),
  created_at: z.string(),
  party_size: z.number().int().nonnegative(),
  video_title: z.string(),
  host_video_url: z.string(),
  synopsis: z.string().nullable(),
  state: z.enum(LISTED_PARTY_STATES),
});
export type ActiveParty = z.infer<typeof activePartySchema>;
export const ACTIVE_PARTY_FIELDS = activePartySchema.keyof().options;

export const activePartiesQuerySchema = z.object({
  fields: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (!raw) return undefined;
      const fields = raw.split(",").map((f) => f.trim()).filter(Boolean);
      const unknown = fields.filter((f) => !(ACTIVE_PARTY_FIELDS as readonly string[]).includes(f));
      if (unknown.length > 0) {
        ctx.addIssue({ code: "custom", message: `Unknown field(s): ${unknown.join(", ")}` });
        return z.NEVER;
      }
      return fields as (typeof ACTIVE_PARTY_FIELDS)[number][];
    }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(LIVE_PARTY_LIST_LIMIT, `limit must be at most ${LIVE_PARTY_LIST_LIMIT}`)
    .default(LIVE_PARTY_LIST_LIMIT),
});
export type ActivePartiesQuery = z.infer<typeof activePartiesQuerySchema>;

/** What the host and members see: the public fields plus how to invite others and their role. */
export const partyDetailSchema = activePartySchema.extend({
  state: z.enum(PARTY_STATES),
  visibility: z.enum(["public", "private"]),
  streamer_latency_ms: z.number().int(),
  invite_code: z.string().nullable(),
  role: z.enum(["host", "guest"]).nullable(),
});
export type PartyDetail = z.infer<typeof partyDetailSchema>;

/** GET /api/v1/users/me/current-party. */
export const currentPartySchema = z.object({
  current_party: z
    .object({
      id: z.string(),
      title: z.string(),
      video_title: z.string(),
      platform: z.string().nullable(),
      chat_provider: z.string(),
      host_username: z.string().nullable(),
      host_display_name: z.string(),
      party_role: z.enum(["host", "guest"]),
      joined_at: z.string(),
      state: z.enum(PARTY_STATES),
    })
    .nullable(),
  /**
   * A live party started from a scheduled party you RSVP'd to, which you have not joined yet: what
   * the profile offers to join (/watch/{join_id}: the id, or a private party's invite code). Absent
   * when there is none (and from servers that predate it).
   */
  rsvp_party: z
    .object({
      id: z.string(),
      join_id: z.string(),
      scheduled_party_id: z.string(),
      title: z.string(),
      video_title: z.string(),
      platform: z.string().nullable(),
      host_display_name: z.string().nullable(),
      state: z.enum(PARTY_STATES),
    })
    .optional(),
});
export type CurrentParty = z.infer<typeof currentPartySchema>;

export const guestInputSchema = z.object({
  username: z
    .string()
    .trim()
    .min(2, "Choose a username of at least 2 characters.")
    .max(30, "Usernames are at most 30 characters.")
    .regex(/^[\p{L}\p{N}_. -]+$/u, "Use letters, digits, spaces, dots, dashes or underscores."),
});

/** POST /api/v1/guests: a short-lived guest identity (the route and the extension read the same shape). */
export const guestTokenResponseSchema = z.object({
  token: z.string(),
  expires_at: z.string(),
  expires_in_seconds: z.number(),
  user: z.object({ id: z.string(), username: z.null(), display_name: z.string(), is_guest: z.literal(true) }),
});
export type GuestTokenResponse = z.infer<typeof guestTokenResponseSchema>;

/**
 * The public list's deltas (GET /api/v1/parties/active/deltas, SSE): what the server publishes on the
 * directory channel and what the list applies between polls.
 */
export const partyDeltaSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("PARTY_CREATED"), payload: z.object({ id: z.string(), party: activePartySchema }) }),
  z.object({ type: z.literal("PARTY_UPDATED"), payload: z.object({ id: z.string(), host_video_url: z.string(), video_title: z.string() }) }),
  z.object({ type: z.literal("PARTY_SIZE"), payload: z.object({ id: z.string(), party_size: z.number().int().nonnegative() }) }),
  z.object({ type: z.literal("PARTY_STATE"), payload: z.object({ id: z.string(), state: z.enum(LISTED_PARTY_STATES), party: activePartySchema.optional() }) }),
  z.object({ type: z.literal("PARTY_ENDED"), payload: z.object({ id: z.string() }) }),
]);
export type PartyDelta = z.infer<typeof partyDeltaSchema>;

/**
 * PATCH /api/v1/parties/{id}: the host renames the party — the room's title and its current video's
 * (a room started from a bare link takes the video's own title once the host's player knows it).
 */
export const renamePartyInputSchema = z.object({
  video_title: safeText("video_title").trim().min(1, "video_title is required.").max(300),
});
export type RenamePartyInput = z.infer<typeof renamePartyInputSchema>;
