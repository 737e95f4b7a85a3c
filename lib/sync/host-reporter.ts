/**
 * The host's side: the host's own player is the reference (never steered); this watches it and turns
 * what it does into host commands, each stamped with the host's reading and the server time of that
 * reading, so the published state matches the host's screen within the clock estimate's error.
 *
 * It reports a play once the frames actually move (not at the click: play() takes a while), a seek once
 * it landed (a seek started while playing is announced at once as a stall on its target, see `tick`),
 * a rate change, a stall as a pause on the stalled frame (and the play when it ends), an ad like a
 * stall (the party waits on the host's frame until the media plays again: the ad's time is never
 * reported), and any drift of the host's player from what was published (an imprecise landing)
 * beyond `reportThresholdMs` (while playing, at most one such correction a second).
 * While the player's data comes slower than it plays (its buffered range stops growing: a stall is
 * coming), every command carries its buffered horizon (the end of that range) and a `horizon` command
 * publishes it and moves it on when it matters (see `horizonDue`): guests never play past it, so the
 * stall stops them where it stops the host, before its news can reach them. Once the data keeps up
 * again the horizon is withdrawn: one not kept fresh would stop guests where the host plays on.
 * What it sent is applied to its own copy of the state at once, so a command's echo arriving later
 * (or an older state overtaking it) can't make it report twice.
 */
import { expectedPosition, nextPlaybackState } from "./playback-model";
import type { PlayerReading } from "./player";
import { MAX_POSITION, PROTOCOL_VERSION, type ClientCommandOf, type PlaybackState } from "./protocol";

export type HostPlaybackCommand = ClientCommandOf<"play" | "pause" | "seek" | "rate" | "horizon">;

export interface HostReporterConfig {
  /** Publish a correction when the host's player is this far (ms) from the published state… */
  reportThresholdMs: number;
  /** …in this many readings in a row (noise and a clock re-estimate must not trigger one)… */
  confirmReadings: number;
  /** …or at once when it is this far (ms): a seek or a stall. */
  jumpMs: number;
  /**
   * While playing, corrections under `correctionBurstMs` are sent at most once per this long (ms). A
   * player that stutters (a loaded page) or a host whose stamps the server clamps (its clock estimate
   * far ahead) would otherwise report on nearly every tick: each report is a new state that every
   * guest restarts its correction on, and a recording stores it.
   */
  correctionIntervalMs: number;
  /** A correction at least this large (ms) is a jump someone made, reported at once. */
  correctionBurstMs: number;
  /** Report a play even if the position has not moved after this long (ms): a site with a frozen clock. */
  playStartTimeoutMs: number;
  /** Commands not echoed after this long (ms) are considered lost. */
  ackTimeoutMs: number;
  /**
   * After a lost or failed command, wait this long (ms) before reporting again, doubling per failure
   * up to `retryMaxMs`: the next report is made afresh from the player, with a fresh stamp.
   */
  retryMinMs: number;
  retryMaxMs: number;
  /**
   * The published horizon is moved on once it is less than this far (s of media) ahead of the
   * player… Above it guests are far from it whatever happens; below it, the news that the host has
   * more must reach them before they get there, over an uplink that may take seconds (a slow POST).
   */
  horizonLowWaterS: number;
  /**
   * …by at least this (s), and at least as much as the published headroom: a horizon that grows
   * smoothly (a slow download, a live edge) is reported as its headroom halves, not on every tick.
   */
  horizonMinStepS: number;
  /** At most one horizon report per this long (ms). */
  horizonIntervalMs: number;
  /**
   * The buffered end's growth is judged over this long (ms): data that came slower than the player
   * played over it means the buffer runs down (a network that dropped out, a download slower than the
   * media): the horizon is published. Long enough that a segment's burst does not count.
   */
  horizonWindowMs: number;
}

export const DEFAULT_HOST_REPORTER_CONFIG: HostReporterConfig = {
  reportThresholdMs: 8,
  confirmReadings: 3,
  jumpMs: 60,
  correctionIntervalMs: 1000,
  correctionBurstMs: 1000,
  playStartTimeoutMs: 1000,
  ackTimeoutMs: 5000,
  retryMinMs: 250,
  retryMaxMs: 1000,
  horizonLowWaterS: 8,
  horizonMinStepS: 0.5,
  horizonIntervalMs: 250,
  horizonWindowMs: 2000,
};

export class HostReporter {
  readonly config: HostReporterConfig;
  private published: PlaybackState | null = null;
  /** The newest state the server sent: what guests follow whatever we believe we published. */
  private server: PlaybackState | null = null;
  private retryAt = Number.NEGATIVE_INFINITY;
  private retryDelay = 0;
  private inflight = new Map<number, number>();
  private nextCid = 1;
  private streak = 0;
  private playSeenAt: { at: number; position: number } | null = null;
  private lastCorrectionAt = Number.NEGATIVE_INFINITY;
  /** The player's buffered horizon at this tick's reading (s); undefined: unknown. */
  private horizon: number | undefined = undefined;
  /** The buffer runs down (see horizonWindowMs): the horizon is worth publishing. */
  private draining = false;
  /** Recent readings of the buffered range (local ms, its end, the position), oldest first. */
  private bufferTrack: { at: number; end: number; position: number }[] = [];
  private lastHorizonAt = Number.NEGATIVE_INFINITY;
  /** The published horizon (if any) is one this reporter read from its player. */
  private horizonMine = false;

  constructor(config: Partial<HostReporterConfig> = {}) {
    this.config = { ...DEFAULT_HOST_REPORTER_CONFIG, ...config };
  }

  /** The state the host believes is published (its own commands applied optimistically). */
  get state(): PlaybackState | null {
    return this.published;
  }

  /** A snapshot: adopt the server's state. */
  resetState(state: PlaybackState): void {
    this.published = state;
    this.server = state;
    this.inflight.clear();
    this.streak = 0;
    this.retryAt = Number.NEGATIVE_INFINITY;
    // A horizon in the state we start from may be another player's (a host handed over): replaced or
    // withdrawn at the first chance, whatever its headroom.
    this.horizonMine = false;
  }

  /** A `playback` event. Adopted only when none of our own commands is still on its way. */
  onServerState(state: PlaybackState, cid: number | undefined, now: number): void {
    if (!this.server || state.seq > this.server.seq) this.server = state;
    if (cid !== undefined && this.inflight.delete(cid)) this.retryDelay = 0;
    this.expire(now);
    if (this.inflight.size === 0 && this.server) this.published = this.server;
  }

  /**
   * A command of ours never reached the server (the request failed). What we believed published is
   * wrong: fall back to the server's state, so the next tick reports the player afresh (after a
   * short back-off: the network may still be down).
   */
  onCommandFailed(cid: number, now: number): void {
    if (!this.inflight.delete(cid)) return;
    this.fallBack(now);
  }

  private expire(now: number): void {
    let lost = false;
    for (const [id, sentAt] of this.inflight) {
      if (now - sentAt <= this.config.ackTimeoutMs) continue;
      this.inflight.delete(id);
      lost = true;
    }
    if (lost) this.fallBack(now);
  }

  private fallBack(now: number): void {
    this.inflight.clear();
    if (this.server) this.published = this.server;
    this.streak = 0;
    this.retryDelay = Math.min(this.config.retryMaxMs, Math.max(this.config.retryMinMs, this.retryDelay * 2));
    this.retryAt = now + this.retryDelay;
  }

  /** Note a command sent outside the reporter (a media change) so its echo is awaited like ours. */
  claimCid(now: number): number {
    const cid = this.nextCid++;
    this.inflight.set(cid, now);
    return cid;
  }

  tick(now: number, serverNow: number, player: PlayerReading): HostPlaybackCommand[] {
    this.expire(now);
    if (now < this.retryAt) return [];
    this.horizon = horizonOf(player);
    this.trackBuffer(now, player);
    const state = this.published;
    if (player.ad) {
      // An ad on the host's player: the media does not advance, so neither may the party (guests would
      // run ahead and be pulled back). It stops where the host was, extrapolated from what was
      // published (the first reading may already be the ad's time); the play after the ad resumes it.
      this.streak = 0;
      this.playSeenAt = null;
      if (!state || player.mediaId !== state.mediaId || state.paused) return [];
      return [this.send(now, serverNow, { type: "pause", position: expectedPosition(state, serverNow), stall: true })];
    }
    if (state && player.mediaId === state.mediaId && !player.seeking && player.buffering && !state.paused) {
      // The host's player stalls: the reference stops on its frame, so guests wait instead of running
      // ahead and being pulled back. Once the frames move again the play below resumes it.
      this.streak = 0;
      this.playSeenAt = null;
      return [this.send(now, serverNow, { type: "pause", position: player.currentTime, stall: true })];
    }
    if (state && player.mediaId === state.mediaId && player.seeking && !state.paused) {
      // The host's player started a seek while playing: publish where it is going now, as a stall on
      // that frame, so guests start their own (possibly as slow) seek alongside instead of after the
      // host landed. The play that follows the landing carries where it really landed.
      const jumpMs = Math.abs(player.currentTime - expectedPosition(state, serverNow)) * 1000;
      if (jumpMs > this.config.jumpMs) {
        this.streak = 0;
        this.playSeenAt = null;
        return [this.send(now, serverNow, { type: "pause", position: player.currentTime, stall: true, seeking: true })];
      }
    }
    if (!state || player.mediaId !== state.mediaId || player.seeking || player.buffering) {
      this.streak = 0;
      this.playSeenAt = null;
      return [];
    }
    const position = player.currentTime;

    if (player.paused !== state.paused) {
      if (player.paused) return [this.send(now, serverNow, { type: "pause", position })];
      if (!this.playSeenAt) this.playSeenAt = { at: now, position };
      // Moving: past the paused frame (beyond read noise) or past the first reading since play.
      const moving = position > this.playSeenAt.position || position > state.position + 0.003;
      if (!moving && now - this.playSeenAt.at < this.config.playStartTimeoutMs) return [];
      this.playSeenAt = null;
      return [this.send(now, serverNow, { type: "play", position })];
    }
    this.playSeenAt = null;

    if (Math.abs(player.playbackRate - state.rate) > 1e-6) {
      return [this.send(now, serverNow, { type: "rate", rate: player.playbackRate, position })];
    }

    const horizon = state.paused ? undefined : this.horizonDue(now, state, position);
    if (horizon !== undefined) {
      const command = { v: PROTOCOL_VERSION, type: "horizon", horizon, at: serverNow, cid: this.claimCid(now) } as const;
      if (this.published) this.published = nextPlaybackState(this.published, command, serverNow);
      this.lastHorizonAt = now;
      this.horizonMine = true;
      return [command];
    }

    const deviationMs = Math.abs(position - expectedPosition(state, serverNow)) * 1000;
    if (deviationMs <= this.config.reportThresholdMs) {
      this.streak = 0;
      return [];
    }
    this.streak += 1;
    if (deviationMs < this.config.jumpMs && this.streak < this.config.confirmReadings) return [];
    const limited = !state.paused && deviationMs < this.config.correctionBurstMs;
    if (limited && now - this.lastCorrectionAt < this.config.correctionIntervalMs) return [];
    if (limited) this.lastCorrectionAt = now;
    return [this.send(now, serverNow, { type: "seek", position })];
  }

  /**
   * The horizon to publish now (null: withdraw it), or undefined for nothing: the buffer started to
   * run down and guests know no horizon; the player's shrank (data dropped ahead of the host: guests
   * must stop sooner) or is lost; the published one is getting close (`horizonLowWaterS`) and the
   * player has enough more (`horizonMinStepS`): moved on while the buffer runs down, else withdrawn.
   */
  private horizonDue(now: number, state: PlaybackState, position: number): number | null | undefined {
    if (now - this.lastHorizonAt < this.config.horizonIntervalMs) return undefined;
    const horizon = this.horizon;
    const published = state.horizon;
    if (published === undefined) return this.draining && horizon !== undefined ? horizon : undefined;
    if (horizon === undefined) return null;
    if (!this.horizonMine) return this.draining ? horizon : null;
    if (horizon < published - 0.05) return horizon;
    const headroom = published - position;
    if (headroom >= this.config.horizonLowWaterS || horizon - published < Math.max(this.config.horizonMinStepS, headroom)) return undefined;
    return this.draining ? horizon : null;
  }

  /** Follow the buffered end against the position over `horizonWindowMs` (see `draining`). */
  private trackBuffer(now: number, player: PlayerReading): void {
    const end = this.horizon;
    const track = this.bufferTrack;
    const last = track[track.length - 1];
    // A seek (or a range that jumped) starts a new history: the old one says nothing about this one.
    if (end === undefined || player.seeking || (last && (player.currentTime < last.position - 0.05 || end < last.end - 0.05))) {
      track.length = 0;
      this.draining = false;
      if (end === undefined || player.seeking) return;
    }
    track.push({ at: now, end, position: player.currentTime });
    while (track.length > 2 && now - track[1]!.at >= this.config.horizonWindowMs) track.shift();
    const first = track[0]!;
    if (now - first.at < this.config.horizonWindowMs) return;
    // The data ahead shrank over the window by more than read noise: it comes slower than it plays.
    const headroomThen = first.end - first.position;
    const headroomNow = end - player.currentTime;
    this.draining = headroomNow < headroomThen - 0.1;
  }

  private send(
    now: number,
    serverNow: number,
    partial:
      | { type: "play"; position: number }
      | { type: "pause"; position: number; stall?: true; seeking?: true }
      | { type: "seek"; position: number }
      | { type: "rate"; rate: number; position: number },
  ): HostPlaybackCommand {
    const horizon = this.horizon === undefined || !this.draining ? {} : { horizon: this.horizon };
    const command = { v: PROTOCOL_VERSION, ...partial, ...horizon, at: serverNow, cid: this.claimCid(now) } as HostPlaybackCommand;
    if (this.published) this.published = nextPlaybackState(this.published, command, serverNow);
    this.streak = 0;
    if (this.horizon !== undefined && this.draining) this.lastHorizonAt = now;
    this.horizonMine = true;
    return command;
  }
}

/**
 * The reading's buffered horizon (s, rounded down to the ms: never more than the player has), when
 * it describes the range the player is in (not ahead of a seek's target, not behind the playhead).
 */
function horizonOf(player: PlayerReading): number | undefined {
  const end = player.bufferedEnd;
  if (end === undefined || !Number.isFinite(end) || player.seeking || end < player.currentTime - 0.05) return undefined;
  return Math.min(MAX_POSITION, Math.floor(end * 1000) / 1000);
}
