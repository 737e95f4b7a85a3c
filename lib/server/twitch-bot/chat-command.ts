/**
 * The chat bot's rules that need no network or database: reading "<prefix> <link>" out of a chat
 * line, the per-viewer cooldown, how often a viewer is told no, and the texts the bot answers with.
 * Time is passed in, so these are unit-tested without waiting.
 */
import type { ErrorCode } from "@/lib/schemas/error-code";

export type AddCommand = { kind: "add"; url: string } | { kind: "missing_url" };

/**
 * `text` is one chat message. It is a command when it starts with `prefix` (any letter case)
 * followed by a space or the end; the link is the first word after it. Anything else is ordinary
 * chat and returns null ("!addition" is not "!add").
 */
export function parseAddCommand(text: string, prefix: string): AddCommand | null {
  const line = text.trim();
  if (!prefix || line.length < prefix.length) return null;
  if (line.slice(0, prefix.length).toLowerCase() !== prefix.toLowerCase()) return null;
  const rest = line.slice(prefix.length);
  if (rest !== "" && !/^\s/.test(rest)) return null;
  const [url] = rest.trim().split(/\s+/);
  return url ? { kind: "add", url } : { kind: "missing_url" };
}

/**
 * One viewer may have one link accepted per `seconds`. Only accepted adds start the wait, so a
 * viewer whose link was refused can correct it at once. Kept in memory: one playlist's bot runs on
 * one app instance at a time, and a cooldown lost when the bot moves to another instance only lets
 * a viewer add one link early.
 */
export class ViewerCooldown {
  private readonly lastAccepted = new Map<string, number>();

  constructor(private readonly seconds: number) {}

  /** Whole seconds `viewer` still has to wait at `nowMs`; 0 when they may add now. */
  remainingSeconds(viewer: string, nowMs: number): number {
    const last = this.lastAccepted.get(viewer);
    if (last === undefined || this.seconds <= 0) return 0;
    const left = last + this.seconds * 1000 - nowMs;
    return left > 0 ? Math.ceil(left / 1000) : 0;
  }

  accepted(viewer: string, nowMs: number): void {
    if (this.seconds <= 0) return;
    this.lastAccepted.set(viewer, nowMs);
    // Forget viewers whose wait is over, so a busy chat does not grow the map without bound.
    if (this.lastAccepted.size > 1000) {
      for (const [name, at] of this.lastAccepted) if (at + this.seconds * 1000 <= nowMs) this.lastAccepted.delete(name);
    }
  }
}

/**
 * A viewer is answered at most one refusal per `intervalMs`, whatever the reason: a viewer writing
 * bad "!add" lines over and over gets one answer, not one per line. Accepted adds are always
 * confirmed (the cooldown and the add queue bound those). Kept in memory like the cooldown.
 */
export class RefusalLimiter {
  private readonly lastRefused = new Map<string, number>();

  constructor(private readonly intervalMs: number) {}

  /** Whether `viewer` may be answered a refusal at `nowMs`; a yes counts as the answer. */
  allow(viewer: string, nowMs: number): boolean {
    const last = this.lastRefused.get(viewer);
    if (last !== undefined && nowMs - last < this.intervalMs) return false;
    this.lastRefused.delete(viewer);
    this.lastRefused.set(viewer, nowMs);
    // Forget viewers whose interval is over (the Map is in refusal order), so it stays small.
    if (this.lastRefused.size > 1000) {
      for (const [name, at] of this.lastRefused) {
        if (nowMs - at < this.intervalMs) break;
        this.lastRefused.delete(name);
      }
    }
    return true;
  }
}

/** What the bot says in chat when the host turned replies on. `viewer` is the Twitch display name. */
export const botReplies = {
  added: (viewer: string, what: string) => `@${viewer} Added: ${what}`,
  onlyPlatform: (viewer: string, platform: "YouTube" | "TikTok") => `@${viewer} Only ${platform} links are accepted.`,
  noPlatform: (viewer: string) => `@${viewer} This playlist is not taking links right now.`,
  unsupported: (viewer: string) => `@${viewer} Only YouTube and TikTok video links can be added.`,
  missingUrl: (viewer: string, prefix: string) => `@${viewer} Usage: ${prefix} <video link>`,
  full: (viewer: string, max: number) => `@${viewer} The playlist is full (${max} videos).`,
  cooldown: (viewer: string, seconds: number) => `@${viewer} Please wait ${seconds} s before adding another video.`,
  busy: (viewer: string) => `@${viewer} Too many links waiting; try again in a moment.`,
};

/** What the bot does about an add the playlist refused: say why, stop (the playlist is gone or its owner may no longer add), or nothing it knows (logged). */
export type RefusedAdd = { kind: "reply"; text: string } | { kind: "gone" } | { kind: "unknown" };

/**
 * Decided by the refusal's code alone: a 409 can also mean an ended party, an open poll or a second
 * live party, so only `playlist_full` is answered "The playlist is full".
 */
export function refusedAdd(refusal: { code: ErrorCode; accepts?: { youtube: boolean; tiktok: boolean } }, viewer: string, maxVideos: number): RefusedAdd {
  switch (refusal.code) {
    case "playlist_full":
      return { kind: "reply", text: botReplies.full(viewer, maxVideos) };
    case "platform_not_accepted": {
      const { youtube, tiktok } = refusal.accepts ?? { youtube: false, tiktok: false };
      return { kind: "reply", text: youtube ? botReplies.onlyPlatform(viewer, "YouTube") : tiktok ? botReplies.onlyPlatform(viewer, "TikTok") : botReplies.noPlatform(viewer) };
    }
    case "unsupported_link":
      return { kind: "reply", text: botReplies.unsupported(viewer) };
    case "not_found":
    case "forbidden":
      return { kind: "gone" };
    default:
      return { kind: "unknown" };
  }
}
