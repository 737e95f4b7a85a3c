/**
 * The host's waiting policies, decided on the host's side: with "Wait for everyone" the host's player
 * pauses while a member's player buffers (BUFFERING_WAIT_MAX_MS at most), with "Pause for ads" while a
 * member watches an ad (AD_WAIT_MAX_MS at most). Everyone follows the host's pause as usual. The
 * player plays on once nobody is waited for any more (they are back, they left, or the bound passed)
 * — but only when the pause was this wait's own: a host who plays on by hand meanwhile goes on
 * without them, and nothing plays a party the host paused.
 *
 * Both policies share one pause: an ad starting while the party waits for a buffering member joins
 * that wait (with its own bound) instead of pausing twice, and the end of one does not play the party
 * while the other still holds it.
 *
 * A member is waited for once per episode (one buffering, one ad break): one who outlasts the bound
 * does not pause the party again until they reported its end and a new one began. Pure and
 * deterministic: time comes in with each tick.
 */
import { AD_WAIT_MAX_MS, BUFFERING_WAIT_MAX_MS } from "./moderation-state";

export const WAIT_REASONS = ["buffering", "ad"] as const;
export type WaitReason = (typeof WAIT_REASONS)[number];

const WAIT_MAX_MS: Record<WaitReason, number> = { buffering: BUFFERING_WAIT_MAX_MS, ad: AD_WAIT_MAX_MS };

export interface HostWaitInput {
  /** Monotonic ms. */
  now: number;
  /** The host's player is paused (or shows an ad of its own: the party already waits on the host then). */
  paused: boolean;
  /** Per reason: who is in it now (member ids), and whether the party's policy waits for it. */
  buffering: { members: readonly string[]; enabled: boolean };
  ad: { members: readonly string[]; enabled: boolean };
}

export type HostWaitAction = "pause" | "play" | null;

export class HostWait {
  /** Our pause: since when each reason holds it (null: not this reason); `pausedSeen`: it took effect. */
  private hold: { pausedSeen: boolean; since: Record<WaitReason, number | null> } | null = null;
  /** Members already waited for in their current episode. */
  private readonly waited: Record<WaitReason, Set<string>> = { buffering: new Set(), ad: new Set() };

  /** What the party waits for now (empty: it does not). */
  get reasons(): WaitReason[] {
    const hold = this.hold;
    return hold ? WAIT_REASONS.filter((reason) => hold.since[reason] !== null) : [];
  }

  /** Stop waiting without touching the player (this member is no longer the host, or has no player). */
  reset(): void {
    this.hold = null;
  }

  tick(input: HostWaitInput): HostWaitAction {
    const { now } = input;
    for (const reason of WAIT_REASONS) {
      // An episode ended (or its member left): their next one is waited for again.
      const members = new Set(input[reason].members);
      for (const id of this.waited[reason]) if (!members.has(id)) this.waited[reason].delete(id);
    }
    const active = (reason: WaitReason) => input[reason].enabled && input[reason].members.length > 0;
    const fresh = (reason: WaitReason) => active(reason) && input[reason].members.some((id) => !this.waited[reason].has(id));

    const hold = this.hold;
    if (hold) {
      if (input.paused) hold.pausedSeen = true;
      else if (hold.pausedSeen) {
        // The host played on by hand: the party goes on without them.
        this.hold = null;
        return null;
      }
      for (const reason of WAIT_REASONS) {
        if (!active(reason)) hold.since[reason] = null;
        else if (hold.since[reason] === null && fresh(reason)) this.join(reason, input, now);
      }
      if (WAIT_REASONS.some((reason) => hold.since[reason] !== null && now - hold.since[reason] < WAIT_MAX_MS[reason])) return null;
      this.hold = null;
      return "play";
    }
    if (input.paused || !WAIT_REASONS.some(fresh)) return null;
    this.hold = { pausedSeen: false, since: { buffering: null, ad: null } };
    for (const reason of WAIT_REASONS) if (fresh(reason)) this.join(reason, input, now);
    return "pause";
  }

  private join(reason: WaitReason, input: HostWaitInput, now: number): void {
    if (!this.hold) return;
    for (const id of input[reason].members) this.waited[reason].add(id);
    this.hold.since[reason] = now;
  }
}
