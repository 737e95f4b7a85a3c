/** The engine's own limits, in a file without dependencies so the site's constants can share them cheaply. */

/** Longest chat message, in code points. */
export const CHAT_MAX = 500;
