/**
 * A live party's moderation state (what the host allows in the room), apart from moderation.ts so protocol.ts can carry it
 * (the `moderation` event, the snapshot's field) without an import cycle.
 */
import { z } from "zod";

const memberId = z.string().min(1).max(64);

export const SLOW_MODE_MAX_SECONDS = 300;
/** How many members can be muted at once (the state travels whole in every `moderation` event). */
export const MUTED_MAX = 500;

/** "Wait for everyone" waits this long at most (ms) for a buffering member, then goes on without them. */
export const BUFFERING_WAIT_MAX_MS = 30_000;
/**
 * "Pause for ads" waits this long at most (ms) for a member's ad break, then goes on without them: long
 * enough for a break of several ads on the sites we know (YouTube's and Hulu's run 15 s to 2 min).
 */
export const AD_WAIT_MAX_MS = 180_000;

/** The party's moderation state: replicated through the log like the queue, enforced by every instance. */
export const moderationStateSchema = z.object({
  muted: z.array(memberId).max(MUTED_MAX),
  /** One chat message per this many seconds per member; 0 = off. */
  slowModeSeconds: z.number().int().min(0).max(SLOW_MODE_MAX_SECONDS),
  /** No new joiners (members already in stay). */
  locked: z.boolean(),
  /**
   * "!vote N" in the party's Twitch chat votes in the open poll (parties whose chat is the streamer's
   * Twitch chat). Defaulted: events from servers before it lack the field.
   */
  twitchVotes: z.boolean().default(false),
  /**
   * "Wait for everyone": the host's player pauses while a member's player buffers (up to
   * BUFFERING_WAIT_MAX_MS), instead of going on without them (the default).
   */
  waitForEveryone: z.boolean().default(false),
  /**
   * "Pause for ads": the host's player pauses while a member watches an ad (up to AD_WAIT_MAX_MS), so
   * nobody misses the scene, instead of going on without them (the default). Defaulted like the above.
   */
  pauseForAds: z.boolean().default(false),
});
export type ModerationState = z.infer<typeof moderationStateSchema>;
export function emptyModeration(): ModerationState {
  return { muted: [], slowModeSeconds: 0, locked: false, twitchVotes: false, waitForEveryone: false, pauseForAds: false };
}

