/**
 * @jest-environment jsdom
 */
/** The watch room's YouTube adapter: YT.Player's states and position as the sync engine's player reading. */
import { loadYouTubeApi } from "@/lib/watch-room/load-youtube-api";
import { SEEK_GIVE_UP_MS, YouTubeControl, youtubeErrorMessage, YT_STATE, type YouTubePlayerApi } from "@/lib/watch-room/youtube-player";

/** A YT.Player as the page sees it: state and time set by the test, calls recorded. */
function fakePlayer() {
  const calls: string[] = [];
  const fake: { state: number; time: number; duration: number; rate: number; muted: boolean; calls: string[]; api: YouTubePlayerApi } = {
    state: YT_STATE.UNSTARTED as number,
    time: 0,
    duration: 0,
    rate: 1,
    muted: true,
    calls,
    api: {
      playVideo: () => calls.push("play"),
      pauseVideo: () => calls.push("pause"),
      seekTo: (s: number, ahead: boolean) => calls.push(`seek:${s}:${ahead}`),
      getCurrentTime: () => fake.time,
      getDuration: () => fake.duration,
      setPlaybackRate: (r: number) => calls.push(`rate:${r}`),
      getPlaybackRate: () => fake.rate,
      getPlayerState: () => fake.state,
      cueVideoById: (o: { videoId: string }) => calls.push(`cue:${o.videoId}`),
      mute: () => (fake.muted = true),
      unMute: () => (fake.muted = false),
      isMuted: () => fake.muted,
      destroy: () => calls.push("destroy"),
    },
  };
  return fake;
}

function setup() {
  const fake = fakePlayer();
  let clock = 1000;
  const control = new YouTubeControl(fake.api, () => clock);
  const changes = jest.fn();
  control.onChange(changes);
  const emit = (state: number) => {
    fake.state = state;
    control.onPlayerEvent(state);
  };
  return { fake, control, changes, emit, advance: (ms: number) => void (clock += ms) };
}

test("a video is loaded only once the player reports the requested one cued", () => {
  const { fake, control, emit } = setup();
  control.load("abcdefghijk");
  expect(fake.calls).toContain("cue:abcdefghijk");
  expect(control.loaded()).toBe(false);
  fake.duration = 60;
  emit(YT_STATE.CUED);
  expect(control.loaded()).toBe(true);
  // The next video is not loaded until the player has reported it.
  control.load("zyxwvutsrqp");
  expect(control.loaded()).toBe(false);
  emit(YT_STATE.CUED);
  expect(control.loaded()).toBe(true);
});

test("play and pause are reported as the wish to play, not as the player's transient states", () => {
  const { fake, control, emit } = setup();
  control.load("abcdefghijk");
  fake.duration = 60;
  emit(YT_STATE.CUED);
  expect(control.read().paused).toBe(true);
  void control.play();
  expect(fake.calls).toContain("play");
  // Buffering on the way to playing: still playing as far as the engine is concerned, and buffering.
  emit(YT_STATE.BUFFERING);
  expect(control.read()).toMatchObject({ paused: false, buffering: true, seeking: false });
  emit(YT_STATE.PLAYING);
  fake.time = 3.5;
  expect(control.read()).toMatchObject({ paused: false, buffering: false, currentTime: 3.5 });
  control.pause();
  expect(control.read().paused).toBe(true);
});

test("a viewer's own pause in the player is noticed (so a guest is pulled back)", () => {
  const { control, changes, emit } = setup();
  void control.play();
  emit(YT_STATE.PLAYING);
  changes.mockClear();
  emit(YT_STATE.PAUSED);
  expect(control.read().paused).toBe(true);
  expect(changes).toHaveBeenCalled();
});

test("a seek while playing is in flight until the player leaves buffering", () => {
  const { fake, control, emit } = setup();
  void control.play();
  emit(YT_STATE.PLAYING);
  fake.time = 10;
  control.seek(30);
  expect(fake.calls).toContain("seek:30:true");
  expect(control.read().seeking).toBe(true);
  emit(YT_STATE.BUFFERING);
  expect(control.read()).toMatchObject({ seeking: true, buffering: false });
  fake.time = 30.02;
  emit(YT_STATE.PLAYING);
  expect(control.read()).toMatchObject({ seeking: false, paused: false, currentTime: 30.02 });
});

test("a seek while paused lands when the player shows the target (no state change comes)", () => {
  const { fake, control, emit } = setup();
  emit(YT_STATE.PAUSED);
  fake.time = 5;
  control.seek(42);
  expect(control.read().seeking).toBe(true);
  fake.time = 42;
  expect(control.read()).toMatchObject({ seeking: false, paused: true, currentTime: 42 });
});

test("a seek the player never takes is given up: the reading shows where the player really is", () => {
  const { fake, control, emit, advance } = setup();
  void control.play();
  emit(YT_STATE.PLAYING);
  fake.time = 10;
  control.seek(30);
  advance(SEEK_GIVE_UP_MS);
  fake.time = 14;
  expect(control.read().seeking).toBe(true);
  advance(1);
  expect(control.read()).toMatchObject({ seeking: false, paused: false, currentTime: 14 });
});

test("the end of what the player has buffered is its loaded fraction of the video, when it tells", () => {
  const { fake, control, emit } = setup();
  control.load("abcdefghijk");
  fake.duration = 200;
  emit(YT_STATE.CUED);
  // A player without the method (or before it loaded anything): unknown.
  expect(control.read()).not.toHaveProperty("bufferedEnd");
  let fraction = 0.25;
  fake.api.getVideoLoadedFraction = () => fraction;
  fake.time = 30;
  expect(control.read().bufferedEnd).toBe(50);
  // Behind the playhead (a seek past what it had), or nothing loaded: unknown.
  fake.time = 60;
  expect(control.read()).not.toHaveProperty("bufferedEnd");
  fraction = 0;
  expect(control.read()).not.toHaveProperty("bufferedEnd");
  fraction = 1;
  expect(control.read().bufferedEnd).toBe(200);
  // While a seek is in flight the old range says nothing about the new position.
  void control.play();
  emit(YT_STATE.PLAYING);
  control.seek(150);
  emit(YT_STATE.BUFFERING);
  expect(control.read()).toMatchObject({ seeking: true });
  expect(control.read()).not.toHaveProperty("bufferedEnd");
});

test("rate, mute and duration go through the API", () => {
  const { fake, control } = setup();
  control.setRate(1.5);
  expect(fake.calls).toContain("rate:1.5");
  fake.rate = 1.5;
  expect(control.read().playbackRate).toBe(1.5);
  expect(control.muted).toBe(true);
  control.setMuted(false);
  expect(control.muted).toBe(false);
  expect(control.duration()).toBeNull();
  fake.duration = 61;
  expect(control.duration()).toBe(61);
});

test("the player's error codes read as messages people understand", () => {
  expect(youtubeErrorMessage(100)).toBe("This video is private, removed or unavailable.");
  expect(youtubeErrorMessage(150)).toMatch(/doesn't allow it to be played on other sites/);
  expect(youtubeErrorMessage(2)).toMatch(/not a valid video/);
});

test("the API script is loaded once from the configured URL and resolves with YT", async () => {
  const win = window as unknown as { YT?: unknown; onYouTubeIframeAPIReady?: () => void };
  const first = loadYouTubeApi("http://127.0.0.1:9/youtube/iframe_api");
  const second = loadYouTubeApi("http://127.0.0.1:9/youtube/iframe_api");
  const scripts = [...document.querySelectorAll("script")].filter((s) => s.src === "http://127.0.0.1:9/youtube/iframe_api");
  expect(scripts).toHaveLength(1);
  const YT = { Player: function Player() {} };
  win.YT = YT;
  win.onYouTubeIframeAPIReady?.();
  await expect(first).resolves.toBe(YT);
  await expect(second).resolves.toBe(YT);
});
