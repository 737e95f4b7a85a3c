/**
 * The window-message protocol between the website and the browser extension's content script.
 * Both sides post to their own window with targetOrigin = the site's
 * origin and ignore any message whose origin is not the site's, or whose source is not the other side.
 */
import { z } from "zod";
import { PRODUCT_SLUG } from "@/lib/constants";

export const SITE_SOURCE = `${PRODUCT_SLUG}-auth` as const; // "viewparty-auth"
export const EXTENSION_SOURCE = `${PRODUCT_SLUG}-extension` as const; // "viewparty-extension"

/**
 * The error both sides give when a hand-over carries no usable session (no token, no user, or the
 * token belongs to someone else): the extension answers it, the site shows it, word for word.
 */
export const MISSING_AUTH_DATA = "Missing authentication data. Please try logging in again.";

/** Site → extension: hand over the bearer token. */
export const authTokenMessageSchema = z.object({
  source: z.literal(SITE_SOURCE),
  type: z.literal("AUTH_TOKEN"),
  requestId: z.string().min(1).max(64),
  token: z.string().nullable(),
  userId: z.string().nullable(),
  username: z.string().nullable(),
  displayName: z.string().nullable(),
  user: z.record(z.string(), z.unknown()).nullable(),
  /** Only ask whether the extension already holds a session (no login was done). */
  checkOnly: z.boolean(),
});
export type AuthTokenMessage = z.infer<typeof authTokenMessageSchema>;

/** Site → extension: join a live party (the /parties Join button). */
export const joinPartyMessageSchema = z.object({
  source: z.literal(SITE_SOURCE),
  type: z.literal("JOIN_PARTY"),
  requestId: z.string().min(1).max(64),
  partyId: z.string().min(1).max(64),
});
export type JoinPartyMessage = z.infer<typeof joinPartyMessageSchema>;

export const siteMessageSchema = z.discriminatedUnion("type", [authTokenMessageSchema, joinPartyMessageSchema]);
export type SiteMessage = z.infer<typeof siteMessageSchema>;

const responseData = z.object({
  success: z.boolean(),
  error: z.string().max(500).optional(),
  /** Spec: the reply may name the party as party, partyId or vp_party_id. */
  party: z.unknown().optional(),
  partyId: z.string().optional(),
  vp_party_id: z.string().optional(),
});

export const authTokenResponseSchema = z.object({
  source: z.literal(EXTENSION_SOURCE),
  type: z.literal("AUTH_TOKEN_RESPONSE"),
  requestId: z.string().optional(),
  data: responseData,
});
export const joinPartyResponseSchema = z.object({
  source: z.literal(EXTENSION_SOURCE),
  type: z.literal("JOIN_PARTY_RESPONSE"),
  requestId: z.string().optional(),
  data: responseData,
});
export const extensionMessageSchema = z.discriminatedUnion("type", [authTokenResponseSchema, joinPartyResponseSchema]);
export type ExtensionMessage = z.infer<typeof extensionMessageSchema>;
export type ExtensionResponseData = z.infer<typeof responseData>;
