import {
  MAX_COMMAND_AGE_MS,
  MAX_COMMAND_LEAD_MS,
  PROTOCOL_VERSION as v,
  StateTimeline,
  applyHostCommand,
  expectedPosition,
  initialPlaybackState,
  onlyHorizonChanged,
  syncTarget,
  type Media,
  type PartyPlayback,
  type PlaybackState,
} from "@/lib/sync";

const T = 1_760_000_000_000;
const media: Media = { id: "m0", url: "https://www.youtube.com/watch?v=abc", title: "A", duration: 600 };
const playing: PlaybackState = { mediaId: "m0", paused: false, position: 100, rate: 1, at: T, seq: 5 };
const room: PartyPlayback = { playback: playing, media };

describe("expectedPosition", () => {
  it("advances at the host's rate while playing, both ways from `at`", () => {
    expect(expectedPosition(playing, T + 2500)).toBeCloseTo(102.5, 9);
    expect(expectedPosition({ ...playing, rate: 1.5 }, T + 2000)).toBeCloseTo(103, 9);
    expect(expectedPosition(playing, T - 10)).toBeCloseTo(99.99, 9);
  });

  it("stays put while paused and never goes below 0", () => {
    expect(expectedPosition({ ...playing, paused: true }, T + 60_000)).toBe(100);
    expect(expectedPosition({ ...playing, position: 0.001 }, T - 1000)).toBe(0);
  });
});

describe("applyHostCommand", () => {
  it("starts a party paused at 0", () => {
    expect(initialPlaybackState("m0", T)).toEqual({ mediaId: "m0", paused: true, position: 0, rate: 1, at: T, seq: 0 });
  });

  it("pauses where the host was (its own reading and stamp) and bumps seq", () => {
    const next = applyHostCommand(room, { v, type: "pause", position: 101.2, at: T + 1150 }, T + 1200);
    expect(next.playback).toEqual({ mediaId: "m0", paused: true, position: 101.2, rate: 1, at: T + 1150, seq: 6 });
    expect(next.media).toBe(media);
  });

  it("without a reading, uses the expected position at arrival", () => {
    const next = applyHostCommand(room, { v, type: "pause" }, T + 3000);
    expect(next.playback.position).toBeCloseTo(103, 9);
    expect(next.playback.at).toBe(T + 3000);
  });

  it("marks a host's seek under way (a stall on its target) until the next change; `seeking` alone means nothing", () => {
    const seeking = applyHostCommand(room, { v, type: "pause", position: 400, at: T + 1000, stall: true, seeking: true }, T + 1000);
    expect(seeking.playback).toEqual({ mediaId: "m0", paused: true, stalled: true, seeking: true, position: 400, rate: 1, at: T + 1000, seq: 6 });
    const landed = applyHostCommand(seeking, { v, type: "play", position: 400.3, at: T + 3000 }, T + 3000).playback;
    expect(landed).toMatchObject({ paused: false, position: 400.3 });
    expect(landed).not.toHaveProperty("seeking");
    expect(landed).not.toHaveProperty("stalled");
    const plain = applyHostCommand(room, { v, type: "pause", position: 101, at: T + 1000, seeking: true }, T + 1000).playback;
    expect(plain).not.toHaveProperty("seeking");
    expect(plain).not.toHaveProperty("stalled");
  });

  it("marks a stall pause as a stall until the next change of any kind", () => {
    const stalled = applyHostCommand(room, { v, type: "pause", position: 101, at: T + 1000, stall: true }, T + 1000);
    expect(stalled.playback).toEqual({ mediaId: "m0", paused: true, stalled: true, position: 101, rate: 1, at: T + 1000, seq: 6 });
    expect(applyHostCommand(stalled, { v, type: "play", position: 101, at: T + 2000 }, T + 2000).playback).not.toHaveProperty("stalled");
    expect(applyHostCommand(stalled, { v, type: "pause", position: 101, at: T + 2000 }, T + 2000).playback).not.toHaveProperty("stalled");
    expect(applyHostCommand(stalled, { v, type: "seek", position: 50 }, T + 2000).playback).not.toHaveProperty("stalled");
  });

  it("plays, seeks and changes rate", () => {
    const paused = { ...room, playback: { ...playing, paused: true } };
    expect(applyHostCommand(paused, { v, type: "play", position: 100, at: T + 10 }, T + 50).playback).toMatchObject({ paused: false, position: 100, at: T + 10 });
    expect(applyHostCommand(room, { v, type: "seek", position: 300 }, T + 50).playback).toMatchObject({ paused: false, position: 300, at: T + 50, seq: 6 });
    const faster = applyHostCommand(room, { v, type: "rate", rate: 1.25, position: 101, at: T + 1000 }, T + 1040).playback;
    expect(faster).toMatchObject({ rate: 1.25, position: 101, at: T + 1000 });
    expect(expectedPosition(faster, T + 5000)).toBeCloseTo(106, 9);
  });

  it("clamps stamps that are too old or too far ahead, and positions past the end", () => {
    const fresh = { ...room, playback: { ...room.playback, at: T - 10 * MAX_COMMAND_AGE_MS } };
    const old = applyHostCommand(fresh, { v, type: "seek", position: 10, at: T - 2 * MAX_COMMAND_AGE_MS }, T);
    expect(old.playback.at).toBe(T - MAX_COMMAND_AGE_MS);
    const ahead = applyHostCommand(room, { v, type: "seek", position: 10, at: T + 60_000 }, T);
    expect(ahead.playback.at).toBe(T + MAX_COMMAND_LEAD_MS);
    expect(applyHostCommand(room, { v, type: "seek", position: 9999 }, T).playback.position).toBe(600);
  });

  it("keeps a slow command's own stamp, and orders commands by their stamps", () => {
    // Seen 3 s after the host's reading (a slow uplink): the reading is still exact at its stamp.
    const slow = applyHostCommand(room, { v, type: "seek", position: 200, at: T + 1000 }, T + 4000);
    expect(slow.playback).toMatchObject({ position: 200, at: T + 1000, seq: room.playback.seq + 1 });
    // A command stamped before the state in force (it took longer than the next one) is superseded.
    const overtaken = applyHostCommand(slow, { v, type: "pause", position: 150, at: T + 900 }, T + 4100);
    expect(overtaken).toBe(slow);
    const media = applyHostCommand(slow, { v, type: "media", url: "https://www.netflix.com/watch/2", title: "C" }, T + 5000);
    expect(applyHostCommand(media, { v, type: "seek", position: 5, at: T + 4500 }, T + 5100)).toBe(media);
  });

  it("changes media: a new id derived from seq, paused at 0, keeping the rate", () => {
    const fast = { ...room, playback: { ...playing, rate: 1.5 } };
    const next = applyHostCommand(fast, { v, type: "media", url: "https://www.netflix.com/watch/1", title: "B" }, T + 5);
    expect(next.media).toEqual({ id: "m6", url: "https://www.netflix.com/watch/1", title: "B", duration: null });
    expect(next.playback).toEqual({ mediaId: "m6", paused: true, position: 0, rate: 1.5, at: T + 5, seq: 6 });
  });

  it("keeps the host's horizon each command read, and only that one: none when it did not read one", () => {
    const bounded = applyHostCommand(room, { v, type: "seek", position: 300, horizon: 302, at: T + 10 }, T + 50).playback;
    expect(bounded).toMatchObject({ position: 300, horizon: 302 });
    expect(applyHostCommand({ ...room, playback: bounded }, { v, type: "pause", position: 301, at: T + 1010, stall: true, horizon: 301 }, T + 1050).playback).toMatchObject({
      stalled: true,
      horizon: 301,
    });
    expect(applyHostCommand({ ...room, playback: bounded }, { v, type: "seek", position: 10, at: T + 20 }, T + 60).playback).not.toHaveProperty("horizon");
  });

  it("moves the horizon on alone: the same position, stamp and stall marks; null withdraws it", () => {
    const stalled: PlaybackState = { ...playing, paused: true, stalled: true, horizon: 120 };
    const moved = applyHostCommand({ ...room, playback: stalled }, { v, type: "horizon", horizon: 150, at: T + 5000 }, T + 5040).playback;
    expect(moved).toEqual({ ...stalled, horizon: 150, seq: playing.seq + 1 });
    expect(onlyHorizonChanged(stalled, moved)).toBe(true);
    const withdrawn = applyHostCommand({ ...room, playback: moved }, { v, type: "horizon", horizon: null, at: T + 6000 }, T + 6040).playback;
    expect(withdrawn).toEqual({ ...playing, paused: true, stalled: true, seq: playing.seq + 2 });
    expect(onlyHorizonChanged(moved, withdrawn)).toBe(true);
    // A report read before the state in force is superseded like any command.
    expect(applyHostCommand(room, { v, type: "horizon", horizon: 90, at: T - 10 }, T + 40).playback).toBe(playing);
    expect(onlyHorizonChanged(playing, { ...playing, position: 100.5, seq: 6 })).toBe(false);
  });

  it("keeps seq strictly increasing over any command sequence", () => {
    let r = room;
    const seqs = [r.playback.seq];
    for (const command of [
      { v, type: "play" },
      { v, type: "seek", position: 5 },
      { v, type: "rate", rate: 2 },
      { v, type: "media", url: "https://example.com/v", title: "C" },
      { v, type: "pause" },
    ] as const) {
      r = applyHostCommand(r, command, T);
      seqs.push(r.playback.seq);
    }
    expect(seqs).toEqual([5, 6, 7, 8, 9, 10]);
  });
});

describe("streamer mode (syncTarget)", () => {
  const timeline = () => {
    const t = new StateTimeline();
    t.reset({ ...playing, at: T, position: 100 });
    return t;
  };

  it("without latency, targets the host's expected position", () => {
    expect(syncTarget(timeline(), T + 4000, 0)?.position).toBeCloseTo(104, 9);
  });

  it("with latency, targets host − latency", () => {
    expect(syncTarget(timeline(), T + 4000, 3000)?.position).toBeCloseTo(101, 9);
  });

  it("shows a host seek only once the broadcast has shown it", () => {
    const t = timeline();
    t.push({ ...playing, position: 500, at: T + 10_000, seq: 6 });
    // 1 s after the seek, viewers of a 3 s-late stream still see the old scene…
    expect(syncTarget(t, T + 11_000, 3000)).toMatchObject({ position: 108, state: { seq: 5 } });
    // …and 3 s after it, the new one.
    expect(syncTarget(t, T + 13_500, 3000)).toMatchObject({ state: { seq: 6 } });
    expect(syncTarget(t, T + 13_500, 3000)?.position).toBeCloseTo(500.5, 9);
    // Without latency the seek applies at once.
    expect(syncTarget(t, T + 11_000, 0)?.position).toBeCloseTo(501, 9);
  });

  it("ignores stale or repeated states and forgets superseded ones", () => {
    const t = timeline();
    expect(t.push({ ...playing, seq: 5, position: 1 })).toBe(false);
    expect(t.push({ ...playing, seq: 4, position: 1 })).toBe(false);
    expect(t.push({ ...playing, seq: 6, at: T + 100, position: 7 })).toBe(true);
    t.prune(T + 200);
    expect(t.stateAt(T + 50)?.seq).toBe(6); // the seq-5 state is gone: the oldest known stands in
  });
});
