/** The engine's own limits, in a file without dependencies so the site's constants can share them cheaply. */

/** Longest chat message, in code points. */
export const CHAT_MAX = 500;
/**
 * Chat messages a live party keeps, oldest dropped first. One number for the server's replica (so a
 * late joiner's snapshot) and every member's view, so a joiner sees what the others saw live, and
 * every message a member sees can still be reported (the server looks it up in its history). It is
 * also part of the snapshot's byte bound (SNAPSHOT_MAX_BYTES): a full history of the longest messages
 * is about 200 KB of every joiner's snapshot.
 */
export const CHAT_HISTORY = 50;
