/**
 * Sign-in, token exchange, account settings and Twitch info schemas ("Auth results",
 * "Twitch info"; auth calls). Shared by the route handlers, the site and the extension.
 */
import { z } from "zod";
import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH, USERNAME_PATTERN } from "@/lib/reserved-usernames";
import { safeText } from "./common";
import { displayNameSchema } from "./user";

export { describeSignInError, SOCIAL_PROVIDERS, type SocialProvider } from "@/lib/auth/social-providers";

export const providersStatusSchema = z.object({ google: z.boolean(), twitch: z.boolean(), kick: z.boolean() });
export type ProvidersStatus = z.infer<typeof providersStatusSchema>;

const TOKEN_CHARACTERS = /^[\x21-\x7e]+$/;

/**
 * `session`: a session token of this server (cookie value, bearer, or `session.token`) → a bearer
 * for the same session, so logging out revokes it. `kick`: a Kick access token obtained through
 * POST /api/v1/auth/kick/exchange-code → a session for the Kick account's user. (The spec's
 * `firebase` platform belongs to the hosted identity service this project does not use.)
 */
export const tokenExchangeRequestSchema = z.object({
  platform: z.enum(["session", "kick"], { error: "platform must be session or kick" }),
  token: safeText("token")
    .trim()
    .min(1, "token is required")
    .max(4096)
    // Every token either platform issues is visible ASCII, and one is checked by sending it on as an
    // HTTP header value, which cannot hold a line break or a character past U+00FF.
    .regex(TOKEN_CHARACTERS, "token must be visible ASCII characters only (no spaces or line breaks)."),
});
export type TokenExchangeRequest = z.infer<typeof tokenExchangeRequestSchema>;

export const tokenUserSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  display_name: z.string(),
  email: z.string(),
  profile_image_url: z.string().nullable(),
  /** How the user last signed in: email, username, google, twitch or kick. */
  provider_id: z.string().nullable(),
  twitch_username: z.string().nullable(),
});
export type TokenUser = z.infer<typeof tokenUserSchema>;

export const tokenExchangeResponseSchema = z.object({ vp_access_token: z.string(), user: tokenUserSchema });
export type TokenExchangeResponse = z.infer<typeof tokenExchangeResponseSchema>;

/** Both spellings of the Kick callback route; the provider must be sent back to one. */
export const KICK_CALLBACK_PATHS = ["/auth/kick/callback", "/kick-auth-callback"] as const;
export type KickCallbackPath = (typeof KICK_CALLBACK_PATHS)[number];

const base64url = /^[A-Za-z0-9_-]+$/;
export const kickAuthorizeQuerySchema = z.object({
  state: z.string().min(16).max(128).regex(base64url),
  code_challenge: z.string().length(43).regex(base64url),
  callback: z.enum(KICK_CALLBACK_PATHS).default("/auth/kick/callback"),
});

export const kickExchangeCodeRequestSchema = z.object({
  code: safeText("code").trim().min(1, "code is required").max(2048),
  codeVerifier: z.string().min(43, "codeVerifier must be 43 to 128 characters").max(128).regex(/^[A-Za-z0-9._~-]+$/),
  /** The callback route the provider returned to (its redirect URI must match the authorize one). */
  redirectPath: z.enum(KICK_CALLBACK_PATHS).default("/auth/kick/callback"),
});
export const kickExchangeCodeResponseSchema = z.object({ kickAccessToken: z.string() });

export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match.";

/**
 * The auth modal's e-mail sign-up as typed. Only the passwords are compared here: the username and
 * e-mail rules are the sign-up endpoint's, which answers with its own message.
 */
export const signUpFormSchema = z
  .object({
    username: z.string().trim(),
    email: z.string().trim(),
    password: z.string(),
    confirmPassword: z.string(),
  })
  .refine((form) => form.password === form.confirmPassword, { message: PASSWORDS_DO_NOT_MATCH, path: ["confirmPassword"] });
export type SignUpForm = z.input<typeof signUpFormSchema>;

/** The auth modal's sign-in: a username or an e-mail address (anything with "@"), and a password. */
export const signInFormSchema = z.object({ username: z.string().trim(), password: z.string() });

/** Edit Info: any subset of the three; at least one. */
export const accountInfoUpdateSchema = z
  .object({
    username: safeText("Username")
      .trim()
      .min(USERNAME_MIN_LENGTH, `Username must be at least ${USERNAME_MIN_LENGTH} characters.`)
      .max(USERNAME_MAX_LENGTH, `Username must be at most ${USERNAME_MAX_LENGTH} characters.`)
      .regex(USERNAME_PATTERN, "Username may contain only letters, digits, underscores and dots.")
      .optional(),
    display_name: displayNameSchema.optional(),
    email: safeText("E-mail address").trim().toLowerCase().pipe(z.email("Enter a valid e-mail address.")).optional(),
  })
  .strict()
  .refine((v) => v.username !== undefined || v.display_name !== undefined || v.email !== undefined, "Nothing to update.");
export type AccountInfoUpdate = z.infer<typeof accountInfoUpdateSchema>;

/** Twitch info (displayName, profileImageUrl, isLive, userId), plus the login and the embed URL the profile's player needs. */
export const twitchInfoSchema = z.object({
  login: z.string(),
  displayName: z.string(),
  profileImageUrl: z.string(),
  isLive: z.boolean(),
  userId: z.string(),
  /** Twitch's player, with this server's host as `parent`; null when offline. */
  embedUrl: z.string().nullable(),
});
export type TwitchInfo = z.infer<typeof twitchInfoSchema>;

/** Window messages from the Kick popup to its opener. */
export const kickPopupMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("kickAuthSuccess"), token: z.string().min(1) }),
  z.object({ type: z.literal("kickAuthError"), error: z.string() }),
]);
export type KickPopupMessage = z.infer<typeof kickPopupMessageSchema>;
