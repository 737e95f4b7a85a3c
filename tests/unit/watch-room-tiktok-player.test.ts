/** The watch room's TikTok adapter: the embed player's postMessage protocol as the sync engine's player. */
import { SEEK_GIVE_UP_MS, TikTokControl, tiktokErrorMessage, tiktokPlayerSrc, TIKTOK_STATE } from "@/lib/watch-room/tiktok-player";

const ORIGIN = "https://www.tiktok.com";

function setup() {
  const posted: unknown[] = [];
  const contentWindow = { postMessage: (message: unknown, origin: string) => posted.push({ message, origin }) };
  const frame = { src: "", contentWindow };
  const listeners = new Set<(event: MessageEvent) => void>();
  const win = { addEventListener: (_: "message", l: (e: MessageEvent) => void) => listeners.add(l), removeEventListener: (_: "message", l: (e: MessageEvent) => void) => listeners.delete(l) };
  let clock = 1000;
  const callbacks = { onEnded: jest.fn(), onError: jest.fn(), onPlaying: jest.fn() };
  const control = new TikTokControl(frame, ORIGIN, callbacks, win, () => clock);
  const fromPlayer = (type: string, value?: unknown, origin = ORIGIN, source: unknown = contentWindow) => {
    for (const l of listeners) l({ data: { "x-tiktok-player": true, type, value }, origin, source } as unknown as MessageEvent);
  };
  const types = () => posted.map((p) => (p as { message: { type: string } }).message.type);
  return { control, frame, posted, types, fromPlayer, callbacks, listeners, advance: (ms: number) => (clock += ms) };
}

test("the player URL is the configured base plus the post id, without autoplay", () => {
  const src = new URL(tiktokPlayerSrc("https://www.tiktok.com/player/v1/", "7300000000000000001"));
  expect(src.origin + src.pathname).toBe("https://www.tiktok.com/player/v1/7300000000000000001");
  expect(src.searchParams.get("autoplay")).toBe("0");
});

test("loads a post, mutes it when ready, and counts as loaded once it reports a duration", () => {
  const { control, frame, types, fromPlayer, posted } = setup();
  control.load("7300000000000000001", "https://www.tiktok.com/player/v1/7300000000000000001?autoplay=0");
  expect(frame.src).toContain("/player/v1/7300000000000000001");
  expect(control.loaded()).toBe(false);
  void control.play(); // asked before the frame is ready: sent once it is
  fromPlayer("onPlayerReady");
  expect(types()).toEqual(["mute", "play"]);
  expect((posted[0] as { origin: string }).origin).toBe(ORIGIN);
  expect(control.loaded()).toBe(false);
  fromPlayer("onCurrentTime", { currentTime: 0, duration: 12.5 });
  expect(control.loaded()).toBe(true);
  expect(control.duration()).toBe(12.5);
});

test("messages from another origin or frame are ignored", () => {
  const { control, fromPlayer } = setup();
  fromPlayer("onPlayerReady", undefined, "https://evil.example");
  fromPlayer("onCurrentTime", { currentTime: 5, duration: 10 }, ORIGIN, {});
  expect(control.loaded()).toBe(false);
  expect(control.read().currentTime).toBe(0);
});

test("the position is extrapolated between reports while playing, not while paused", () => {
  const { control, fromPlayer, advance, callbacks } = setup();
  fromPlayer("onPlayerReady");
  fromPlayer("onStateChange", TIKTOK_STATE.PLAYING);
  expect(callbacks.onPlaying).toHaveBeenCalled();
  fromPlayer("onCurrentTime", { currentTime: 4, duration: 30 });
  advance(250);
  expect(control.read()).toMatchObject({ paused: false, currentTime: 4.25 });
  fromPlayer("onStateChange", TIKTOK_STATE.PAUSED);
  advance(1000);
  expect(control.read().paused).toBe(true);
  expect(control.read().currentTime).toBeCloseTo(4.25, 5);
});

test("a seek is sent as seekTo and stays in flight until a report near the target", () => {
  const { control, fromPlayer, types } = setup();
  fromPlayer("onPlayerReady");
  control.seek(20);
  expect(types()).toContain("seekTo");
  expect(control.read()).toMatchObject({ seeking: true, currentTime: 20 });
  fromPlayer("onCurrentTime", { currentTime: 3, duration: 30 });
  expect(control.read().seeking).toBe(true);
  fromPlayer("onCurrentTime", { currentTime: 20.1, duration: 30 });
  expect(control.read().seeking).toBe(false);
});

test("a seek no report confirms is given up: the reading follows the frame's reports again", () => {
  const { control, fromPlayer, advance } = setup();
  fromPlayer("onPlayerReady");
  void control.play();
  fromPlayer("onStateChange", TIKTOK_STATE.PLAYING);
  control.seek(20);
  // The frame never went there: it keeps reporting its own position.
  advance(SEEK_GIVE_UP_MS);
  fromPlayer("onCurrentTime", { currentTime: 7, duration: 30 });
  expect(control.read().seeking).toBe(true);
  advance(1);
  fromPlayer("onCurrentTime", { currentTime: 7, duration: 30 });
  expect(control.read()).toMatchObject({ seeking: false, currentTime: 7 });
});

test("buffering while wanting to play, the end of the post, errors and mute are reported", () => {
  const { control, fromPlayer, callbacks, types } = setup();
  fromPlayer("onPlayerReady");
  void control.play();
  fromPlayer("onStateChange", TIKTOK_STATE.BUFFERING);
  expect(control.read().buffering).toBe(true);
  fromPlayer("onStateChange", TIKTOK_STATE.ENDED);
  expect(callbacks.onEnded).toHaveBeenCalled();
  expect(control.read().paused).toBe(true);
  fromPlayer("onError", 404);
  expect(callbacks.onError).toHaveBeenCalledWith(404);
  expect(tiktokErrorMessage(404)).toBe("This TikTok video is private, removed or unavailable.");
  control.setMuted(false);
  expect(types()).toContain("unMute");
  expect(control.muted).toBe(false);
});

test("the player has no rate control: a requested rate is remembered, nothing is sent", () => {
  const { control, fromPlayer, types } = setup();
  fromPlayer("onPlayerReady");
  control.setRate(0.97);
  expect(control.read().playbackRate).toBe(0.97);
  expect(types()).toEqual(["mute"]);
});

test("dispose stops listening", () => {
  const { control, listeners } = setup();
  control.dispose();
  expect(listeners.size).toBe(0);
});
