/**
 * User resource schemas. Responses pass through these, so a field that is
 * not listed here (password hashes, tokens, another user's e-mail) can never leave the server.
 */
import { z } from "zod";
import { BIO_MAX_LENGTH, DISPLAY_NAME_MAX_LENGTH, PROFILE_IMAGE_URL_MAX_LENGTH, SOCIAL_NETWORKS, type SocialNetwork } from "@/lib/constants";
import { hasLoneSurrogate, LONE_SURROGATE_MESSAGE, safeText } from "./common";

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
  /** How the user last signed in (token-exchange result: provider_id). */
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

/**
 * GET /api/v1/users/{username}: what anyone may see. No e-mail, no sign-in method, and a social
 * username whose `{network}_private` flag is set comes out as null.
 */
export const publicUserSchema = ownUserSchema.pick({
  id: true,
  username: true,
  display_name: true,
  bio: true,
  profile_image_url: true,
  youtube_profile_image_url: true,
  accent_color: true,
  text_color: true,
  profile_private: true,
  twitch_username: true,
  youtube_username: true,
  twitter_username: true,
  facebook_username: true,
  instagram_username: true,
  tiktok_username: true,
  discord_username: true,
  created_at: true,
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const BIO_TOO_LONG = `Bio must be at most ${BIO_MAX_LENGTH} characters.`;

/**
 * Characters a display name may not hold: control characters (newlines, NUL, escapes), line and
 * paragraph separators, and the bidirectional overrides and isolates that can make a name display
 * reversed or spoof another (e.g. "\u202Egnp.exe"). Joiners stay allowed: emoji sequences need them.
 */
const DISPLAY_NAME_FORBIDDEN = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;
export const DISPLAY_NAME_RULES = {
  required: "Display name is required.",
  tooLong: `Display name must be at most ${DISPLAY_NAME_MAX_LENGTH} characters.`,
  badCharacters: "Display name must not contain control characters.",
} as const;

/**
 * A display name, wherever it is set (Edit Info, sign-up): it shows in every public party list, so
 * it is short and printable. Trimmed.
 */
export const displayNameSchema = z
  .string({ error: DISPLAY_NAME_RULES.required })
  .trim()
  .min(1, DISPLAY_NAME_RULES.required)
  .max(DISPLAY_NAME_MAX_LENGTH, DISPLAY_NAME_RULES.tooLong)
  .refine((name) => !DISPLAY_NAME_FORBIDDEN.test(name), DISPLAY_NAME_RULES.badCharacters)
  .refine((name) => !hasLoneSurrogate(name), `Display name ${LONE_SURROGATE_MESSAGE}`);

/** A provider's name made storable: forbidden characters dropped, trimmed, cut to the maximum length. */
export function toStorableDisplayName(raw: string): string {
  // A run of forbidden characters (with the spaces around it) becomes one space; other spacing stays.
  const cleaned = raw.replace(new RegExp(`(?:\\s*${DISPLAY_NAME_FORBIDDEN.source})+\\s*`, "gu"), " ").trim();
  // Cut at the limit without leaving half of a surrogate pair (an emoji) behind.
  return cleaned.slice(0, DISPLAY_NAME_MAX_LENGTH).replace(/[\uD800-\uDBFF]$/, "").trim();
}

export const PROFILE_IMAGE_URL_INVALID = "Profile image must be an http(s) URL.";
/**
 * A profile picture URL: shown as an <img> on public pages, so only http(s) (never javascript: or
 * data: URLs) and of a sane length.
 */
export const profileImageUrlSchema = z
  .string({ error: PROFILE_IMAGE_URL_INVALID })
  .trim()
  .max(PROFILE_IMAGE_URL_MAX_LENGTH, `Profile image URL must be at most ${PROFILE_IMAGE_URL_MAX_LENGTH} characters.`)
  .pipe(z.url({ protocol: /^https?$/, error: PROFILE_IMAGE_URL_INVALID }));

/** A provider's picture URL made storable: kept when it passes the rule, else dropped (no picture). */
export function toStorableImageUrl(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  const parsed = profileImageUrlSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/**
 * The profile fields of an e-mail sign-up (name, optional picture), with the same rules and messages
 * as editing them later. Other fields (e-mail, password, username) are checked by the sign-up itself.
 */
export const signUpProfileSchema = z.object({
  name: displayNameSchema,
  image: profileImageUrlSchema.nullish(),
});
const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const hexColor = (label: string) =>
  z
    .string()
    .trim()
    .regex(HEX_COLOR, `${label} must be a hex colour like #66fcf1.`)
    .transform((c) => c.toLowerCase());

/**
 * Handles become parts of links (URL patterns), so they may not carry a slash, query or
 * fragment. A leading "@" is dropped; blank clears the link. Twitch logins follow Twitch's own rule
 * (the Twitch box looks them up); Discord names may carry a legacy "#1234" tag (Discord has no link).
 */
const handle = (network: SocialNetwork) => {
  const pattern = network === "twitch" ? /^[a-z0-9_]{1,25}$/i : network === "discord" ? /^[\w.#-]{1,100}$/ : /^[\w.-]{1,100}$/;
  const label = network === "twitter" ? "X" : network[0]!.toUpperCase() + network.slice(1);
  return z
    .string()
    .trim()
    .transform((v) => v.replace(/^@/, ""))
    .pipe(z.union([z.literal(""), z.string().regex(pattern, `${label} username may contain only letters, digits, dots, dashes or underscores.`)]))
    .transform((v) => (v === "" ? null : network === "twitch" ? v.toLowerCase() : v))
    .nullable()
    .optional();
};

const socialFields = Object.fromEntries(
  SOCIAL_NETWORKS.flatMap((n) => [
    [`${n}_username`, handle(n)],
    [`${n}_private`, z.boolean().optional()],
  ]),
) as Record<`${SocialNetwork}_username`, ReturnType<typeof handle>> & Record<`${SocialNetwork}_private`, z.ZodOptional<z.ZodBoolean>>;

/**
 * PATCH /api/v1/users/me: {bio}, or {accent_color, text_color}, or social usernames and
 * their private flags, or {profile_private}; any mix of them, at least one, nothing else.
 */
export const profileUpdateSchema = z
  .object({
    bio: safeText("Bio")
      .max(BIO_MAX_LENGTH, BIO_TOO_LONG)
      .nullable()
      .optional()
      .transform((b) => (b === undefined ? undefined : b?.trim() || null)),
    accent_color: hexColor("Accent colour").optional(),
    text_color: hexColor("Text colour").optional(),
    profile_private: z.boolean().optional(),
    ...socialFields,
  })
  .strict()
  .refine((v) => Object.values(v).some((value) => value !== undefined), "Nothing to update.");
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;
export type ProfileChanges = z.output<typeof profileUpdateSchema>;
