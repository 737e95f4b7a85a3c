/**
 * The shapes of what the extension keeps in `storage.local`, one record per key. ./storage-items.ts
 * parses every value read with these, so a corrupt or foreign value reads as absent (and falls back to
 * the default) instead of breaking the extension.
 */
import { z } from "zod";

export const STORAGE_KEYS = {
  settings: "vp:settings",
  session: "vp:session",
  party: "vp:party",
  players: "vp:players",
  /** The viewer's own sync offset from the host (ms), for this browser. */
  viewerOffset: "vp:viewerOffset",
  /** The one-time nonce of the overlay's voice frame (extension storage: the site's page cannot read it). */
  voiceFrameNonce: "vp:voiceFrameNonce",
  /** Auto-duck of the site's video while someone speaks in voice (on unless turned off). */
  voiceAutoDuck: "vp:voiceAutoDuck",
  /** Where the person last dragged the voice tiles, from the video's top-left corner (CSS px). */
  voiceDockOffset: "vp:voiceDockOffset",
} as const;

export const settingsSchema = z.object({
  /** Origin of the ViewParty server: API and website. */
  serverUrl: z.string().url(),
});
export type Settings = z.infer<typeof settingsSchema>;

/** Who the extension acts as: an account (bearer from /extension-auth) or a guest username. */
export const sessionSchema = z.object({
  kind: z.enum(["account", "guest"]),
  token: z.string().min(1),
  userId: z.string().min(1),
  username: z.string().nullable(),
  displayName: z.string(),
  /** Guest tokens expire (ms since the epoch); null for accounts (revoked at logout instead). */
  expiresAt: z.number().nullable(),
});
export type Session = z.infer<typeof sessionSchema>;

/** The live party this browser is in, and the tab that plays it. */
export const partyBindingSchema = z.object({
  id: z.string().min(1),
  inviteCode: z.string().nullable(),
  role: z.enum(["host", "guest"]),
  videoUrl: z.string(),
  title: z.string(),
  platform: z.string().nullable(),
  /** The tab that plays the party; null when it was closed. */
  tabId: z.number().int().nullable(),
});
export type PartyBinding = z.infer<typeof partyBindingSchema>;

/** How many sites' players are remembered (the least recently used are dropped). */
export const MAX_LEARNED_PLAYERS = 50;

/** What the sync engine learned about one site's player (see LearnedPlayer in lib/sync). */
export const learnedPlayerSchema = z.object({
  seekLatencyMs: z.number().finite().min(0).max(10_000),
  seekDeviationMs: z.number().finite().min(0).max(10_000),
  seekLandingErrorMs: z.number().finite().min(0).max(10_000).optional(),
  playLatencyMs: z.number().finite().min(0).max(1000),
  rateBias: z.number().finite().min(-0.1).max(0.1),
  /** When it was last saved (ms since the epoch): the oldest go first. */
  savedAt: z.number().finite(),
});
export type StoredPlayer = z.infer<typeof learnedPlayerSchema>;

/** By site (the page's host name). */
export const learnedPlayersSchema = z.record(z.string().max(253), learnedPlayerSchema);

/** The viewer's own sync offset from the host (ms). */
export const viewerOffsetSchema = z.number().finite();

export const voiceFrameNonceSchema = z.string().min(16).max(128);
export const voiceAutoDuckSchema = z.boolean();
export const voiceDockOffsetSchema = z.object({ x: z.number().finite().min(-20_000).max(20_000), y: z.number().finite().min(-20_000).max(20_000) });
