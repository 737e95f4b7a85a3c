/**
 * One participant's sync engine, wired: the clock estimator, and the drift controller (guest) or the
 * host reporter (host, once its player adopted the party's state: see HostAdoption), fed from server
 * events and the local player. The extension and the simulation
 * both drive this class, so what the tests measure is what ships.
 *
 * The caller owns the transport and the timers:
 * - pass every server event to `receive(event, now)` (a `pong` as soon as it arrives: t3 = now);
 * - call `tick(now, reading)` every 100–250 ms, on the player's events (seeked, playing, pause,
 *   ratechange, waiting) and at `wakeAt`; perform `actions` on the player and send `commands`.
 * `now` is a local monotonic clock in ms (e.g. performance.timeOrigin + performance.now()).
 */
import { ClockEstimator, type ClockConfig } from "./clock";
import { DriftController, type DriftConfig, type SyncStatus } from "./drift-controller";
import { HostAdoption, type HostAdoptionConfig } from "./host-adoption";
import { HostReporter, type HostReporterConfig } from "./host-reporter";
import type { PlayerAction, PlayerReading } from "./player";
import { PROTOCOL_VERSION, type ClientCommand, type Media, type PartyMeta, type Role, type ServerEvent } from "./protocol";

export interface SyncClientConfig {
  clock?: Partial<ClockConfig>;
  drift?: Partial<DriftConfig>;
  host?: Partial<HostReporterConfig>;
  adoption?: Partial<HostAdoptionConfig>;
}

export interface SyncOutput {
  /** For the local player (guests only). */
  actions: PlayerAction[];
  /** For the server: pings, and the host's playback commands. */
  commands: ClientCommand[];
  /** Local time at which `tick` wants to run again (a ping or a planned correction is due). */
  wakeAt: number | null;
  status: SyncStatus;
  /** Player minus target (ms) for a guest, null when unknown. */
  driftMs: number | null;
}

export class SyncClient {
  readonly clock: ClockEstimator;
  readonly controller: DriftController;
  readonly reporter: HostReporter;
  private roleValue: Role | null = null;
  private partyValue: PartyMeta | null = null;
  private youId: string | null = null;
  /**
   * Play on at the first host tick: we took the host role (or came back as host) while the party waited
   * on a stalled host player, or while it played and our player was paused as a guest's is for a while
   * (a seek-and-hold, or a guest's own pause that the drift controller was about to pull back). Without
   * this the new host's first report was that pause, and the whole party stopped.
   */
  private resumeStall = false;
  /**
   * A host's player that (re)joined the party goes to the published state before anything is reported
   * (see HostAdoption); null once there, and for guests.
   */
  private adoption: HostAdoption | null = null;

  constructor(private readonly config: SyncClientConfig = {}) {
    this.clock = new ClockEstimator(config.clock);
    this.controller = new DriftController(config.drift);
    this.reporter = new HostReporter(config.host);
  }

  get role(): Role | null {
    return this.roleValue;
  }

  get party(): PartyMeta | null {
    return this.partyValue;
  }

  /**
   * Feed a server event. Chat, drawing and presence are the UI's business and are ignored here.
   * `receivedAt`: when the event came off the network, if something stamped it there (the extension's
   * background worker stamps pongs: a busy page would make the return trip look long).
   */
  receive(event: ServerEvent, now: number, receivedAt = now): void {
    switch (event.type) {
      case "snapshot":
        this.roleValue = event.role;
        this.youId = event.you.userId;
        this.setParty(event.party);
        this.controller.resetState(event.playback);
        this.reporter.resetState(event.playback);
        this.resumeStall = event.role === "host" && event.playback.stalled === true;
        // Every snapshot as host: a reload, a new connection, a host back after leaving. The player may
        // have restarted (or moved on while the stream was down): it adopts the party's state first.
        this.adoption = event.role === "host" ? new HostAdoption(event.playback, this.config.drift, this.config.adoption) : null;
        return;
      case "playback":
        this.controller.pushState(event.state);
        this.adoption?.push(event.state);
        this.reporter.onServerState(event.state, event.cid, now);
        return;
      case "party":
        this.setParty(event.party);
        this.followHost(event.party.hostUserId);
        return;
      case "pong":
        this.clock.addSample({ t0: event.t0, t1: event.t1, t2: event.t2, t3: receivedAt });
        return;
      default:
        return;
    }
  }

  /** A command the server never got (the request failed). */
  commandFailed(command: ClientCommand, now: number): void {
    if ("cid" in command && command.cid !== undefined) this.reporter.onCommandFailed(command.cid, now);
  }

  /** Forget the clock samples (network change: online/offline, wake from sleep, new connection). */
  resetClock(now: number): void {
    this.clock.reset(now);
  }

  /** The host changes the media: the command to send (its echo is awaited before reporting resumes). */
  changeMedia(now: number, media: Pick<Media, "url" | "title"> & { duration?: number | null }): ClientCommand {
    // The host acts: its player is the reference from here on, whatever the party showed before.
    this.adoption = null;
    return { v: PROTOCOL_VERSION, type: "media", ...media, cid: this.reporter.claimCid(now) };
  }

  /** `seekable`: false for a player that cannot seek (a live stream); a host adopting matches play and pause only. */
  tick(now: number, player: PlayerReading | null, seekable = true): SyncOutput {
    const commands: ClientCommand[] = [];
    if (this.clock.shouldResample(now)) {
      commands.push({ v: PROTOCOL_VERSION, type: "ping", t0: now });
      this.clock.markSent(now);
    }
    const nextPing = this.clock.nextPingAt();

    if (this.roleValue === "host") {
      // The host's stamps become every guest's target: wait for a converged estimate.
      const ready = this.clock.ready;
      const status = ready ? "host" : "clock";
      if (this.adoption) {
        const step = this.adoption.tick({
          now,
          serverNow: this.clock.sampleCount > 0 ? this.clock.toServerTime(now) : null,
          clockSettled: ready,
          clockErrorMs: this.clock.errorBound,
          player,
          seekable,
        });
        if (!this.adoption.done || step.actions.length > 0) {
          // Nothing is reported until the player is there (a rate of ours restored first).
          if (this.adoption.done) this.adoption = null;
          const wakeAt = Math.min(nextPing, step.wakeAt ?? Number.POSITIVE_INFINITY, step.actions.length > 0 ? now + 100 : Number.POSITIVE_INFINITY);
          return { actions: step.actions, commands, wakeAt, status, driftMs: null };
        }
        this.adoption = null;
      }
      if (this.resumeStall && player) {
        // The pause was a stall or a guest's hold, not the party's: play on, and report from the next
        // tick (the reporter would read this tick's paused player as the new host pausing).
        this.resumeStall = false;
        const published = this.reporter.state;
        if (player.paused && (published?.stalled || published?.paused === false)) {
          return { actions: [{ type: "play" }], commands, wakeAt: Math.min(nextPing, now + 250), status, driftMs: null };
        }
      }
      if (ready && player) commands.push(...this.reporter.tick(now, this.clock.toServerTime(now), player));
      return { actions: [], commands, wakeAt: nextPing, status, driftMs: null };
    }

    // A guest acts on the first sample already (see DriftInput.clockErrorMs).
    const decision = this.controller.tick({
      now,
      serverNow: this.clock.sampleCount > 0 ? this.clock.toServerTime(now) : null,
      clockSettled: this.clock.ready,
      clockErrorMs: this.clock.errorBound,
      player: this.roleValue === "guest" ? player : null,
    });
    const wakeAt = decision.wakeAt === null ? nextPing : Math.min(decision.wakeAt, nextPing);
    return { actions: decision.actions, commands, wakeAt, status: decision.status, driftMs: decision.driftMs };
  }

  /**
   * The host role was handed over: the new host's player becomes the reference (its reporter starts
   * from the last published state, which it has tracked all along, with nothing in flight); the old
   * host's drift controller has followed every published state too and steers its player from now on.
   */
  private followHost(hostUserId: string): void {
    if (this.youId === null || this.roleValue === null) return;
    const role: Role = hostUserId === this.youId ? "host" : "guest";
    if (role === this.roleValue) return;
    this.roleValue = role;
    const published = this.reporter.state;
    // A hand-over's new host was a guest: its player already follows the party, nothing to adopt.
    this.adoption = null;
    if (role === "host" && published) this.reporter.resetState(published);
    this.resumeStall = role === "host" && (published?.stalled === true || published?.paused === false);
    if (role === "guest") this.controller.resumeTicking();
  }

  private setParty(party: PartyMeta): void {
    this.partyValue = party;
    this.controller.setLatency(party.streamerLatencyMs);
  }
}
