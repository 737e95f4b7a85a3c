import {
  DEFAULT_DRIFT_CONFIG,
  DriftController,
  HostReporter,
  PROTOCOL_VERSION as v,
  SyncClient,
  type PartyMeta,
  type PlaybackState,
  type PlayerReading,
  type SnapshotEvent,
  type SyncOutput,
} from "@/lib/sync";

const S = 1_760_000_000_000; // server time of the state
const playing: PlaybackState = { mediaId: "m1", paused: false, position: 100, rate: 1, at: S, seq: 1 };
const reading = (over: Partial<PlayerReading> = {}): PlayerReading => ({
  currentTime: 100,
  paused: false,
  playbackRate: 1,
  seeking: false,
  buffering: false,
  mediaId: "m1",
  ...over,
});

/** Drive a controller with local time = server time − 5000 and a player `driftMs` off the target. */
function harness(state: PlaybackState = playing) {
  const controller = new DriftController();
  controller.resetState(state);
  let now = 0;
  const tick = (over: Partial<PlayerReading> & { driftMs?: number } = {}, settled = true) => {
    const { driftMs = 0, ...rest } = over;
    const serverNow = now + S;
    const target = state.paused ? state.position : state.position + (now / 1000) * state.rate;
    return controller.tick({
      now,
      serverNow,
      clockSettled: settled,
      player: reading({ currentTime: target + driftMs / 1000, ...rest }),
    });
  };
  return {
    controller,
    tick,
    advance: (ms: number) => void (now += ms),
    get now() {
      return now;
    },
  };
}

/** Ticks every 100 ms with a steady drift until the controller acts (a few smoothed samples); its decision. */
function steadyDrift(h: ReturnType<typeof harness>, driftMs: number) {
  let decision = h.tick({ driftMs });
  for (let i = 0; i < 3 && decision.actions.length === 0; i++) {
    h.advance(100);
    decision = h.tick({ driftMs });
  }
  return decision;
}

describe("DriftController", () => {
  it("leaves a drift inside the dead band alone, however noisy", () => {
    const h = harness();
    const noise = [8, -7, 10, -9, 6, 11, -10, 9];
    for (let i = 0; i < 40; i++) {
      expect(h.tick({ driftMs: noise[i % noise.length]! }).actions).toEqual([]);
      h.advance(100);
    }
  });

  it("corrects a small drift with a proportional, bounded rate for a planned time, then restores it", () => {
    const h = harness();
    const decision = steadyDrift(h, 30);
    // 30 ms ahead → slow down by 3 % for 1 s.
    expect(decision.actions).toEqual([{ type: "setRate", rate: 0.97 }]);
    expect(decision.status).toBe("correcting");
    expect(decision.wakeAt! - h.now).toBeCloseTo(1000, 0);
    h.advance(decision.wakeAt! - h.now);
    const restore = h.tick({ driftMs: 0, playbackRate: 0.97 });
    expect(restore.actions).toEqual([{ type: "setRate", rate: 1 }]);
    expect(restore.status).toBe("synced");
  });

  it("caps the rate change and takes longer for larger drifts", () => {
    const h = harness();
    let decision = h.tick({ driftMs: -300 });
    for (let i = 0; i < 3 && decision.actions.length === 0; i++) {
      h.advance(100);
      decision = h.tick({ driftMs: -300 });
    }
    expect(decision.actions).toEqual([{ type: "setRate", rate: 1 + DEFAULT_DRIFT_CONFIG.maxRateDelta }]);
    expect(decision.wakeAt! - h.now).toBeCloseTo(300 / DEFAULT_DRIFT_CONFIG.maxRateDelta, 0);
  });

  it("after a correction, holds off a new one unless the drift is large", () => {
    const h = harness();
    let d = h.tick({ driftMs: 20 });
    while (d.actions.length === 0) {
      h.advance(100);
      d = h.tick({ driftMs: 20 });
    }
    // Ticked every 100 ms meanwhile, as the page does (ticks seconds apart are a busy page's).
    while (h.now + 100 < d.wakeAt!) {
      h.advance(100);
      h.tick({ driftMs: 20 * (1 - (h.now - (d.wakeAt! - 1000)) / 1000), playbackRate: 0.98 });
    }
    h.advance(d.wakeAt! - h.now);
    h.tick({ driftMs: 0, playbackRate: 0.98 }); // restore
    const during: string[] = [];
    for (let t = 0; t < DEFAULT_DRIFT_CONFIG.holdOffMs - 200; t += 100) {
      h.advance(100);
      during.push(...h.tick({ driftMs: 18 }).actions.map((a) => a.type));
    }
    expect(during).toEqual([]);
    h.advance(400);
    expect(h.tick({ driftMs: 18 }).actions).toEqual([{ type: "setRate", rate: 0.98 }]);
  });

  it("does not start a fine correction on a clock that has not settled", () => {
    const h = harness();
    for (let i = 0; i < 10; i++) {
      expect(h.tick({ driftMs: 30 }, false).actions).toEqual([]);
      h.advance(100);
    }
  });

  it("seeks ahead of a large drift and holds until the host reaches the landed frame", () => {
    const h = harness();
    const first = h.tick({ driftMs: -5000 });
    const lead = DEFAULT_DRIFT_CONFIG.initialSeekLatencyMs + DEFAULT_DRIFT_CONFIG.minSeekMarginMs;
    expect(first.actions).toEqual([{ type: "pause" }, { type: "seek", position: 100 + lead / 1000 }]);
    expect(first.status).toBe("seeking");
    // The seek takes 120 ms and lands where asked: we are ahead by lead − 120 ms, paused.
    h.advance(50);
    expect(h.tick({ seeking: true, paused: true, currentTime: 100 + lead / 1000 }).actions).toEqual([]);
    h.advance(70);
    const landed = h.tick({ paused: true, currentTime: 100 + lead / 1000 });
    expect(landed.status).toBe("holding");
    expect(landed.actions).toEqual([]);
    const expectedWait = lead - 120 - DEFAULT_DRIFT_CONFIG.initialPlayLatencyMs;
    expect(landed.wakeAt! - h.now).toBeCloseTo(expectedWait, 6);
    h.advance(landed.wakeAt! - h.now);
    expect(h.tick({ paused: true, currentTime: 100 + lead / 1000 }).actions).toEqual([{ type: "play" }]);
    // It learned the seek latency: the next resync leads by 120 ms plus a margin, not 300.
    expect(h.controller.learned.seekLatencyMs).toBe(120);
  });

  it("starts from a player learned in an earlier session: the first resync leads by its seek latency", () => {
    const h = harness();
    expect(h.controller.learnedPlayer()).toBeNull();
    h.controller.restoreLearned({ seekLatencyMs: 2200, seekDeviationMs: 300, playLatencyMs: 40, rateBias: 0.01 });
    const first = h.tick({ driftMs: -5000 });
    // 2.2 s of latency plus a margin of 1.45 × its deviation; the rate set compensates the 1 % bias.
    expect(first.actions).toContainEqual({ type: "seek", position: 100 + (2200 + 1.45 * 300) / 1000 });
    expect(h.controller.learnedPlayer()).toEqual({ seekLatencyMs: 2200, seekDeviationMs: 300, playLatencyMs: 40, rateBias: 0.01 });
  });

  it("widens the lead by where its seeks land: the latency's spread and the landing error add in quadrature", () => {
    const h = harness();
    h.controller.restoreLearned({ seekLatencyMs: 2200, seekDeviationMs: 300, seekLandingErrorMs: 400, playLatencyMs: 0, rateBias: 0 });
    expect(h.tick({ driftMs: -5000 }).actions).toContainEqual({ type: "seek", position: 100 + (2200 + 1.45 * 500) / 1000 });
    expect(h.controller.learnedPlayer()).toMatchObject({ seekDeviationMs: 300, seekLandingErrorMs: 400 });
  });

  it("learns where its paused seeks land", () => {
    const h = harness();
    const seek = h.tick({ driftMs: -5000 }).actions.find((a) => a.type === "seek");
    if (seek?.type !== "seek") throw new Error("no seek");
    h.advance(50);
    h.tick({ seeking: true, paused: true, currentTime: seek.position });
    h.advance(50);
    h.tick({ paused: true, currentTime: seek.position - 0.25 });
    expect(h.controller.learnedPlayer()?.seekLandingErrorMs).toBeCloseTo(250, 6);
  });

  it("does nothing while the player buffers, or while the guest seeks on its own", () => {
    const h = harness();
    expect(h.tick({ driftMs: -2000, buffering: true })).toMatchObject({ actions: [], status: "buffering" });
    expect(h.tick({ driftMs: -2000, seeking: true })).toMatchObject({ actions: [], status: "user-seek" });
  });

  it("waits for the party's media", () => {
    const h = harness();
    expect(h.tick({ mediaId: null, driftMs: -9000 })).toMatchObject({ actions: [], status: "media" });
    expect(h.tick({ mediaId: "m0", driftMs: -9000 })).toMatchObject({ actions: [], status: "media" });
  });

  it("pauses a buffering player when the host pauses, without repeating it every tick", () => {
    const h = harness({ ...playing, paused: true, position: 42 });
    expect(h.tick({ buffering: true, driftMs: 300 })).toMatchObject({ actions: [{ type: "pause" }], status: "buffering" });
    h.advance(250);
    expect(h.tick({ buffering: true, driftMs: 300 }).actions).toEqual([]);
    h.advance(1000);
    expect(h.tick({ buffering: true, driftMs: 300 }).actions).toEqual([{ type: "pause" }]);
  });

  it("pauses on the host's frame when the host pauses", () => {
    const h = harness({ ...playing, paused: true, position: 42 });
    expect(h.tick({ driftMs: 300 }).actions).toEqual([{ type: "pause" }, { type: "seek", position: 42 }]);
    h.advance(150);
    expect(h.tick({ paused: true, driftMs: 10 })).toMatchObject({ actions: [], status: "paused" });
  });

  it("undoes a guest's rate change and plays again after a guest's pause", () => {
    const h = harness();
    expect(h.tick({ playbackRate: 2 }).actions).toEqual([{ type: "setRate", rate: 1 }]);
    h.advance(100);
    expect(h.tick({ paused: true, driftMs: -10 }).actions).toEqual([{ type: "play" }]);
  });

  it("trails the host by the streamer latency", () => {
    const h = harness();
    h.controller.setLatency(3000);
    // At the host's position the guest is 3 s ahead of what the stream shows: it resyncs backwards.
    const d = h.tick({ driftMs: 0 });
    expect(d.driftMs).toBeCloseTo(3000, 6);
    expect(d.actions.map((a) => a.type)).toEqual(["pause", "seek"]);
  });

  it("keeps a viewer's own offset: ahead of the host by it, or further behind, within ±10 s", () => {
    const ahead = harness();
    ahead.controller.setViewerOffset(500);
    // At the host's position the player is 500 ms behind where this viewer wants it.
    expect(ahead.tick({ driftMs: 0 }).driftMs).toBeCloseTo(-500, 6);
    expect(ahead.tick({ driftMs: 500 }).driftMs).toBeCloseTo(0, 6);
    const behind = harness();
    behind.controller.setLatency(1000);
    behind.controller.setViewerOffset(-2000);
    expect(behind.tick({ driftMs: 0 }).driftMs).toBeCloseTo(3000, 6);
    behind.controller.setViewerOffset(-60_000);
    expect(behind.controller.viewerOffset).toBe(-10_000);
    // Paused, everyone shows the host's frame.
    const paused = harness({ ...playing, paused: true, position: 42 });
    paused.controller.setViewerOffset(800);
    expect(paused.tick({ paused: true, driftMs: 0 })).toMatchObject({ actions: [], status: "paused" });
  });

  it("Sync now: seeks at once where the controller would correct by rate; a small drift is left to the rate correction", () => {
    const h = harness();
    // 150 ms off in steady playback: below the seek threshold, the controller corrects by rate after a
    // few smoothed samples. Sync now seeks on the next tick instead.
    h.controller.syncNow();
    expect(h.tick({ driftMs: 150 }).actions.map((a) => a.type)).toEqual(["pause", "seek"]);

    // 30 ms off: no visible seek (a frozen frame would cost more than it fixes).
    const small = harness();
    small.controller.syncNow();
    expect(small.tick({ driftMs: 30 }).actions).toEqual([]);
  });

  it("leaves a player in an ad alone (not even the host's pause), then resyncs at once when it ends", () => {
    const h = harness();
    // A rate correction under way when the ad starts is undone, nothing else.
    expect(steadyDrift(h, 30).actions).toEqual([{ type: "setRate", rate: 0.97 }]);
    h.advance(100);
    expect(h.tick({ ad: true, driftMs: -60_000, playbackRate: 0.97 })).toEqual({ actions: [{ type: "setRate", rate: 1 }], status: "ad", driftMs: null, wakeAt: null });
    for (let i = 0; i < 20; i++) {
      h.advance(250);
      expect(h.tick({ ad: true, driftMs: -60_000 + i * 250 })).toMatchObject({ actions: [], status: "ad" });
    }
    // The host pauses meanwhile: the ad still runs out (paused, it would never end).
    const paused = harness({ ...playing, paused: true, position: 42 });
    expect(paused.tick({ ad: true, driftMs: 9000 })).toMatchObject({ actions: [], status: "ad" });
    // The ad ends 30 s behind the host: the very first tick seeks ahead and holds.
    h.advance(250);
    expect(h.tick({ driftMs: -30_000 }).actions.map((a) => a.type)).toEqual(["pause", "seek"]);
  });

  it("resyncs right after an ad even when failed seeks had made it back off", () => {
    const h = harness();
    const seeks = (d: { actions: { type: string }[] }) => d.actions.filter((a) => a.type === "seek").length;
    // Seeks that land but never get closer (a site that ignores them): after maxSeekRetries in a row
    // the controller stops seeking for a while…
    let seeked = 0;
    for (let i = 0; i < DEFAULT_DRIFT_CONFIG.maxSeekRetries + 1; i++) {
      seeked += seeks(h.tick({ driftMs: -2000, paused: true }));
      h.advance(100);
      h.tick({ driftMs: -2000, paused: true, seeking: true });
      h.advance(100);
    }
    expect(seeked).toBe(DEFAULT_DRIFT_CONFIG.maxSeekRetries);
    expect(seeks(h.tick({ driftMs: -2000, paused: true }))).toBe(0);
    // …but an ad starts a new episode: the first tick after it seeks.
    h.advance(100);
    h.tick({ ad: true });
    h.advance(100);
    expect(seeks(h.tick({ driftMs: -2000, paused: true }))).toBe(1);
  });

  it("joins a slow host seek at once, aiming past its target; holds once the host plays from its landing", () => {
    const seekingState: PlaybackState = { ...playing, paused: true, stalled: true, seeking: true, position: 400, seq: 2 };
    const h = harness(seekingState);
    h.controller.restoreLearned({ seekLatencyMs: 2200, seekDeviationMs: 300, playLatencyMs: 0, rateBias: 0 });
    h.advance(100); // the news took 100 ms
    const first = h.tick({ paused: false, currentTime: 101 });
    expect(first.status).toBe("seeking");
    // Past the target by the news' age plus √2 × the margin (two seeks' spread): 100 + 1.414 × 435 ms.
    const aim = 400 + (100 + Math.SQRT2 * 1.45 * 300) / 1000;
    expect(first.actions).toEqual(expect.arrayContaining([{ type: "pause" }, { type: "seek", position: aim }]));
    // Landed anywhere between the target and a bit past the aim: it waits there for the host.
    for (let i = 0; i < 21; i++) {
      h.advance(100);
      expect(h.tick({ paused: true, seeking: true, currentTime: aim }).actions).toEqual([]);
    }
    h.advance(100);
    const landed = h.tick({ paused: true, currentTime: aim - 0.3 });
    expect(landed).toMatchObject({ status: "host-seeking", actions: [] });
    // The host landed at 400.2 and plays: we hold until it reaches our frame.
    h.controller.pushState({ ...playing, position: 400.2, at: S + 2300, seq: 3 });
    const hold = h.controller.tick({ now: h.now, serverNow: S + h.now, player: reading({ paused: true, currentTime: aim - 0.3 }) });
    expect(hold.status).toBe("holding");
    expect(hold.actions).toEqual([]);
  });

  it("lets a quick player and a busy page play on through a host seek, following its landing", () => {
    const seekingState: PlaybackState = { ...playing, paused: true, stalled: true, seeking: true, position: 400, seq: 2 };
    const quick = harness(seekingState);
    expect(quick.tick({ paused: false, currentTime: 101 })).toMatchObject({ actions: [], status: "host-seeking" });
    const busy = harness();
    busy.controller.restoreLearned({ seekLatencyMs: 2200, seekDeviationMs: 300, playLatencyMs: 0, rateBias: 0 });
    busy.tick();
    busy.advance(1500); // a long task: the page's ticks were 1.5 s apart
    busy.tick({ driftMs: 0 });
    busy.advance(100);
    busy.controller.pushState(seekingState);
    expect(busy.tick({ paused: false, currentTime: 101.5 })).toMatchObject({ actions: [], status: "host-seeking" });
  });

  it("plays and catches up at once, faster than the gentle band, when a slow player's hold landed a little behind", () => {
    const h = harness();
    h.controller.restoreLearned({ seekLatencyMs: 2200, seekDeviationMs: 300, playLatencyMs: 0, rateBias: 0 });
    // 150 ms behind: another seek-and-hold takes ~2.6 s; 150 ms are made up in 0.7 s at 1.21×.
    const decision = h.tick({ paused: true, driftMs: -150 });
    expect(decision.actions).toEqual([{ type: "play" }, { type: "setRate", rate: 1.21 }]);
    expect(decision.status).toBe("correcting");
    expect(decision.wakeAt).toBeCloseTo(h.now + 150 / 0.21, 0);
    // A quick player (default: 300 ms) seeks and holds instead.
    const quick = harness();
    expect(quick.tick({ paused: true, driftMs: -150 }).actions).toEqual(expect.arrayContaining([{ type: "seek", position: expect.any(Number) }]));
  });

  it("makes a slow player's landing up to a second behind up by playing faster, not by another seek, then plays at the host's rate", () => {
    const h = harness();
    h.controller.restoreLearned({ seekLatencyMs: 2200, seekDeviationMs: 300, playLatencyMs: 0, rateBias: 0 });
    // Its seek landed 900 ms behind the host (the host's own seek landed sooner): at most 2×.
    const decision = h.tick({ paused: true, driftMs: -900 });
    expect(decision.actions).toEqual([{ type: "play" }, { type: "setRate", rate: 2 }]);
    expect(decision.actions).not.toContainEqual(expect.objectContaining({ type: "seek" }));
    // Playing at 2× it gains 1 s a second: 900 ms later it is on time and goes back to 1×.
    for (let t = 100; t < 900; t += 100) {
      h.advance(100);
      expect(h.tick({ driftMs: -900 + t, playbackRate: 2 }).actions).toEqual([]);
    }
    h.advance(100);
    expect(h.tick({ driftMs: 0, playbackRate: 2 }).actions).toEqual([{ type: "setRate", rate: 1 }]);
    // Far behind (more than a seek-and-hold's worth at 2×), it seeks as before.
    const far = harness();
    far.controller.restoreLearned({ seekLatencyMs: 2200, seekDeviationMs: 300, playLatencyMs: 0, rateBias: 0 });
    expect(far.tick({ paused: true, driftMs: -4000 }).actions).toContainEqual({ type: "seek", position: expect.any(Number) });
    // A quick player 900 ms behind while playing seeks (its seek-and-hold is exact in ~0.4 s).
    const quick = harness();
    expect(quick.tick({ driftMs: -900 }).actions).toContainEqual({ type: "seek", position: expect.any(Number) });
  });

  it("starts a slow seek again at once when the host lands sooner than it: its landing would only start another", () => {
    const seekingState: PlaybackState = { ...playing, paused: true, stalled: true, seeking: true, position: 400, seq: 2 };
    const h = harness(seekingState);
    h.controller.restoreLearned({ seekLatencyMs: 2200, seekDeviationMs: 300, playLatencyMs: 0, rateBias: 0 });
    h.advance(100);
    const aim = 400 + (100 + Math.SQRT2 * 1.45 * 300) / 1000;
    expect(h.tick({ paused: false, currentTime: 101 }).actions).toContainEqual({ type: "seek", position: aim });
    h.advance(100);
    expect(h.tick({ paused: true, seeking: true, currentTime: aim })).toMatchObject({ actions: [], status: "seeking" });
    // A quick host player: landed on 400.0 and plays 150 ms after it started. Our seek, 2.2 s long,
    // would land on 400.7 when the host is at 402.1: behind by far more than a rate correction makes up.
    h.advance(100);
    h.controller.pushState({ ...playing, position: 400, at: S + 150, seq: 3 });
    const again = h.controller.tick({ now: h.now, serverNow: S + h.now, player: reading({ paused: true, seeking: true, currentTime: aim }) });
    expect(again.status).toBe("seeking");
    // Aimed where the host will be once a new seek (2.2 s and its margin) lands, from its landing.
    const hostNow = 400 + (h.now - 150) / 1000;
    expect(again.actions).toContainEqual({ type: "seek", position: hostNow + (2200 + 1.45 * 300) / 1000 });
    // The new seek is not started again on the next tick (the host's state did not change since).
    h.advance(100);
    const next = h.controller.tick({ now: h.now, serverNow: S + h.now, player: reading({ paused: true, seeking: true, currentTime: hostNow + 2.6 }) });
    expect(next).toMatchObject({ actions: [], status: "seeking" });
  });

  it("lets a seek under way land when the host's new state leaves it close enough, or it is about due", () => {
    const h = harness();
    h.controller.restoreLearned({ seekLatencyMs: 2200, seekDeviationMs: 300, playLatencyMs: 0, rateBias: 0 });
    const first = h.tick({ driftMs: -5000 });
    const aim = (first.actions.find((a) => a.type === "seek") as { position: number }).position;
    // The host corrects its position by 50 ms: our seek still lands ahead. Nothing to do.
    h.advance(500);
    h.controller.pushState({ ...playing, position: 100.05, at: S + 400, seq: 2 });
    expect(h.controller.tick({ now: h.now, serverNow: S + h.now, player: reading({ paused: true, seeking: true, currentTime: aim }) }).actions).toEqual([]);
    // The host jumps 1 s ahead when the seek is about due: it may land any moment, let it.
    h.advance(1600);
    h.controller.pushState({ ...playing, position: 102.1, at: S + 2100, seq: 3 });
    expect(h.controller.tick({ now: h.now, serverNow: S + h.now, player: reading({ paused: true, seeking: true, currentTime: aim }) }).actions).toEqual([]);
  });

  it("on a busy page, sees a seek that landed during a long task (and played on since) as landed", () => {
    const h = harness();
    h.controller.restoreLearned({ seekLatencyMs: 300, seekDeviationMs: 30, playLatencyMs: 0, rateBias: 0 });
    h.tick();
    h.advance(1500); // a long task: the page is busy
    h.tick();
    h.advance(100);
    // Far off (confirmed by a second reading): a busy page seeks to where the host will be when it
    // lands, and plays on meanwhile.
    h.tick({ driftMs: -5000 });
    h.advance(100);
    const first = h.tick({ driftMs: -5000 });
    expect(first.actions).toEqual([{ type: "seek", position: 101.7 + 0.3 }]);
    // The seek landed 250 ms short, then a 2.5 s long task: the page's next look is 2.8 s on, with the
    // player 2.5 s past where it was sent and 250 ms behind the host. A rate correction is due, not a
    // wait for a seek that is long over (until its 5 s timeout).
    h.advance(2800);
    const after = h.tick({ driftMs: -250 });
    expect(after.status).not.toBe("seeking");
    const actions = [after, ...[1, 2].map(() => (h.advance(100), h.tick({ driftMs: -250 })))].flatMap((d) => d.actions);
    expect(actions).toContainEqual({ type: "setRate", rate: expect.any(Number) });
  });

  it("on a busy page, corrects by a gentler rate: a long task over its end overshoots by half as much", () => {
    const h = harness();
    h.tick();
    h.advance(3000); // a 3 s long task: the correction's end may be seen this late
    h.tick();
    let decision = h.tick({ driftMs: 40 });
    for (let i = 0; i < 5 && decision.actions.length === 0; i++) {
      h.advance(100);
      decision = h.tick({ driftMs: 40 });
    }
    const setRate = decision.actions.find((a) => a.type === "setRate") as { rate: number } | undefined;
    expect(setRate).toBeDefined();
    // Slower, then: a 3 s long task at the correction's end overshoots by |1 − rate| × 3 s, 60 ms at
    // most (at the usual 0.96, 120 ms: 40 ms ahead would become 80 ms behind).
    expect(setRate!.rate).toBeLessThan(1);
    expect(Math.round((1 - setRate!.rate) * 3000)).toBeLessThanOrEqual(60);
    // A page that is not busy corrects the same drift at the usual pace (40 ms in 1 s: 0.96).
    expect(steadyDrift(harness(), 40).actions).toEqual([{ type: "setRate", rate: 0.96 }]);
  });

  it("plays on through a host's stall until 100 ms past its frame, so a blip costs nothing", () => {
    const h = harness({ ...playing, paused: true, stalled: true, position: 42 });
    // The news of the stall took 40 ms: we are 40 ms past the frame and keep playing for 60 ms more.
    const early = h.tick({ paused: false, driftMs: 40 });
    expect(early).toMatchObject({ actions: [], status: "host-buffering" });
    expect(early.wakeAt! - h.now).toBeCloseTo(60, 6);
    // Still stalled at 100 ms: pause, and back to the frame.
    h.advance(60);
    expect(h.tick({ paused: false, driftMs: 100 }).actions).toEqual(expect.arrayContaining([{ type: "pause" }]));
    // A person's pause is followed at once.
    const paused = harness({ ...playing, paused: true, position: 42 });
    expect(paused.tick({ paused: false, driftMs: 40 }).actions).toEqual(expect.arrayContaining([{ type: "pause" }]));
  });

  it("says when the party waits on the host's buffering", () => {
    const h = harness({ ...playing, paused: true, stalled: true, position: 42 });
    expect(h.tick({ paused: true, driftMs: 0 })).toMatchObject({ actions: [], status: "host-buffering" });
  });

  describe("the host's buffered horizon", () => {
    // The host has data up to 101 s: 1 s ahead of the state's position at S.
    const bounded: PlaybackState = { ...playing, horizon: 101 };

    it("stops on the host's horizon as it gets there, before any news of the host's stall", () => {
      const h = harness(bounded);
      // In sync, 1 s short of it: ticked again the moment the player gets there.
      const first = h.tick();
      expect(first).toMatchObject({ actions: [], status: "synced" });
      expect(first.wakeAt! - h.now).toBeCloseTo(1000, 6);
      h.advance(1000);
      expect(h.tick({ currentTime: 101 })).toMatchObject({ actions: [{ type: "pause" }], status: "host-buffering" });
      // The state still says "playing" (the news is on its way): we wait on the horizon's frame.
      for (let i = 0; i < 10; i++) {
        h.advance(100);
        expect(h.tick({ paused: true, currentTime: 101 })).toMatchObject({ actions: [], status: "host-buffering" });
      }
      // The host's stall arrives: its frame is ours.
      h.controller.pushState({ ...playing, paused: true, stalled: true, position: 101, at: S + 1000, seq: 2 });
      h.advance(100);
      expect(h.controller.tick({ now: h.now, serverNow: S + h.now, player: reading({ paused: true, currentTime: 101 }) })).toMatchObject({
        actions: [],
        status: "host-buffering",
      });
    });

    it("pauses a player that got past the horizon between two ticks", () => {
      const h = harness(bounded);
      h.tick();
      h.advance(1050);
      expect(h.tick({ currentTime: 101.05 }).actions).toEqual([{ type: "pause" }]);
    });

    it("carries on with a rate correction when only the horizon moves on", () => {
      const h = harness({ ...playing, horizon: 200 });
      expect(steadyDrift(h, 30).actions).toEqual([{ type: "setRate", rate: 0.97 }]);
      h.controller.pushState({ ...playing, horizon: 230, seq: 2 });
      h.advance(100);
      expect(h.tick({ driftMs: 27, playbackRate: 0.97 })).toMatchObject({ actions: [], status: "correcting" });
      // Any other change of the state starts over (the correction is undone).
      h.controller.pushState({ ...playing, position: 100.001, horizon: 230, seq: 3 });
      h.advance(100);
      expect(h.tick({ driftMs: 24, playbackRate: 0.97 }).actions).toEqual([{ type: "setRate", rate: 1 }]);
    });

    it("aims no seek past the host's horizon: the host will be standing there", () => {
      const h = harness({ ...playing, horizon: 100.2 });
      const decision = h.tick({ driftMs: -2000 });
      expect(decision.actions).toEqual([{ type: "pause" }, { type: "seek", position: 100.2 }]);
    });

    it("drops a horizon that held it longer than any news takes (the host had more than it said)", () => {
      const h = harness(bounded);
      h.advance(1000);
      expect(h.tick({ currentTime: 101 }).actions).toEqual([{ type: "pause" }]);
      h.advance(DEFAULT_DRIFT_CONFIG.horizonHoldMaxMs - 100);
      expect(h.tick({ paused: true, currentTime: 101 }).actions).toEqual([]);
      h.advance(100);
      // The host plays on (the state says so): 5 s behind it now, seek ahead and hold, past the old horizon.
      const resync = h.tick({ paused: true, currentTime: 101 });
      expect(resync.status).toBe("seeking");
      expect(resync.actions).toEqual(expect.arrayContaining([{ type: "seek", position: expect.any(Number) }]));
      const seek = resync.actions.find((a) => a.type === "seek") as { position: number };
      expect(seek.position).toBeGreaterThan(106);
    });

    it("ignores a horizon while the host is paused, and one behind the state's position", () => {
      const paused = harness({ ...playing, paused: true, horizon: 99 });
      expect(paused.tick({ paused: true }).actions).toEqual([]);
      const behind = harness({ ...playing, horizon: 99 });
      expect(behind.tick()).toMatchObject({ actions: [], status: "synced" });
    });
  });
});

describe("HostReporter", () => {
  const t0 = 5000; // host local time
  const offset = S - t0; // server − local

  it("reports a pause with the host's reading and the server time of it", () => {
    const r = new HostReporter();
    r.resetState(playing);
    const cmds = r.tick(t0 + 2000, S + 2000, reading({ paused: true, currentTime: 101.99 }));
    expect(cmds).toEqual([{ v, type: "pause", position: 101.99, at: S + 2000, cid: 1 }]);
    expect(r.tick(t0 + 2100, S + 2100, reading({ paused: true, currentTime: 101.99 }))).toEqual([]);
  });

  it("reports a play once the frames move, not at the click", () => {
    const r = new HostReporter();
    r.resetState({ ...playing, paused: true });
    expect(r.tick(t0, offset + t0, reading({ paused: false, currentTime: 100 }))).toEqual([]);
    const cmds = r.tick(t0 + 100, offset + t0 + 100, reading({ paused: false, currentTime: 100.07 }));
    expect(cmds).toMatchObject([{ type: "play", position: 100.07, at: S + 100 }]);
  });

  it("announces a seek under way as a stall on its target, then plays from where it landed", () => {
    const r = new HostReporter();
    r.resetState(playing);
    expect(r.tick(t0 + 1000, S + 1000, reading({ currentTime: 101.005 }))).toEqual([]);
    // While seeking, currentTime reads the target: guests get it before the (slow) seek lands.
    expect(r.tick(t0 + 1100, S + 1100, reading({ seeking: true, currentTime: 500 }))).toMatchObject([
      { type: "pause", position: 500, stall: true, seeking: true, at: S + 1100 },
    ]);
    expect(r.state).toMatchObject({ paused: true, stalled: true, seeking: true, position: 500 });
    // Still seeking: nothing more.
    expect(r.tick(t0 + 1200, S + 1200, reading({ seeking: true, currentTime: 500 }))).toEqual([]);
    // Landed a little off and playing: the play carries the real position.
    expect(r.tick(t0 + 1300, S + 1300, reading({ currentTime: 500.21 }))).toMatchObject([
      { type: "play", position: 500.21, at: S + 1300 },
    ]);
    expect(r.state).not.toHaveProperty("seeking");
  });

  it("reports a seek of a paused player once it landed, and ignores deviations within the threshold", () => {
    const r = new HostReporter();
    r.resetState({ ...playing, paused: true, position: 101 });
    expect(r.tick(t0 + 1000, S + 1000, reading({ paused: true, currentTime: 101.005 }))).toEqual([]);
    expect(r.tick(t0 + 1100, S + 1100, reading({ paused: true, seeking: true, currentTime: 500 }))).toEqual([]);
    expect(r.tick(t0 + 1300, S + 1300, reading({ paused: true, currentTime: 500.01 }))).toMatchObject([
      { type: "seek", position: 500.01, at: S + 1300 },
    ]);
  });

  it("holds the party on the host's frame while an ad plays on the host's player, and plays on after it", () => {
    const r = new HostReporter();
    r.resetState(playing);
    // The ad's first reading is already the ad's time (0.2 s into it): the party stops where the host was.
    const [stall] = r.tick(t0 + 2000, S + 2000, reading({ ad: true, currentTime: 0.2 }));
    expect(stall).toEqual({ v, type: "pause", position: 102, at: S + 2000, cid: 1, stall: true });
    expect(r.state).toMatchObject({ paused: true, stalled: true, position: 102 });
    r.onServerState({ ...playing, paused: true, stalled: true, position: 102, at: S + 2000, seq: 2 }, stall!.cid, t0 + 2050);
    // During the ad nothing about the ad is reported (no seek to its time, no rate, no play).
    for (let i = 1; i <= 10; i++) expect(r.tick(t0 + 2000 + i * 500, S + 2000 + i * 500, reading({ ad: true, currentTime: 0.2 + i / 2, playbackRate: 1.25 }))).toEqual([]);
    // The media plays again where it stopped: the play resumes the party.
    expect(r.tick(t0 + 9000, S + 9000, reading({ currentTime: 102 }))).toEqual([]);
    expect(r.tick(t0 + 9100, S + 9100, reading({ currentTime: 102.1 }))).toMatchObject([{ type: "play", position: 102.1 }]);
    // An ad while the host has paused changes nothing.
    const paused = new HostReporter();
    paused.resetState({ ...playing, paused: true });
    expect(paused.tick(t0, S, reading({ ad: true, paused: false, currentTime: 3 }))).toEqual([]);
  });

  it("does not announce a seek that stays within the jump threshold", () => {
    const r = new HostReporter();
    r.resetState(playing);
    expect(r.tick(t0 + 1000, S + 1000, reading({ seeking: true, currentTime: 101.03 }))).toEqual([]);
  });

  it("corrects a stuttering player at most once a second, and reports a jump at once", () => {
    const r = new HostReporter();
    r.resetState(playing);
    // A loaded page: the frames come in bursts, 40 ms behind and 40 ms ahead of schedule in turn
    // (each phase lasting three 50 ms readings), for 5 s.
    const sent: { at: number; position: number }[] = [];
    for (let i = 1; i <= 100; i++) {
      const ms = i * 50;
      const jitter = Math.floor(i / 3) % 2 === 0 ? -0.04 : 0.04;
      for (const cmd of r.tick(t0 + ms, S + ms, reading({ currentTime: 100 + ms / 1000 + jitter }))) {
        expect(cmd.type).toBe("seek");
        sent.push({ at: ms, position: "position" in cmd ? cmd.position! : NaN });
        // The echo comes back at once, as published.
        r.onServerState({ ...r.state!, seq: r.state!.seq }, cmd.cid, t0 + ms);
      }
    }
    expect(sent.length).toBeGreaterThanOrEqual(4);
    expect(sent.length).toBeLessThanOrEqual(5);
    for (let i = 1; i < sent.length; i++) expect(sent[i]!.at - sent[i - 1]!.at).toBeGreaterThanOrEqual(1000);
    // A jump of seconds right after a correction (a seek the reporter never saw under way) goes at once.
    const last = sent[sent.length - 1]!.at;
    expect(r.tick(t0 + last + 50, S + last + 50, reading({ currentTime: 300 }))).toMatchObject([{ type: "seek", position: 300 }]);
  });

  it("does not flood the party when the server moves its stamps (its clock estimate far ahead)", () => {
    const r = new HostReporter();
    r.resetState(playing);
    // The host's player is 100 ms off the published state (an imprecise landing), so it reports. The
    // server clamps each stamp 120 ms back and keeps the position: in every echo the host looks 120 ms
    // behind the published state. Reporting again cannot fix that.
    let reports = 0;
    for (let i = 1; i <= 60; i++) {
      const ms = 2000 + i * 50;
      for (const cmd of r.tick(t0 + ms, S + ms, reading({ currentTime: 100.1 + ms / 1000 }))) {
        reports += 1;
        r.onServerState({ ...r.state!, at: r.state!.at - 120 }, cmd.cid, t0 + ms);
      }
    }
    expect(reports).toBeLessThanOrEqual(3);
  });

  describe("the buffered horizon", () => {
    /** Readings every 100 ms from `from` (ms after t0) for `ms`, the player at 100 s + elapsed and `end(ms)` buffered. */
    function play(r: HostReporter, from: number, ms: number, end: (at: number) => number) {
      const sent: { at: number; type: string; horizon?: number | null }[] = [];
      for (let at = from; at < from + ms; at += 100) {
        for (const cmd of r.tick(t0 + at, S + at, reading({ currentTime: 100 + at / 1000, bufferedEnd: end(at) }))) {
          sent.push({ at, type: cmd.type, horizon: "horizon" in cmd ? cmd.horizon : undefined });
          r.onServerState(r.state!, cmd.cid, t0 + at);
        }
      }
      return sent;
    }

    it("says nothing of it while the data keeps ahead of the player", () => {
      const r = new HostReporter();
      r.resetState(playing);
      // 30 s ahead all along (a full buffer), then a fresh range filling fast.
      expect(play(r, 0, 10_000, (at) => 130 + at / 1000)).toEqual([]);
      expect(play(r, 10_000, 5000, (at) => 110 + (at - 10_000) / 250)).toEqual([]);
      expect(r.state).not.toHaveProperty("horizon");
    });

    it("publishes it once the buffer runs down, then with every command", () => {
      const r = new HostReporter();
      r.resetState(playing);
      play(r, 0, 1000, (at) => 130 + at / 1000);
      // The data stops at 131 s: once the buffer is seen running down over 2 s, the horizon goes out.
      const sent = play(r, 1000, 3000, () => 131);
      expect(sent).toEqual([{ at: 2000, type: "horizon", horizon: 131 }]);
      expect(r.state).toMatchObject({ paused: false, horizon: 131, position: 100 });
      const [pause] = r.tick(t0 + 4000, S + 4000, reading({ paused: true, currentTime: 104, bufferedEnd: 131 }));
      expect(pause).toMatchObject({ type: "pause", position: 104, horizon: 131 });
    });

    it("moves it on as the player nears it while the buffer still runs down, and withdraws it once the data keeps up", () => {
      const r = new HostReporter();
      r.resetState(playing);
      // The data comes at half the playing speed: published at 3 s, 28.5 s ahead.
      const slow = (at: number) => 130 + at / 2000;
      expect(play(r, 0, 3100, slow)).toEqual([{ at: 2000, type: "horizon", horizon: 131 }]);
      // Nothing more until it is within 8 s of the player (at 23 s) and the player has 8 s more.
      const nearing = play(r, 3100, 27_000, slow);
      expect(nearing[0]).toEqual({ at: 23_100, type: "horizon", horizon: 141.55 });
      expect(nearing.every((c) => c.type === "horizon" && c.at >= 23_000)).toBe(true);
      // The data comes fast again: once the published one nears, it is withdrawn, not moved on.
      const at = 30_100;
      const fast = (t: number) => slow(at) + (t - at) / 250;
      const sent = play(r, at, 20_000, fast);
      expect(sent.length).toBeGreaterThan(0);
      expect(sent[sent.length - 1]).toMatchObject({ type: "horizon", horizon: null });
      expect(r.state).not.toHaveProperty("horizon");
    });

    it("reports at once a horizon that shrank (data dropped ahead of the host)", () => {
      const r = new HostReporter();
      r.resetState(playing);
      play(r, 0, 3000, () => 131);
      expect(r.state).toMatchObject({ horizon: 131 });
      expect(play(r, 3000, 200, () => 120)).toEqual([{ at: 3000, type: "horizon", horizon: 120 }]);
    });

    it("replaces or withdraws a horizon it did not publish (a host handed over) at once", () => {
      const handedOver = new HostReporter();
      handedOver.resetState({ ...playing, horizon: 104 });
      // Its player's buffer is healthy: the old host's horizon goes, not in 96 s when it would near it.
      expect(handedOver.tick(t0, S, reading({ currentTime: 100, bufferedEnd: 130 }))).toMatchObject([{ type: "horizon", horizon: null }]);
      expect(handedOver.state).not.toHaveProperty("horizon");
      const blind = new HostReporter();
      blind.resetState({ ...playing, horizon: 104 });
      expect(blind.tick(t0, S, reading({ currentTime: 100 }))).toMatchObject([{ type: "horizon", horizon: null }]);
    });

    it("publishes none for a player that cannot tell", () => {
      const r = new HostReporter();
      r.resetState(playing);
      for (let at = 0; at < 5000; at += 100) expect(r.tick(t0 + at, S + at, reading({ currentTime: 100 + at / 1000 }))).toEqual([]);
    });
  });

  it("is not fooled by an echo of an older state arriving after its own command", () => {
    const r = new HostReporter();
    r.resetState(playing);
    const [pause] = r.tick(t0 + 2000, S + 2000, reading({ paused: true, currentTime: 102 }));
    // An older state (from before the pause) arrives late: not adopted while our pause is in flight.
    r.onServerState({ ...playing, seq: 2, position: 101 }, undefined, t0 + 2010);
    expect(r.tick(t0 + 2050, S + 2050, reading({ paused: true, currentTime: 102 }))).toEqual([]);
    // The echo of our pause settles it.
    r.onServerState({ ...playing, paused: true, position: 102, at: S + 2000, seq: 3 }, pause!.cid, t0 + 2100);
    expect(r.state).toMatchObject({ paused: true, seq: 3 });
  });
});

describe("SyncClient", () => {
  const party: PartyMeta = {
    id: "p1",
    state: "ACTIVE",
    title: "t",
    hostUserId: "u0",
    hostDisplayName: "Host",
    platformDomain: "youtube.com",
    chatProvider: "builtin",
    chatChannel: null,
    visibility: "public",
    streamerLatencyMs: 2500,
    media: { id: "m1", url: "https://www.youtube.com/watch?v=x", title: "x", duration: null },
  };
  const snapshot = (role: "host" | "guest"): SnapshotEvent => ({
    v,
    type: "snapshot",
    party,
    playback: playing,
    members: 2,
    hostOnline: true,
    chat: [],
    strokes: [],
    role,
    you: { userId: "u1", displayName: "g" },
    serverTime: S,
  });

  it("pings at once, feeds pongs to the clock and takes streamer latency from the party", () => {
    const client = new SyncClient();
    client.receive(snapshot("guest"), 0);
    const first = client.tick(0, reading());
    expect(first.commands).toEqual([{ v, type: "ping", t0: 0 }]);
    expect(first.status).toBe("clock");
    client.receive({ v, type: "pong", t0: 0, t1: S + 30, t2: S + 31 }, 60);
    expect(client.clock.sampleCount).toBe(1);
    expect(client.clock.offset).toBeCloseTo(S + 0.5, 6);
    expect(client.controller.latency).toBe(2500);
    expect(client.tick(10, reading()).commands).toEqual([]);
    expect(client.tick(25, reading()).commands).toMatchObject([{ type: "ping", t0: 25 }]);
  });

  it("as host, first steers a restarted player to the party's state, then reports the host's actions", () => {
    const client = new SyncClient();
    client.receive(snapshot("host"), 0);
    for (let i = 0; i < 8; i++) client.receive({ v, type: "pong", t0: i, t1: S + i + 20, t2: S + i + 20 }, i + 40);
    const playbackCommands = (out: SyncOutput) => out.commands.filter((c) => c.type !== "ping");
    // A reload: the player shows the media at 0:00, paused. It is sent to the party, nothing reported.
    const restarted = client.tick(100, reading({ paused: true, currentTime: 0 }));
    expect(playbackCommands(restarted)).toEqual([]);
    expect(restarted.actions).toContainEqual(expect.objectContaining({ type: "seek" }));
    // Playing where the party is: adopted; from now on the host's player is the reference.
    expect(client.tick(200, reading({ currentTime: 100.2 }))).toMatchObject({ actions: [], status: "host" });
    const out = client.tick(300, reading({ paused: true, currentTime: 100.3 }));
    expect(out.actions).toEqual([]);
    expect(playbackCommands(out)).toMatchObject([{ type: "pause", position: 100.3 }]);
  });
});
