/**
 * The content script's SyncSession: a guest's player is driven to the host's state by lib/sync's
 * engine (and pulled back after its own pause or seek), a guest on another page is sent to the
 * party's media once, a host's own playback and media changes become commands, and the overlay
 * model follows chat, drawing and presence. Time, timers, the network and the player are simulated.
 */
import type { PlayerControl } from "@/lib/party-client/sync-player";
import { AUTOPLAY_NOTICE, LEAVING_HOLD_MS, SyncSession, type PartyViewModel } from "@/lib/party-client/sync-session";
import { DRAWING_MAX_POINTS, emptyQueue, MUTED_MESSAGE, PROTOCOL_VERSION, removalMessage, type ClientCommand, type PartyMeta, type PlaybackState, type ServerEvent, type SnapshotEvent } from "@/lib/sync";
import type { PartyCommand } from "@/extension/src/messaging/protocol";

const URL_A = "https://www.youtube.com/watch?v=aaaaaaaaaaa";
const URL_B = "https://www.youtube.com/watch?v=bbbbbbbbbbb";
const keyOf = (url: string) => new URL(url).searchParams.get("v");
/** Server clock = local clock + this. */
const OFFSET = 5_000;

class FakePlayer implements PlayerControl {
  readonly seekable: boolean;
  private base = 0;
  private since: number;
  paused = true;
  playbackRate = 1;
  blockPlay = false;
  /** Stalled on its frame (the clock below still runs: the test moves the position itself). */
  buffering = false;
  /** The site's player shows an ad (the clock runs on: the ad's time, as in YouTube's one element). */
  ad = false;
  readonly calls: string[] = [];
  private listeners = new Set<() => void>();
  video = { duration: 120 } as HTMLVideoElement;

  constructor(
    private readonly clock: { now: number },
    seekable = true,
  ) {
    this.seekable = seekable;
    this.since = clock.now;
  }
  time(): number {
    return this.paused ? this.base : this.base + ((this.clock.now - this.since) / 1000) * this.playbackRate;
  }
  private rebase(): void {
    this.base = this.time();
    this.since = this.clock.now;
  }
  read() {
    return { currentTime: this.time(), paused: this.paused, playbackRate: this.playbackRate, seeking: false, buffering: this.buffering, ad: this.ad };
  }
  loaded() {
    return true;
  }
  async play() {
    this.calls.push("play");
    if (this.blockPlay) throw Object.assign(new Error("blocked"), { name: "NotAllowedError" });
    this.rebase();
    this.paused = false;
    this.emit();
  }
  pause() {
    this.calls.push("pause");
    this.rebase();
    this.paused = true;
    this.emit();
  }
  seek(position: number) {
    this.calls.push(`seek ${position.toFixed(2)}`);
    this.base = position;
    this.since = this.clock.now;
    this.emit();
  }
  setRate(rate: number) {
    this.calls.push(`rate ${rate}`);
    this.rebase();
    this.playbackRate = rate;
    this.emit();
  }
  /** What the viewer does themselves. */
  userSeek(position: number) {
    this.base = position;
    this.since = this.clock.now;
    this.emit();
  }
  onChange(listener: () => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  emit() {
    for (const l of this.listeners) l();
  }
  dispose() {}
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

class Harness {
  readonly clock = { now: 1_000_000 };
  private timers: { at: number; fn: () => void; id: number }[] = [];
  private nextId = 1;
  readonly sent: PartyCommand[] = [];
  readonly navigations: string[] = [];
  readonly models: PartyViewModel[] = [];
  readonly session: SyncSession;
  failChat: string | null = null;
  /** Playback commands fail (the network is down) while this is set. */
  failPlayback = false;
  /** What the server answers a command other than a ping (a recording's stop names the recording). */
  answer: unknown = undefined;

  constructor(tabUrl = URL_A) {
    this.session = new SyncSession(
      {
        now: () => this.clock.now,
        setTimeout: (fn, ms) => {
          const id = this.nextId++;
          this.timers.push({ at: this.clock.now + Math.max(0, ms), fn, id });
          return id;
        },
        clearTimeout: (id) => {
          this.timers = this.timers.filter((t) => t.id !== id);
        },
        send: async (command) => {
          this.sent.push(command);
          if (command.type === "chat" && this.failChat) throw new Error(this.failChat);
          if (this.failPlayback && command.type !== "ping") throw new Error("Failed to fetch");
          if (command.type === "ping") {
            // Answered 15 ms later, symmetric path: the server stamps at +7.5 ms.
            const t = this.clock.now + 7.5 + OFFSET;
            this.after(15, () => this.session.receive({ v: PROTOCOL_VERSION, type: "pong", t0: command.t0, t1: t, t2: t }));
            return undefined;
          }
          return this.answer;
        },
        navigate: (url) => this.navigations.push(url),
        render: (model) => this.models.push(structuredClone(model)),
        mediaKeyOf: keyOf,
      },
      { url: tabUrl, title: "Video" },
    );
  }

  after(ms: number, fn: () => void) {
    this.timers.push({ at: this.clock.now + ms, fn, id: this.nextId++ });
  }

  /** Runs timers in time order for `ms` of simulated time (microtasks run in between, as in a page). */
  async run(ms: number) {
    const end = this.clock.now + ms;
    for (;;) {
      await flush();
      this.timers.sort((a, b) => a.at - b.at);
      const next = this.timers[0];
      if (!next || next.at > end) break;
      this.timers.shift();
      this.clock.now = Math.max(this.clock.now, next.at);
      next.fn();
    }
    await flush();
    this.clock.now = end;
  }

  serverNow() {
    return this.clock.now + OFFSET;
  }
}

function meta(overrides: Partial<PartyMeta> = {}): PartyMeta {
  return {
    id: "p1",
    state: "ACTIVE",
    title: "Video",
    hostUserId: "host",
    hostDisplayName: "Hank",
    platformDomain: "youtube.com",
    chatProvider: "builtin",
    chatChannel: null,
    visibility: "public",
    streamerLatencyMs: 0,
    media: { id: "m0", url: URL_A, title: "Video", duration: null },
    ...overrides,
  };
}

function snapshot(h: Harness, role: "host" | "guest", playback: Partial<PlaybackState> = {}, party = meta()): ServerEvent {
  return {
    v: PROTOCOL_VERSION,
    type: "snapshot",
    party,
    playback: { mediaId: "m0", paused: true, position: 0, rate: 1, at: h.serverNow(), seq: 0, ...playback },
    members: 2,
    hostOnline: true,
    chat: [],
    strokes: [],
    role,
    you: { userId: role === "host" ? "host" : "g1", displayName: role === "host" ? "Hank" : "Gail" },
    serverTime: h.serverNow(),
  };
}

/** A session with a player on an open connection, joined as `role` with this playback (at: now). */
function joined(role: "host" | "guest", playback: Partial<PlaybackState> = {}, extra: Partial<SnapshotEvent> = {}) {
  const h = new Harness();
  const player = new FakePlayer(h.clock);
  h.session.setPlayer(player);
  h.session.setConnection("open");
  h.session.receive({ ...(snapshot(h, role, { at: h.serverNow(), ...playback }) as SnapshotEvent), ...extra });
  return { h, player };
}

test("a guest follows the host: joins mid-play, then a pause, a seek and a rate change; its own seek is pulled back", async () => {
  const h = new Harness();
  const player = new FakePlayer(h.clock);
  h.session.setPlayer(player);
  h.session.setConnection("open");
  // The host has been playing from 10 s for 2 s.
  h.session.receive(snapshot(h, "guest", { paused: false, position: 10, at: h.serverNow() - 2000, seq: 3 }));
  await h.run(3000);
  const hostAt = (position: number, at: number, rate = 1) => position + ((h.serverNow() - at) / 1000) * rate;
  const startAt = h.serverNow() - 5000;
  expect(player.paused).toBe(false);
  expect(Math.abs(player.time() - hostAt(10, startAt))).toBeLessThan(0.05);
  expect(h.sent.filter((c) => c.type !== "ping")).toEqual([]); // a guest never sends playback commands

  // Host pauses at 20 s.
  h.session.receive({ v: PROTOCOL_VERSION, type: "playback", state: { mediaId: "m0", paused: true, position: 20, rate: 1, at: h.serverNow(), seq: 4 } });
  await h.run(1500);
  expect(player.paused).toBe(true);
  expect(Math.abs(player.time() - 20)).toBeLessThan(0.03);
  expect(h.session.model.status).toBe("paused");

  // Host seeks to 95 s and plays at 1.5×.
  const at = h.serverNow();
  h.session.receive({ v: PROTOCOL_VERSION, type: "playback", state: { mediaId: "m0", paused: false, position: 95, rate: 1.5, at, seq: 5 } });
  await h.run(3000);
  expect(player.paused).toBe(false);
  expect(player.playbackRate).toBeCloseTo(1.5, 1);
  expect(Math.abs(player.time() - hostAt(95, at, 1.5))).toBeLessThan(0.05);

  // The guest seeks away on its own: pulled back.
  player.userSeek(5);
  await h.run(3000);
  expect(Math.abs(player.time() - hostAt(95, at, 1.5))).toBeLessThan(0.05);
  // … and its own pause is undone.
  player.pause();
  await h.run(3000);
  expect(player.paused).toBe(false);
  expect(["synced", "correcting"]).toContain(h.session.model.status);
});

test("a guest on another page is sent to the party's media once; a live stream only follows play and pause", async () => {
  const h = new Harness(URL_B);
  const player = new FakePlayer(h.clock, false);
  h.session.setPlayer(player);
  h.session.receive(snapshot(h, "guest", { paused: false, position: 50, seq: 1 }));
  h.session.receive({ v: PROTOCOL_VERSION, type: "presence", members: 3, hostOnline: true });
  await h.run(2000);
  expect(h.navigations).toEqual([URL_A]);
  expect(player.calls).toEqual([]); // not the party's media: nothing is done to this player
  expect(h.session.model.status).toBe("media");

  h.session.setTab(URL_A, "Video");
  await h.run(3000);
  expect(player.calls).toContain("play");
  expect(player.calls.some((c) => c.startsWith("seek") || c.startsWith("rate"))).toBe(false); // live: no seeks or rate changes
  expect(h.navigations).toEqual([URL_A]);
});

test("the host's own play, seek and media change become commands; guests' never do", async () => {
  const h = new Harness();
  const player = new FakePlayer(h.clock);
  h.session.setPlayer(player);
  h.session.receive(snapshot(h, "host"));
  await h.run(3000); // clock converges
  expect(h.session.model.status).toBe("host");
  player.paused = false;
  player.emit();
  await h.run(1500);
  player.userSeek(42);
  await h.run(500);
  const playback = h.sent.filter((c) => c.type !== "ping");
  expect(playback.map((c) => c.type)).toEqual(["play", "seek"]);
  expect(playback[1]).toMatchObject({ type: "seek", position: 42 });

  // The host opens another video in the tab: the party's media changes once.
  h.session.setTab(URL_B, "Second");
  h.session.setTab(URL_B, "Second");
  const media = h.sent.filter((c) => c.type === "media");
  expect(media).toEqual([expect.objectContaining({ type: "media", url: URL_B, title: "Second", duration: 120 })]);
});

test("a host whose page reloaded (its video back at 0:00, paused) goes to the party's position and plays before reporting", async () => {
  // The party has played from 25 s for 3 s while the host's page reloaded.
  const h = new Harness();
  const player = new FakePlayer(h.clock);
  h.session.setPlayer(player);
  h.session.setConnection("open");
  const at = h.serverNow() - 3000;
  h.session.receive(snapshot(h, "host", { paused: false, position: 25, at, seq: 7 }));
  await h.run(3000);
  const partyAt = 25 + (h.serverNow() - at) / 1000;
  expect(player.paused).toBe(false);
  expect(Math.abs(player.time() - partyAt)).toBeLessThan(0.1);
  // Nothing moved the party: at most a correction of the landing (a few ms), never a pause or 0:00.
  for (const command of h.sent.filter((c) => c.type !== "ping")) {
    expect(command).toMatchObject({ type: "seek" });
    const { position, at: stamp } = command as { position: number; at: number };
    expect(Math.abs(position - (25 + (stamp - at) / 1000))).toBeLessThan(0.05);
  }

  // Adopted: the host's own pause is the party's again.
  const before = h.sent.length;
  player.pause();
  await h.run(500);
  expect(h.sent.slice(before).filter((c) => c.type !== "ping")).toEqual([expect.objectContaining({ type: "pause" })]);
});

/** A host whose clock has converged, playing for a second (its play reported). */
async function hostPlaying() {
  const h = new Harness();
  const player = new FakePlayer(h.clock);
  h.session.setPlayer(player);
  h.session.receive(snapshot(h, "host"));
  await h.run(3000);
  player.paused = false;
  player.emit();
  await h.run(1000);
  return { h, player };
}

test("a host page that is leaving (reload, closed tab) does not report its dying player; a page still there 3 s later reports again", async () => {
  const { h, player } = await hostPlaying();
  const played = h.sent.length;
  expect(h.sent.filter((c) => c.type === "play")).toHaveLength(1);

  // beforeunload: the navigation starts, and the old page's video stalls, then stops.
  h.session.leaving();
  player.buffering = true;
  player.emit();
  await h.run(200);
  player.pause();
  await h.run(LEAVING_HOLD_MS - 400);
  expect(h.sent.slice(played).filter((c) => c.type !== "ping")).toEqual([]);

  // The navigation was cancelled: the page is still here, and what its player shows now is the host's.
  player.buffering = false;
  await h.run(400);
  expect(h.sent.slice(played).filter((c) => c.type !== "ping")).toEqual([expect.objectContaining({ type: "pause" })]);
});

test("a guest page that is leaving neither reports its player buffering nor steers it", async () => {
  const h = new Harness();
  const player = new FakePlayer(h.clock);
  h.session.setPlayer(player);
  h.session.receive(snapshot(h, "guest", { paused: false, position: 10, at: h.serverNow(), seq: 2 }));
  await h.run(3000);
  const calls = player.calls.length;
  h.session.leaving();
  player.buffering = true;
  player.userSeek(80);
  await h.run(2500);
  expect(h.sent.filter((c) => c.type === "buffering")).toEqual([]);
  expect(player.calls.slice(calls)).toEqual([]);
});

test("a live-stream host back in the party matches its play or pause only, then reports as usual", async () => {
  const h = new Harness();
  const player = new FakePlayer(h.clock, false);
  h.session.setPlayer(player);
  h.session.setConnection("open");
  h.session.receive(snapshot(h, "host", { paused: false, position: 600, at: h.serverNow() - 60_000, seq: 3 }));
  await h.run(2000);
  // Played, never sought (a live stream's position is its own live edge), and the party never paused.
  expect(player.calls).toEqual(["play"]);
  expect(h.sent.filter((c) => c.type === "pause" || c.type === "play")).toEqual([]);
  player.pause();
  await h.run(500);
  expect(h.sent.filter((c) => c.type === "pause" || c.type === "play")).toEqual([expect.objectContaining({ type: "pause" })]);
});

test("a host command that failed is sent again, freshly stamped, once the network is back", async () => {
  const { h, player } = await hostPlaying();
  const sentBefore = h.sent.length;
  h.failPlayback = true;
  player.userSeek(42);
  const seekedAt = h.serverNow();
  await h.run(5000);
  const failed = h.sent.slice(sentBefore).filter((c) => c.type !== "ping");
  expect(failed[0]).toMatchObject({ type: "seek", position: 42 });
  // Retries back off: a handful in 5 s, not one per tick.
  expect(failed.length).toBeLessThanOrEqual(8);
  h.failPlayback = false;
  const retryFrom = h.sent.length;
  await h.run(1500);
  // Re-reported from the player (the server never heard of the play either: no echo came), stamped
  // with the reading it was made from.
  const retried = h.sent.slice(retryFrom).filter((c) => c.type !== "ping");
  expect(retried).toHaveLength(1);
  const command = retried[0] as Extract<ClientCommand, { type: "play" }>;
  expect(command.type).toBe("play");
  expect(command.at! - seekedAt).toBeGreaterThanOrEqual(5000);
  expect(command.position).toBeCloseTo(42 + (command.at! - seekedAt) / 1000, 2);
});

test("a pong is timed by when the background received it, not when the busy page got to it", async () => {
  const h = new Harness();
  const player = new FakePlayer(h.clock);
  h.session.setPlayer(player);
  h.session.receive(snapshot(h, "guest"));
  // A new connection: the estimate starts over, and its first answer is handed over 2 s late by a
  // page that was blocked meanwhile.
  h.session.resetClock();
  const t0 = h.clock.now;
  h.clock.now += 2000;
  const answered = t0 + 7.5 + OFFSET;
  h.session.receive({ v: PROTOCOL_VERSION, type: "pong", t0, t1: answered, t2: answered }, t0 + 15);
  expect(h.session.client.clock.offset).toBeCloseTo(OFFSET, 6);
  expect(h.session.client.clock.rtt).toBeCloseTo(15, 6);
});

test("chat, drawing and presence reach the model (echoes deduplicated); refusals and blocked autoplay become notices", async () => {
  const h = new Harness();
  const player = new FakePlayer(h.clock);
  player.blockPlay = true;
  h.session.setPlayer(player);
  h.session.receive(snapshot(h, "host"));
  const message = { id: "c1", userId: "g1", displayName: "Gail", text: "hi", at: 1 };
  h.session.receive({ v: PROTOCOL_VERSION, type: "chat", message });
  h.session.receive({ v: PROTOCOL_VERSION, type: "chat", message });
  expect(h.session.model.chat).toEqual([message]);

  const stroke = { id: "s1", points: [[0.1, 0.1], [0.5, 0.5]] as [number, number][], color: "#ff0000", width: 0.01 };
  await h.session.sendStroke(stroke);
  h.session.receive({ v: PROTOCOL_VERSION, type: "draw.stroke", stroke });
  expect(h.session.model.strokes).toEqual([stroke]);
  expect(h.sent.filter((c) => c.type === "draw.stroke")).toHaveLength(1);
  await h.session.clearDrawing();
  expect(h.session.model.strokes).toEqual([]);

  // The drawing is bounded like the server's: past DRAWING_MAX_POINTS the oldest strokes go.
  const big = (id: string) => ({ id, points: Array.from({ length: 2000 }, () => [0.5, 0.5]) as [number, number][], color: "#ff0000", width: 0.01 });
  for (let i = 0; i < DRAWING_MAX_POINTS / 2000 + 2; i++) h.session.receive({ v: PROTOCOL_VERSION, type: "draw.stroke", stroke: big(`b${i}`) });
  expect(h.session.model.strokes.map((s) => s.id)).toEqual(Array.from({ length: DRAWING_MAX_POINTS / 2000 }, (_, i) => `b${i + 2}`));
  await h.session.clearDrawing();

  h.session.receive({ v: PROTOCOL_VERSION, type: "presence", members: 4, hostOnline: false });
  expect(h.session.model).toMatchObject({ members: 4, hostOnline: false });

  h.failChat = "You're sending messages too fast. Please wait a moment.";
  await expect(h.session.sendChat("spam")).rejects.toThrow();
  expect(h.session.model.notice).toBe("You're sending messages too fast. Please wait a moment.");

  // A guest whose browser blocks play() is told to click play once.
  const g = new Harness();
  const guestPlayer = new FakePlayer(g.clock);
  guestPlayer.blockPlay = true;
  g.session.setPlayer(guestPlayer);
  g.session.receive(snapshot(g, "guest", { paused: false, position: 3, seq: 1 }));
  await g.run(3000);
  await Promise.resolve();
  expect(g.session.model.notice).toBe(AUTOPLAY_NOTICE);
  // Guests cannot draw.
  await g.session.sendStroke(stroke);
  expect(g.sent.some((c) => c.type === "draw.stroke")).toBe(false);
});

test("a hand-over switches roles live: the new host's pause becomes a command, the old host's player follows", async () => {
  // Gail (g1) is a guest following Hank's playback; then Hank hands the host role to her.
  const { h, player } = joined("guest", { paused: false, position: 10, seq: 1 });
  await h.run(3000);
  expect(player.paused).toBe(false);
  expect(h.sent.filter((c) => c.type !== "ping")).toEqual([]);

  h.session.receive({ v: PROTOCOL_VERSION, type: "party", party: meta({ hostUserId: "g1", hostDisplayName: "Gail" }) });
  expect(h.session.model.role).toBe("host");
  expect(h.models.at(-1)?.role).toBe("host");
  await h.run(1000);
  // Taking over changes nothing by itself: her player was in sync.
  expect(h.sent.filter((c) => c.type !== "ping")).toEqual([]);
  player.pause();
  await h.run(500);
  expect(h.sent.filter((c) => c.type !== "ping").map((c) => c.type)).toEqual(["pause"]);
  // Her own pause is no longer "pulled back".
  expect(player.paused).toBe(true);

  // And back: as a guest again, she follows the new host's state instead of reporting her own.
  h.session.receive({ v: PROTOCOL_VERSION, type: "party", party: meta() });
  expect(h.session.model.role).toBe("guest");
  h.session.receive({ v: PROTOCOL_VERSION, type: "playback", state: { mediaId: "m0", paused: false, position: 30, rate: 1, at: h.serverNow(), seq: 5 } });
  await h.run(3000);
  expect(player.paused).toBe(false);
  expect(Math.abs(player.time() - (30 + 3))).toBeLessThan(0.1);
  expect(h.sent.filter((c) => c.type !== "ping").map((c) => c.type)).toEqual(["pause"]);
});

test("a hand-over while the old host's player stalls: the new host plays on; a person's pause stays a pause", async () => {
  // Hank's player stalled, so the party waits on his frame (a stall pause); then he hands over to Gail.
  const { h, player } = joined("guest", { paused: false, position: 10, seq: 1 });
  await h.run(3000);
  h.session.receive({ v: PROTOCOL_VERSION, type: "playback", state: { mediaId: "m0", paused: true, stalled: true, position: 13, rate: 1, at: h.serverNow(), seq: 2 } });
  await h.run(1000);
  expect(player.paused).toBe(true);
  h.session.receive({ v: PROTOCOL_VERSION, type: "party", party: meta({ hostUserId: "g1", hostDisplayName: "Gail" }) });
  await h.run(1000);
  // Her player resumes and the play is published: the party does not stay stuck on Hank's stall.
  expect(player.paused).toBe(false);
  expect(h.sent.filter((c) => c.type !== "ping").map((c) => c.type)).toEqual(["play"]);

  // A hand-over while her player is paused as a guest's is for a moment (here her own pause, which the
  // drift controller pulls back; a seek-and-hold looks the same) and the party plays: she plays on and
  // the party is not paused by her first report as host.
  const { h: m, player: held } = joined("guest", { paused: false, position: 10, seq: 1 });
  await m.run(3000);
  held.pause();
  m.session.receive({ v: PROTOCOL_VERSION, type: "party", party: meta({ hostUserId: "g1", hostDisplayName: "Gail" }) });
  await m.run(1000);
  expect(held.paused).toBe(false);
  expect(m.sent.some((c) => c.type === "pause")).toBe(false);

  // The same hand-over after a person paused: nothing resumes.
  const { h: k, player: kept } = joined("guest", { paused: true, position: 10, seq: 1 });
  await k.run(2000);
  k.session.receive({ v: PROTOCOL_VERSION, type: "party", party: meta({ hostUserId: "g1", hostDisplayName: "Gail" }) });
  await k.run(1000);
  expect(kept.paused).toBe(true);
  expect(k.sent.filter((c) => c.type !== "ping")).toEqual([]);
});

test("the recording state comes with the snapshot and follows the recording events (the overlay's badge)", () => {
  const h = new Harness();
  const recording = { id: "rec1", startedAt: h.serverNow(), includeChat: true };
  h.session.receive({ ...(snapshot(h, "guest", { paused: false, position: 5, seq: 1 }) as SnapshotEvent), recording });
  expect(h.session.model.recording).toEqual(recording);
  h.session.receive({ v: PROTOCOL_VERSION, type: "recording", recording: null });
  expect(h.session.model.recording).toBeNull();
  expect(h.models.at(-1)?.recording).toBeNull();
  h.session.receive({ v: PROTOCOL_VERSION, type: "recording", recording: { ...recording, id: "rec2", includeChat: false } });
  expect(h.models.at(-1)?.recording).toMatchObject({ id: "rec2", includeChat: false });
});

test("the party's queue and moderation are the session's: folded from the stream into the model the room renders, parts unchanged keep their identity", () => {
  const h = new Harness();
  h.session.receive(snapshot(h, "guest", { paused: true, position: 0, seq: 1 }));
  // A snapshot from a server that sends no queue or moderation: empty ones, never undefined.
  expect(h.session.model.queue).toEqual(emptyQueue());
  expect(h.session.model.moderation?.muted).toEqual([]);
  const queue = { ...emptyQueue(), items: [{ id: "q1", url: "https://www.youtube.com/watch?v=ccccccccccc", title: "Next up" }] };
  h.session.receive({ v: PROTOCOL_VERSION, type: "queue", queue });
  expect(h.models.at(-1)?.queue?.items.map((i) => i.title)).toEqual(["Next up"]);
  const queueShown = h.session.model.queue;
  const moderation = { muted: ["g1"], slowModeSeconds: 10, locked: true, twitchVotes: false, waitForEveryone: false, pauseForAds: false };
  h.session.receive({ v: PROTOCOL_VERSION, type: "moderation", moderation });
  expect(h.models.at(-1)?.moderation).toEqual(moderation);
  // Muted: the notice says so; the queue, untouched by the event, is the same object (memoised panels keep still).
  expect(h.models.at(-1)?.notice).toBe(MUTED_MESSAGE);
  expect(h.session.model.queue).toBe(queueShown);
  expect(h.session.partyState?.queue).toBe(queueShown);
});

test("the viewer's own removal is kept with its reason; another member's is not", () => {
  const h = new Harness();
  h.session.receive(snapshot(h, "guest", { paused: true, position: 0, seq: 1 }));
  h.session.receive({ v: PROTOCOL_VERSION, type: "member.removed", memberId: "someone-else", reason: "ban" });
  expect(h.session.model.removal ?? null).toBeNull();
  h.session.receive({ v: PROTOCOL_VERSION, type: "member.removed", memberId: "g1", reason: "kick" });
  expect(h.models.at(-1)?.removal).toBe("kick");
  expect(h.models.at(-1)?.notice).toBe(removalMessage("kick"));
});

test("send() is the one way out for every command, moderation and recording too: the server's answer comes back, a refusal rejects", async () => {
  const h = new Harness();
  h.session.receive(snapshot(h, "host", { paused: true, position: 0, seq: 1 }));
  const mute = { v: PROTOCOL_VERSION, type: "member.mute", memberId: "g1" } as const;
  const add: PartyCommand = { v: PROTOCOL_VERSION, type: "queue.add", items: [{ url: "https://youtu.be/ccccccccccc" }] };
  const stop = { v: PROTOCOL_VERSION, type: "recording.stop" } as const;
  await expect(h.session.send(mute)).resolves.toBeUndefined();
  await expect(h.session.send(add)).resolves.toBeUndefined();
  h.answer = { id: "9", recordingId: "rec1" };
  await expect(h.session.send(stop)).resolves.toEqual({ id: "9", recordingId: "rec1" });
  expect(h.sent.filter((c) => c.type !== "ping")).toEqual([mute, add, stop]);
  h.failPlayback = true;
  await expect(h.session.send({ v: PROTOCOL_VERSION, type: "room.lock", locked: true })).rejects.toThrow("Failed to fetch");
});

test("the host's overlay switches (recording, Twitch votes) become commands; a guest's do nothing", async () => {
  const h = new Harness();
  h.session.receive(snapshot(h, "host", { paused: true, position: 0, seq: 1 }));
  await h.session.setRecording(true);
  await h.session.setTwitchVotes(true);
  await h.session.setRecording(false);
  expect(h.sent.filter((c) => c.type !== "ping")).toEqual([
    { v: PROTOCOL_VERSION, type: "recording.start", includeChat: true },
    { v: PROTOCOL_VERSION, type: "room.twitchvotes", enabled: true },
    { v: PROTOCOL_VERSION, type: "recording.stop" },
  ]);
  h.session.receive({ v: PROTOCOL_VERSION, type: "moderation", moderation: { muted: [], slowModeSeconds: 0, locked: false, twitchVotes: true, waitForEveryone: false, pauseForAds: false } });
  expect(h.models.at(-1)?.twitchVotes).toBe(true);

  const g = new Harness();
  g.session.receive(snapshot(g, "guest", { paused: true, position: 0, seq: 1 }));
  await g.session.setRecording(true);
  await g.session.setTwitchVotes(true);
  expect(g.sent.filter((c) => c.type !== "ping")).toEqual([]);
});

test("a guest's own offset moves their player ahead of the host; Sync now puts a drifted player back at once", async () => {
  const { h, player } = joined("guest", { paused: false, position: 10, seq: 1 });
  await h.run(3000);
  expect(Math.abs(player.time() - 13)).toBeLessThan(0.05);

  h.session.setViewerOffset(1000);
  expect(h.models.at(-1)?.viewerOffsetMs).toBe(1000);
  await h.run(3000);
  // The host is at 16 s: this viewer's player runs a second ahead of it.
  expect(Math.abs(player.time() - 17)).toBeLessThan(0.05);

  // Knocked 200 ms off (below the seek threshold): Sync now lands it back within a tick or two.
  h.session.setViewerOffset(0);
  await h.run(3000);
  player.seek(player.time() + 0.2);
  h.session.syncNow();
  await h.run(1000);
  expect(Math.abs(player.time() - 20)).toBeLessThan(0.05);
  // The host has nothing to sync to.
  const host = new Harness();
  host.session.receive(snapshot(host, "host", { paused: true, position: 0, seq: 1 }));
  host.session.syncNow();
  expect(host.sent.filter((c) => c.type !== "ping")).toEqual([]);
});

test("a guest's player buffering over a second is reported (and its end); a blip is not; the host sees who buffers", async () => {
  const { h, player } = joined("guest", { paused: false, position: 10, seq: 1 });
  await h.run(2000);
  const reports = () => h.sent.filter((c) => c.type === "buffering");

  player.buffering = true;
  await h.run(600);
  player.buffering = false;
  await h.run(1000);
  expect(reports()).toEqual([]);

  player.buffering = true;
  await h.run(1500);
  expect(reports()).toEqual([{ v: PROTOCOL_VERSION, type: "buffering", on: true }]);
  await h.run(3000);
  expect(reports()).toHaveLength(1);
  player.buffering = false;
  await h.run(500);
  expect(reports().map((c) => c.type === "buffering" && c.on)).toEqual([true, false]);

  // The host's view: who buffers, in order, never itself; gone when they stop or leave.
  const host = new Harness();
  host.session.receive(snapshot(host, "host", { paused: false, position: 0, seq: 1 }));
  const buffering = (memberId: string, displayName: string, on: boolean) =>
    host.session.receive({ v: PROTOCOL_VERSION, type: "member.buffering", memberId, displayName, on });
  buffering("g1", "Gail", true);
  buffering("g2", "Sam", true);
  buffering("host", "Hank", true);
  expect(host.session.model.buffering).toEqual([
    { memberId: "g1", displayName: "Gail" },
    { memberId: "g2", displayName: "Sam" },
  ]);
  buffering("g1", "Gail", false);
  expect(host.session.model.buffering).toEqual([{ memberId: "g2", displayName: "Sam" }]);
  host.session.receive({ v: PROTOCOL_VERSION, type: "presence", members: 1, hostOnline: true, roster: [{ userId: "host", displayName: "Hank", role: "host", guest: false }] });
  expect(host.session.model.buffering).toEqual([]);
});

test("wait for everyone: the host's player pauses while a member buffers and plays on when they are back, or after 30 s", async () => {
  const moderation = (waitForEveryone: boolean) => ({ muted: [], slowModeSeconds: 0, locked: false, twitchVotes: false, waitForEveryone, pauseForAds: false });
  const { h, player } = joined("host", { paused: false, position: 5, seq: 1 }, { moderation: moderation(false) });
  await player.play();
  await h.run(1000);
  const buffering = (memberId: string, on: boolean) => h.session.receive({ v: PROTOCOL_VERSION, type: "member.buffering", memberId, displayName: memberId, on });

  // Keep going (the default): a buffering member changes nothing.
  buffering("g1", true);
  await h.run(1000);
  expect(player.paused).toBe(false);
  buffering("g1", false);

  // Wait for everyone: paused (and the pause published) while Gail buffers, playing once she is back.
  h.session.receive({ v: PROTOCOL_VERSION, type: "moderation", moderation: moderation(true) });
  buffering("g1", true);
  await h.run(500);
  expect(player.paused).toBe(true);
  expect(h.session.model.waitingForBuffering).toBe(true);
  expect(h.sent.filter((c) => c.type === "pause")).toHaveLength(1);
  buffering("g1", false);
  await h.run(500);
  expect(player.paused).toBe(false);
  expect(h.session.model.waitingForBuffering).toBe(false);

  // Someone who never recovers is waited for 30 s at most, once per buffering episode.
  buffering("g2", true);
  await h.run(29_000);
  expect(player.paused).toBe(true);
  await h.run(1500);
  expect(player.paused).toBe(false);
  await h.run(5000);
  expect(player.paused).toBe(false);

  // The host presses play while waiting: the party goes on without them.
  buffering("g3", true);
  await h.run(500);
  expect(player.paused).toBe(true);
  await player.play();
  await h.run(2000);
  expect(player.paused).toBe(false);
  expect(h.session.model.waitingForBuffering).toBe(false);
});

const adReports = (h: Harness) => h.sent.filter((c) => c.type === "ad").map((c) => c.type === "ad" && c.on);

test("an ad on a guest's player is reported once it showed a second, and its end; a flicker is not; the guest is left alone and resyncs after", async () => {
  const { h, player } = joined("guest", { paused: false, position: 10, seq: 1 });
  const joinedAt = h.clock.now;
  const hostNow = () => 10 + (h.clock.now - joinedAt) / 1000;
  await h.run(2000);
  expect(Math.abs(player.time() - hostNow())).toBeLessThan(0.05);

  // A class that flickers on for half a second is no ad break.
  player.ad = true;
  await h.run(500);
  player.ad = false;
  await h.run(2000);
  expect(adReports(h)).toEqual([]);

  // A 30 s ad: reported after a second; meanwhile nothing is done to the player (it plays the ad).
  const contentAt = player.time();
  player.userSeek(0);
  player.ad = true;
  const callsBefore = player.calls.length;
  await h.run(1500);
  expect(adReports(h)).toEqual([true]);
  expect(h.session.model).toMatchObject({ status: "ad", inAd: true, driftMs: null });
  await h.run(28_500);
  expect(player.calls.slice(callsBefore)).toEqual([]);
  expect(adReports(h)).toEqual([true]);

  // The media comes back where it stopped, 30 s behind the host: resynced at once, the end reported.
  player.ad = false;
  player.userSeek(contentAt);
  await h.run(300);
  expect(player.calls.slice(callsBefore)).toContain("pause");
  expect(player.calls.slice(callsBefore).some((c) => c.startsWith("seek"))).toBe(true);
  await h.run(3000);
  expect(Math.abs(player.time() - hostNow())).toBeLessThan(0.05);
  expect(adReports(h)).toEqual([true, false]);
  expect(h.session.model.inAd).toBe(false);
});

test("back after a reload mid-ad (the snapshot still names you): the end of the ad is reported once the player shows none", async () => {
  const h = new Harness();
  const player = new FakePlayer(h.clock);
  h.session.setPlayer(player);
  h.session.setConnection("open");
  h.session.receive({ ...(snapshot(h, "guest", { paused: false, position: 10, at: h.serverNow() }) as SnapshotEvent), ads: [{ memberId: "g1", displayName: "Gail" }] });
  expect(h.session.model.ads).toEqual([]);
  await h.run(1500);
  expect(adReports(h)).toEqual([false]);
});

test("everyone sees who is watching an ad (never themselves, the snapshot's too); those who leave or are removed drop out", () => {
  const h = new Harness();
  h.session.receive({ ...(snapshot(h, "guest") as SnapshotEvent), ads: [{ memberId: "host", displayName: "Hank" }, { memberId: "g1", displayName: "Gail" }] });
  expect(h.session.model.ads).toEqual([{ memberId: "host", displayName: "Hank" }]);
  const ad = (memberId: string, displayName: string, on: boolean) => h.session.receive({ v: PROTOCOL_VERSION, type: "member.ad", memberId, displayName, on });
  ad("g2", "Sam", true);
  ad("g3", "Cat", true);
  ad("g1", "Gail", true);
  ad("host", "Hank", false);
  expect(h.session.model.ads).toEqual([
    { memberId: "g2", displayName: "Sam" },
    { memberId: "g3", displayName: "Cat" },
  ]);
  h.session.receive({ v: PROTOCOL_VERSION, type: "member.removed", memberId: "g3", reason: "kick" });
  expect(h.session.model.ads).toEqual([{ memberId: "g2", displayName: "Sam" }]);
  h.session.receive({ v: PROTOCOL_VERSION, type: "presence", members: 2, hostOnline: true, roster: [{ userId: "host", displayName: "Hank", role: "host", guest: false }, { userId: "g1", displayName: "Gail", role: "guest", guest: true }] });
  expect(h.session.model.ads).toEqual([]);
  expect(h.models.at(-1)?.ads).toEqual([]);
});

test("pause for ads: the host's player pauses while a member watches an ad and plays on when the last one ends, or after 3 min", async () => {
  const moderation = (pauseForAds: boolean) => ({ muted: [], slowModeSeconds: 0, locked: false, twitchVotes: false, waitForEveryone: false, pauseForAds });
  const { h, player } = joined("host", { paused: false, position: 5, seq: 1 }, { moderation: moderation(false) });
  await player.play();
  await h.run(1000);
  const ad = (memberId: string, on: boolean) => h.session.receive({ v: PROTOCOL_VERSION, type: "member.ad", memberId, displayName: memberId, on });

  // Keep going (the default): a member's ad changes nothing.
  ad("g1", true);
  await h.run(1000);
  expect(player.paused).toBe(false);
  ad("g1", false);

  // Pause for ads: paused (and the pause published, a person's pause: not a stall) while Gail's and
  // Sam's ads run; played on when the last one ends.
  await h.session.setPauseForAds(true);
  expect(h.sent.filter((c) => c.type === "room.pauseforads")).toEqual([{ v: PROTOCOL_VERSION, type: "room.pauseforads", enabled: true }]);
  h.session.receive({ v: PROTOCOL_VERSION, type: "moderation", moderation: moderation(true) });
  ad("g1", true);
  await h.run(500);
  expect(player.paused).toBe(true);
  expect(h.session.model.waitingForAds).toBe(true);
  expect(h.sent.filter((c) => c.type === "pause").at(-1)).not.toHaveProperty("stall");
  await h.run(20_000);
  ad("g2", true);
  await h.run(10_000);
  ad("g1", false);
  await h.run(10_000);
  expect(player.paused).toBe(true);
  ad("g2", false);
  await h.run(500);
  expect(player.paused).toBe(false);
  expect(h.session.model.waitingForAds).toBe(false);

  // A break that never ends is waited for 3 min at most, once.
  ad("g3", true);
  await h.run(179_000);
  expect(player.paused).toBe(true);
  await h.run(1500);
  expect(player.paused).toBe(false);
  await h.run(10_000);
  expect(player.paused).toBe(false);
  ad("g3", false);

  // Someone who leaves mid-ad is no longer waited for.
  ad("g4", true);
  await h.run(500);
  expect(player.paused).toBe(true);
  h.session.receive({ v: PROTOCOL_VERSION, type: "presence", members: 1, hostOnline: true, roster: [{ userId: "host", displayName: "Hank", role: "host", guest: false }] });
  await h.run(500);
  expect(player.paused).toBe(false);

  // The host pauses by hand during an ad: the ad's end does not play the party.
  player.pause();
  await h.run(500);
  ad("g5", true);
  await h.run(5000);
  ad("g5", false);
  await h.run(2000);
  expect(player.paused).toBe(true);
});

test("an ad on the host's player holds the party like a stall (guests read it as the host's ad); the host's wait for others stays out of it", async () => {
  const moderation = { muted: [], slowModeSeconds: 0, locked: false, twitchVotes: false, waitForEveryone: false, pauseForAds: true };
  const { h, player } = joined("host", { paused: false, position: 5, seq: 1 }, { moderation });
  await player.play();
  await h.run(1000);
  player.ad = true;
  await h.run(1500);
  expect(h.sent.filter((c) => c.type === "pause").at(-1)).toMatchObject({ stall: true });
  expect(adReports(h)).toEqual([true]);
  // A guest's ad meanwhile: the host's player (playing its ad) is not paused for it.
  const calls = player.calls.length;
  h.session.receive({ v: PROTOCOL_VERSION, type: "member.ad", memberId: "g1", displayName: "Gail", on: true });
  await h.run(2000);
  expect(player.calls.slice(calls)).toEqual([]);
  expect(h.session.model.inAd).toBe(true);

  // A guest reads the host's ad for what it is.
  const g = new Harness();
  g.session.receive({ ...(snapshot(g, "guest", { paused: true, stalled: true, position: 6 }) as SnapshotEvent), ads: [{ memberId: "host", displayName: "Hank" }] });
  expect(g.session.model.ads).toEqual([{ memberId: "host", displayName: "Hank" }]);
});
