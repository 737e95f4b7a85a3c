/** @jest-environment jsdom */
/**
 * The generic adapter's element control (every adapter builds on it): readings follow the
 * PlayerReading contract (buffering = wants to play but cannot; an ad is not buffering), the engine
 * is ticked on the player's events, content time can be mapped, a live stream is never seeked.
 */
import { genericAdapter } from "@/extension/src/adapters/generic";
import { VideoControl } from "@/extension/src/adapters/video-control";

function fakeVideo(state: { currentTime?: number; paused?: boolean; readyState?: number; seeking?: boolean; playbackRate?: number; ended?: boolean } = {}) {
  const video = document.createElement("video");
  const s = { currentTime: 0, paused: true, readyState: 4, seeking: false, playbackRate: 1, ended: false, ...state };
  for (const key of Object.keys(s) as (keyof typeof s)[]) {
    Object.defineProperty(video, key, { configurable: true, get: () => s[key], set: (v) => ((s as Record<string, unknown>)[key] = v) });
  }
  video.pause = () => {
    s.paused = true;
    video.dispatchEvent(new Event("pause"));
  };
  video.play = async () => {
    s.paused = false;
    video.dispatchEvent(new Event("playing"));
  };
  document.body.append(video);
  return { video, s };
}

test("readings, and buffering only while it wants to play and cannot", () => {
  const { video, s } = fakeVideo({ currentTime: 12.5 });
  const control = new VideoControl(video);
  expect(control.read()).toEqual({ currentTime: 12.5, paused: true, playbackRate: 1, seeking: false, buffering: false, ad: false });
  s.paused = false;
  video.dispatchEvent(new Event("waiting"));
  expect(control.read().buffering).toBe(true);
  video.dispatchEvent(new Event("playing"));
  expect(control.read().buffering).toBe(false);
  s.readyState = 2; // HAVE_CURRENT_DATA while playing
  expect(control.read().buffering).toBe(true);
  s.seeking = true; // a seek is not buffering
  expect(control.read().buffering).toBe(false);
  s.paused = true;
  s.seeking = false;
  expect(control.read().buffering).toBe(false);
  expect(control.loaded()).toBe(true);
  s.readyState = 0;
  expect(control.loaded()).toBe(false);
});

test("player events tick the engine; actions reach the element; dispose stops listening", async () => {
  const { video, s } = fakeVideo();
  const control = genericAdapter.control(video, { tabUrl: new URL("https://example.com/v"), doc: document });
  const ticks: string[] = [];
  control.onChange(() => ticks.push("tick"));
  for (const type of ["seeked", "playing", "pause", "ratechange", "waiting"]) video.dispatchEvent(new Event(type));
  expect(ticks).toHaveLength(5);
  control.seek(42);
  control.setRate(1.25);
  await control.play();
  expect(s).toMatchObject({ currentTime: 42, playbackRate: 1.25, paused: false });
  control.dispose();
  video.dispatchEvent(new Event("seeked"));
  expect(ticks).toHaveLength(6); // the play above; nothing after dispose
});

test("content-time mapping and live streams", () => {
  const { video, s } = fakeVideo({ currentTime: 17.5 });
  const mapped = new VideoControl(video, { toContent: (t) => t - 7.5, toElement: (t) => t + 7.5 });
  expect(mapped.read().currentTime).toBe(10);
  mapped.seek(20);
  expect(s.currentTime).toBe(27.5);
  const live = new VideoControl(video, { seekable: false });
  live.seek(99);
  expect(s.currentTime).toBe(27.5);
});

test("an ad the site's player shows is read as an ad, and its stalls are not buffering", () => {
  const { video, s } = fakeVideo({ paused: false });
  let ad = false;
  const control = new VideoControl(video, { adPlaying: () => ad });
  video.dispatchEvent(new Event("waiting"));
  expect(control.read()).toMatchObject({ buffering: true, ad: false });
  ad = true;
  expect(control.read()).toMatchObject({ buffering: false, ad: true });
  expect(control.adPlaying()).toBe(true);
  ad = false;
  s.paused = true;
  expect(control.read()).toMatchObject({ buffering: false, ad: false });
  // An adapter that cannot tell never reports one.
  expect(new VideoControl(video).read().ad).toBe(false);
});

/** TimeRanges over [start, end] pairs (seconds). */
function ranges(...pairs: [number, number][]): TimeRanges {
  return { length: pairs.length, start: (i: number) => pairs[i]![0], end: (i: number) => pairs[i]![1] } as TimeRanges;
}

test("reads the end of the buffered range the playhead is in, in content time, and none for a live stream", () => {
  const { video, s } = fakeVideo({ currentTime: 42 });
  let buffered = ranges([0, 20], [41.9, 75.5], [90, 120]);
  Object.defineProperty(video, "buffered", { configurable: true, get: () => buffered });
  expect(new VideoControl(video).read().bufferedEnd).toBe(75.5);
  // Content time 10 s behind the element's (an intro the site cut, as Netflix-like adapters map).
  expect(new VideoControl(video, { toContent: (t) => t - 10, toElement: (t) => t + 10 }).read().bufferedEnd).toBe(65.5);
  // In a gap (no data where the playhead is), seeking, during an ad, or live: unknown.
  buffered = ranges([0, 20], [50, 75.5]);
  expect(new VideoControl(video).read()).not.toHaveProperty("bufferedEnd");
  buffered = ranges([0, 80]);
  s.seeking = true;
  expect(new VideoControl(video).read()).not.toHaveProperty("bufferedEnd");
  s.seeking = false;
  expect(new VideoControl(video, { adPlaying: () => true }).read()).not.toHaveProperty("bufferedEnd");
  expect(new VideoControl(video, { seekable: false }).read()).not.toHaveProperty("bufferedEnd");
  expect(new VideoControl(video).read().bufferedEnd).toBe(80);
});
