/**
 * Fixed texts of the Twitch box, shared by the Twitch info routes and the profile pages. A module of
 * its own (not the auth schemas, not lib/constants): the profile shows them without loading zod, and
 * the constants every page loads do not carry them.
 */
/** Profile texts for the Twitch box (answers of the Twitch info routes use the first two). */
export const TWITCH_INFO_TEXTS = {
  notFound: "No Twitch info found.",
  unavailable: "Twitch info unavailable",
  failed: "Failed to load Twitch info.",
} as const;
