/**
 * A simulated live party: one server (the authoritative state, via the real `applyHostCommand`), a host
 * and guests, each a real `SyncClient` with its own skewed clock, jittered network paths and a
 * simulated player. Every message crosses the real zod schemas. Deterministic for a given seed.
 */
import { applyHostCommand, type PartyPlayback } from "@/lib/sync/playback-model";
import type { PlayerReading } from "@/lib/sync/player";
import {
  PROTOCOL_VERSION,
  isPlaybackCommand,
  parseClientCommand,
  parseServerEvent,
  type ClientCommand,
  type PartyMeta,
  type Role,
  type ServerEvent,
} from "@/lib/sync/protocol";
import { SyncClient, type SyncClientConfig } from "@/lib/sync/sync-client";
import { DEFAULT_LINK, SimLink, type LinkOptions } from "./network";
import { SimPlayer, randomPlayerProfile, type SimPlayerProfile } from "./player";
import { createRng, type Rng } from "./rng";
import { Scheduler, type Timer } from "./scheduler";

/**
 * A busy main thread (a streamer running OBS, a slow laptop): the page's script is blocked for
 * `minBlockMs`–`maxBlockMs` at a time, with `minGapMs`–`maxGapMs` of free time in between. Ticks,
 * timers, player events and incoming messages wait for it; the media element keeps playing.
 */
export interface JankOptions {
  minBlockMs: number;
  maxBlockMs: number;
  minGapMs: number;
  maxGapMs: number;
}

export interface SimPartyOptions {
  seed: number;
  /** One-way delay range (ms), both directions. */
  minDelayMs: number;
  maxDelayMs: number;
  /** Per direction, over the defaults above: client → server (commands, pings)… */
  up: Partial<Omit<LinkOptions, "ordered">>;
  /** …and server → client (the event stream, pongs). */
  down: Partial<Omit<LinkOptions, "ordered">>;
  /** Pongs only (the answers to clock pings); over `down`. */
  pongs: Partial<Omit<LinkOptions, "ordered">>;
  /** Host playback commands only (a slow POST: a busy uplink, a slow proxy); over `up`. */
  hostCommands: Partial<Omit<LinkOptions, "ordered">>;
  /** Every participant's page is this busy; null: idle pages. */
  jank: JankOptions | null;
  /**
   * Where a pong's arrival is stamped: "network" where the request returns (the extension's background
   * worker, never blocked by the page), "page" once the page's script gets to it.
   */
  pongStamp: "network" | "page";
  /** Client clock offsets are uniform in ± this (ms)… */
  clockSkewMs: number;
  /** …and run this many ppm fast or slow (uniform ±). */
  clockDriftPpm: number;
  /** Regular tick of every client (ms). */
  tickMs: number;
  streamerLatencyMs: number;
  player: Partial<SimPlayerProfile>;
  client: SyncClientConfig;
}

export const DEFAULT_SIM_OPTIONS: SimPartyOptions = {
  seed: 1,
  minDelayMs: 20,
  maxDelayMs: 80,
  clockSkewMs: 30,
  clockDriftPpm: 20,
  up: {},
  down: {},
  hostCommands: {},
  pongs: {},
  jank: null,
  pongStamp: "network",
  tickMs: 100,
  streamerLatencyMs: 0,
  player: {},
  client: {},
};

const FIRST_URL = "https://www.youtube.com/watch?v=sim-first";

export class SimParty {
  readonly scheduler = new Scheduler();
  readonly options: SimPartyOptions;
  readonly rng: Rng;
  readonly server: SimServer;
  readonly host: SimParticipant;
  readonly guests: SimParticipant[] = [];
  private nextId = 0;

  constructor(options: Partial<SimPartyOptions> = {}) {
    this.options = { ...DEFAULT_SIM_OPTIONS, ...options };
    this.rng = createRng(this.options.seed);
    this.server = new SimServer(this);
    this.host = this.addParticipant("host", FIRST_URL);
  }

  get now(): number {
    return this.scheduler.now;
  }

  runUntil(t: number): void {
    this.scheduler.runUntil(t);
  }

  runFor(ms: number): void {
    this.scheduler.runUntil(this.now + ms);
  }

  /** A guest opens the party page (media already loaded there) and connects. */
  addGuest(overrides: Partial<SimPlayerProfile> = {}): SimParticipant {
    const guest = this.addParticipant("guest", this.server.party.media.url, overrides);
    this.guests.push(guest);
    return guest;
  }

  /** |guest − host| in ms for every guest, against the host's screen `streamerLatencyMs` ago. */
  errorsMs(hostPositionThen: number): number[] {
    return this.guests.map((g) => Math.abs(g.player.truePosition() - hostPositionThen) * 1000);
  }

  private addParticipant(role: Role, url: string, overrides: Partial<SimPlayerProfile> = {}): SimParticipant {
    const rng = this.rng.fork();
    const profile = randomPlayerProfile(rng, { ...this.options.player, ...overrides });
    const participant = new SimParticipant(this, `u${this.nextId++}`, role, rng, profile, url);
    // The extension joins from a page whose video has loaded.
    this.scheduler.after(profile.loadMs, () => participant.connect());
    return participant;
  }
}

/** The server side: what the real room does, minus HTTP. Server time is the simulation's true time. */
export class SimServer {
  room: PartyPlayback;
  party: PartyMeta;
  /** Time at which each playback change was applied (true ms), by seq. */
  readonly appliedAt = new Map<number, number>();

  constructor(private readonly sim: SimParty) {
    const media = { id: "m0", url: FIRST_URL, title: "First", duration: null };
    this.room = {
      playback: { mediaId: media.id, paused: true, position: 0, rate: 1, at: 0, seq: 0 },
      media,
    };
    this.party = {
      id: "p1",
      state: "ACTIVE",
      title: "Simulated party",
      hostUserId: "u0",
      hostDisplayName: "Host",
      platformDomain: "youtube.com",
      chatProvider: "builtin",
      chatChannel: null,
      visibility: "public",
      streamerLatencyMs: sim.options.streamerLatencyMs,
      media,
    };
  }

  receive(from: SimParticipant, raw: ClientCommand): void {
    const parsed = parseClientCommand(JSON.parse(JSON.stringify(raw)));
    if (!parsed.ok) throw new Error(`server rejected ${raw.type}: ${parsed.message}`);
    const command = parsed.value;
    const now = this.sim.now;
    if (command.type === "ping") {
      from.reply({ v: PROTOCOL_VERSION, type: "pong", t0: command.t0, t1: now, t2: now + 0.5 });
      return;
    }
    if (!isPlaybackCommand(command) || from.role !== "host") return;
    const before = this.room.media;
    this.room = applyHostCommand(this.room, command, now);
    this.appliedAt.set(this.room.playback.seq, now);
    if (this.room.media !== before) {
      this.party = { ...this.party, media: this.room.media };
      this.broadcast({ v: PROTOCOL_VERSION, type: "party", party: this.party });
    }
    this.broadcast({ v: PROTOCOL_VERSION, type: "playback", state: this.room.playback, cid: command.cid });
  }

  snapshotFor(participant: SimParticipant): ServerEvent {
    return {
      v: PROTOCOL_VERSION,
      type: "snapshot",
      party: this.party,
      playback: this.room.playback,
      members: this.sim.guests.length + 1,
      hostOnline: true,
      chat: [],
      strokes: [],
      role: participant.role,
      you: { userId: participant.id, displayName: participant.id },
      serverTime: this.sim.now,
    };
  }

  setStreamerLatency(latencyMs: number): void {
    this.party = { ...this.party, streamerLatencyMs: latencyMs };
    this.broadcast({ v: PROTOCOL_VERSION, type: "party", party: this.party });
  }

  private broadcast(event: ServerEvent): void {
    for (const p of [this.sim.host, ...this.sim.guests]) if (p.connected) p.push(event);
  }
}

export class SimParticipant {
  /** A reload replaces it (a new page runs a new engine). */
  client: SyncClient;
  readonly player: SimPlayer;
  readonly clockSkewMs: number;
  readonly clockDriftPpm: number;
  connected = false;
  /** The page's script is blocked until this true time (see JankOptions). */
  blockedUntil = Number.NEGATIVE_INFINITY;
  /** The network is down until this true time: requests fail, the stream stalls. */
  private downUntil = Number.NEGATIVE_INFINITY;
  /** Every command that failed (network down), with the true time the caller learnt it. */
  readonly failures: { t: number; type: string }[] = [];
  /** True time of the first snapshot received. */
  firstSnapshotAt: number | null = null;
  /** Player actions performed, with their true time. */
  readonly actions: { t: number; type: string }[] = [];
  private readonly down: SimLink;
  private readonly up: SimLink;
  private readonly commands: SimLink;
  private readonly replies: SimLink;
  private readonly pings: SimLink;
  private wake: { at: number; timer: Timer } | null = null;
  private tickQueued = false;
  private loop: Timer | null = null;
  /** Bumped by a reload: what the old page had under way (events in flight, ticks) is dropped. */
  private page = 0;

  constructor(
    private readonly sim: SimParty,
    readonly id: string,
    readonly role: Role,
    private readonly rng: Rng,
    profile: SimPlayerProfile,
    url: string,
  ) {
    const { minDelayMs, maxDelayMs, clockSkewMs, clockDriftPpm, client, up, down, hostCommands, pongs } = sim.options;
    const link = (ordered: boolean, ...over: Partial<Omit<LinkOptions, "ordered">>[]): SimLink =>
      new SimLink(sim.scheduler, rng.fork(), { ...DEFAULT_LINK, minDelayMs, maxDelayMs, ...Object.assign({}, ...over), ordered });
    this.down = link(true, down);
    this.up = link(true, up);
    this.commands = link(true, up, role === "host" ? hostCommands : {});
    // Pings and their answers are independent requests; commands and events keep their order.
    this.replies = link(false, down, pongs);
    this.pings = link(false, up);
    this.clockSkewMs = rng.spread(clockSkewMs);
    this.clockDriftPpm = rng.spread(clockDriftPpm);
    this.client = new SyncClient(client);
    this.player = new SimPlayer(sim.scheduler, rng.fork(), profile);
    this.player.load(url);
    this.player.onEvent(() => this.queueTick());
  }

  /** This participant's local clock reading (ms) at true time `t`. */
  localTime(t = this.sim.now): number {
    return t * (1 + this.clockDriftPpm / 1e6) + this.clockSkewMs + 1_000_000;
  }

  /** True time at which the local clock reads `local`. */
  trueTime(local: number): number {
    return (local - this.clockSkewMs - 1_000_000) / (1 + this.clockDriftPpm / 1e6);
  }

  /** Server time minus local time, as it really is now: what the clock estimate should converge to. */
  trueOffset(): number {
    return this.sim.now - this.localTime();
  }

  /** Change the network this participant is on (e.g. Wi-Fi → mobile). */
  setNetwork(options: Partial<Omit<LinkOptions, "ordered">>): void {
    for (const link of [this.down, this.up, this.commands, this.replies, this.pings]) {
      link.options = { ...link.options, ...options };
    }
  }

  connect(): void {
    this.connected = true;
    const start = this.sim.now;
    this.up.send(() => this.push(this.sim.server.snapshotFor(this)));
    this.loop = this.sim.scheduler.every(this.sim.options.tickMs, start + this.rng.uniform(0, this.sim.options.tickMs), () =>
      this.onLoop(() => this.tick()),
    );
    this.queueTick();
    const jank = this.sim.options.jank;
    if (jank) this.startJank(jank);
  }

  /**
   * The page reloads, or the member closes it and comes back `awayMs` later: the stream closes, and the
   * new page runs a new engine and loads the media afresh (paused at 0) before it connects again.
   */
  reload(awayMs = 0): void {
    this.connected = false;
    this.page += 1;
    this.loop?.cancel();
    this.loop = null;
    this.wake?.timer.cancel();
    this.wake = null;
    this.tickQueued = false;
    const src = this.player.src;
    this.player.pause();
    this.player.setRate(1);
    this.client = new SyncClient(this.sim.options.client);
    this.sim.scheduler.after(awayMs, () => {
      if (src !== null) this.player.load(src);
      this.sim.scheduler.after(this.player.profile.loadMs, () => this.connect());
    });
  }

  /** Block the page's script for `durationMs` from now (a long task). */
  block(durationMs: number): void {
    this.blockedUntil = Math.max(this.blockedUntil, this.sim.now + durationMs);
  }

  /**
   * The network is down for `durationMs`: requests sent meanwhile fail (the caller learns it after
   * `failAfterMs`, or when the network is back); the event stream stalls and then delivers what it
   * held (TCP retransmits: the connection survives a short outage); pings get no answer.
   */
  networkDown(durationMs: number, failAfterMs = 1000): void {
    this.downUntil = this.sim.now + durationMs;
    this.failAfterMs = failAfterMs;
  }

  get networkUp(): boolean {
    return this.sim.now >= this.downUntil;
  }

  /** Server → this client over the ordered stream (SSE). */
  push(event: ServerEvent): void {
    const page = this.page;
    this.down.send(() => this.afterOutage(() => this.onLoop(() => page === this.page && this.deliver(event, this.localTime()))));
  }

  /** Server → this client as an HTTP response (pongs): independent of the stream. */
  reply(event: ServerEvent): void {
    const page = this.page;
    this.replies.send(() => {
      if (!this.networkUp || page !== this.page) return;
      const arrived = this.localTime();
      this.onLoop(() => this.deliver(event, this.sim.options.pongStamp === "network" ? arrived : this.localTime()));
    });
  }

  /** Run `run` when the page's script is free (at once, or when the current long task ends). */
  onLoop(run: () => void): void {
    const attempt = (): void => {
      if (this.sim.now < this.blockedUntil) this.sim.scheduler.at(this.blockedUntil, attempt);
      else run();
    };
    attempt();
  }

  private failAfterMs = 1000;

  private afterOutage(run: () => void): void {
    if (this.networkUp) run();
    else this.sim.scheduler.at(this.downUntil + this.rng.uniform(0, 200), run);
  }

  private startJank(jank: JankOptions): void {
    const next = (): void => {
      const gap = this.rng.uniform(jank.minGapMs, jank.maxGapMs);
      this.sim.scheduler.after(gap, () => {
        const duration = this.rng.uniform(jank.minBlockMs, jank.maxBlockMs);
        this.block(duration);
        this.sim.scheduler.after(duration, next);
      });
    };
    next();
  }

  /** The host changes the media: the page navigates and the command goes out. */
  changeMedia(url: string, title: string): void {
    this.player.load(url);
    this.send(this.client.changeMedia(this.localTime(), { url, title, duration: null }));
  }

  reading(): PlayerReading {
    const party = this.client.party;
    const player = this.player;
    const mediaId = party && player.loaded && player.src === party.media.url ? party.media.id : null;
    return {
      currentTime: player.currentTime(),
      paused: player.paused,
      playbackRate: player.playbackRate,
      seeking: player.seeking,
      buffering: player.buffering(),
      ...(player.loaded && !player.seeking ? { bufferedEnd: player.bufferedEnd() } : {}),
      mediaId,
    };
  }

  tick(): void {
    this.tickQueued = false;
    // Closed: the page is gone until it connects again.
    if (this.page > 0 && !this.connected) return;
    const out = this.client.tick(this.localTime(), this.reading());
    for (const action of out.actions) {
      this.actions.push({ t: this.sim.now, type: action.type });
      if (action.type === "seek") this.player.seek(action.position);
      else if (action.type === "setRate") this.player.setRate(action.rate);
      else if (action.type === "play") this.player.play();
      else this.player.pause();
    }
    for (const command of out.commands) this.send(command);
    if (out.wakeAt !== null) this.scheduleWake(this.trueTime(out.wakeAt));
  }

  /** How many actions of `type` happened in [from, to) (true ms). */
  countActions(type: string, from: number, to: number): number {
    return this.actions.filter((a) => a.type === type && a.t >= from && a.t < to).length;
  }

  private deliver(event: ServerEvent, receivedAt: number): void {
    const parsed = parseServerEvent(JSON.parse(JSON.stringify(event)));
    if (!parsed.ok) throw new Error(`client rejected ${event.type}: ${parsed.message}`);
    if (parsed.value.type === "snapshot" && this.firstSnapshotAt === null) this.firstSnapshotAt = this.sim.now;
    this.client.receive(parsed.value, this.localTime(), receivedAt);
    if (parsed.value.type === "party" || parsed.value.type === "snapshot") this.followMedia();
    this.queueTick();
  }

  /** The extension's job on a media change: open the party's media if the page shows another. */
  private followMedia(): void {
    const url = this.client.party?.media.url;
    if (url && this.role === "guest" && this.player.src !== url) this.player.load(url);
  }

  private send(command: ClientCommand): void {
    const link = command.type === "ping" ? this.pings : isPlaybackCommand(command) ? this.commands : this.up;
    const fail = (): void => {
      const failAt = Math.min(this.sim.now + this.failAfterMs, Math.max(this.downUntil, this.sim.now));
      this.sim.scheduler.at(failAt, () =>
        this.onLoop(() => {
          this.failures.push({ t: this.sim.now, type: command.type });
          this.client.commandFailed(command, this.localTime());
          this.queueTick();
        }),
      );
    };
    if (!this.networkUp) return fail();
    link.send(() => {
      if (this.networkUp) this.sim.server.receive(this, command);
      else fail();
    });
  }

  private queueTick(): void {
    if (this.tickQueued) return;
    this.tickQueued = true;
    this.sim.scheduler.after(0, () => this.onLoop(() => this.tick()));
  }

  private scheduleWake(at: number): void {
    // At least 1 ms ahead: a wake that asks for "now" again must not spin the simulation.
    const t = Math.max(at, this.sim.now + 1);
    if (this.wake && this.wake.at <= t && this.wake.at >= this.sim.now) return;
    this.wake?.timer.cancel();
    const timer = this.sim.scheduler.at(t, () => {
      this.wake = null;
      this.onLoop(() => this.tick());
    });
    this.wake = { at: t, timer };
  }
}
