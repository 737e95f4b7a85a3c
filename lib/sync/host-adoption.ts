/**
 * A host who (re)joins a running party — a page reload, a new connection, a host back after leaving —
 * brings a player that restarted: the media at 0:00, paused. The party's published state is what the
 * guests are watching, so the host's player first goes there, steered like a guest's (a drift
 * controller of its own, without the streamer delay or the viewer's offset a guest's carries: seek
 * ahead and hold, play or pause to match) toward the published state, which advances while it plays.
 * Only once it landed there (judged by a settled clock estimate, as the reporter's stamps are) does the
 * host reporter take over, from the published state: reporting the restarted player would send
 * everyone back to 0:00, paused.
 *
 * A stall in the published state (the host's player stalled, or showed an ad, before it went away)
 * is adopted as a plain pause on its frame: the host's new player has no such stall, and the client
 * plays on from that frame once adopted (see SyncClient's `resumeStall`). A published horizon was
 * the old player's buffer, not this one's: it is ignored here.
 *
 * A player that cannot get there (autoplay blocked, a seek that never lands, a live stream that cannot
 * seek at all) is given `timeoutMs` from its first reading of the party's media; then the reporter
 * takes over and reports what the player shows, as for any host.
 */
import { DriftController, type DriftConfig, type DriftInput } from "./drift-controller";
import type { PlayerAction } from "./player";
import type { PlaybackState } from "./protocol";

export interface HostAdoptionConfig {
  /** Landed: the player within this (ms) of the published position, paused or playing as it is. */
  toleranceMs: number;
  /** Give up steering this long (ms) after the player first showed the party's media. */
  timeoutMs: number;
  /** play() / pause() on a player that cannot seek are repeated at most this often (ms). */
  retryMs: number;
}

export const DEFAULT_HOST_ADOPTION_CONFIG: HostAdoptionConfig = {
  toleranceMs: 100,
  timeoutMs: 5000,
  retryMs: 1000,
};

export interface HostAdoptionInput extends DriftInput {
  /** False for a live stream: only play and pause are matched (its position is its own live edge). */
  seekable?: boolean;
}

export interface HostAdoptionStep {
  actions: PlayerAction[];
  wakeAt: number | null;
}

export class HostAdoption {
  readonly config: HostAdoptionConfig;
  private readonly controller: DriftController;
  private latest: PlaybackState;
  private startedAt: number | null = null;
  private lastActionAt = Number.NEGATIVE_INFINITY;
  private finished = false;

  constructor(state: PlaybackState, drift: Partial<DriftConfig> = {}, config: Partial<HostAdoptionConfig> = {}) {
    this.config = { ...DEFAULT_HOST_ADOPTION_CONFIG, ...config };
    this.controller = new DriftController(drift);
    this.latest = adoptable(state);
    this.controller.resetState(this.latest);
  }

  /** The player is where the party is (or gave up getting there): the reporter takes over. */
  get done(): boolean {
    return this.finished;
  }

  /** A newer published state (a guest's drift controller would follow it too). */
  push(state: PlaybackState): void {
    if (state.seq < this.latest.seq) return;
    this.latest = adoptable(state);
    this.controller.pushState(this.latest);
  }

  tick(input: HostAdoptionInput): HostAdoptionStep {
    const { now, player } = input;
    const idle = { actions: [], wakeAt: null };
    if (this.finished) return idle;
    // Until the player shows the party's media there is nothing to steer (nor would the reporter report).
    if (!player || player.mediaId !== this.latest.mediaId) return idle;
    this.startedAt ??= now;
    // An ad on the host's player: the reporter holds the party on the published frame meanwhile.
    if (player.ad) return this.finish(player.playbackRate);
    const timedOut = now - this.startedAt >= this.config.timeoutMs;

    if (input.seekable === false) {
      if (player.paused === this.latest.paused || timedOut) return this.finish(player.playbackRate);
      if (now - this.lastActionAt < this.config.retryMs) return { actions: [], wakeAt: this.lastActionAt + this.config.retryMs };
      this.lastActionAt = now;
      return { actions: [{ type: this.latest.paused ? "pause" : "play" }], wakeAt: now + this.config.retryMs };
    }

    if (input.serverNow === null) return timedOut ? this.finish(player.playbackRate) : idle;
    const decision = this.controller.tick(input);
    // Landed only by a settled clock: the first samples of a page still loading can be off by hundreds
    // of ms, and where the player lands is what the reporter goes on to publish as the party's position.
    // And steady: a player that just started (the controller's settling) may still stall on data the
    // seek has not brought yet; the reporter would publish that stall and every guest would wait on it.
    // Meanwhile the party's clock is the reference and the player catches up with it, like a guest's.
    const steady = decision.status === "synced" || decision.status === "paused" || decision.status === "correcting";
    const landed =
      input.clockSettled !== false &&
      steady &&
      decision.actions.length === 0 &&
      !player.seeking &&
      !player.buffering &&
      player.paused === this.latest.paused &&
      decision.driftMs !== null &&
      Math.abs(decision.driftMs) <= this.config.toleranceMs;
    if (landed || timedOut) return this.finish(player.playbackRate);
    const deadline = this.startedAt + this.config.timeoutMs;
    return { actions: decision.actions, wakeAt: decision.wakeAt === null ? deadline : Math.min(decision.wakeAt, deadline) };
  }

  /** Done; the party's rate restored if a rate correction of ours was under way (the reporter would publish it). */
  private finish(playerRate: number): HostAdoptionStep {
    this.finished = true;
    const actions: PlayerAction[] = Math.abs(playerRate - this.latest.rate) > 1e-6 ? [{ type: "setRate", rate: this.latest.rate }] : [];
    return { actions, wakeAt: null };
  }
}

/** The published state as the host's new player should adopt it (see the module comment). */
function adoptable(state: PlaybackState): PlaybackState {
  const { stalled: _stalled, seeking: _seeking, horizon: _horizon, ...rest } = state;
  return rest;
}
