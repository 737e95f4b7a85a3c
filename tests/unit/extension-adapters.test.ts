/** @jest-environment jsdom */
/**
 * Site adapters on their saved DOM fixtures (jsdom: no layout, no media — the element-driving half
 * runs in Chromium in tests/e2e/extension-adapters.spec.ts): which adapter serves a host, media
 * identity from the URL, titles, player detection, the Netflix API bridge and Max's content clock.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { ScrubberClock } from "@/extension/src/adapters/max";
import { installNetflixBridge, NETFLIX_COMMAND_EVENT, netflixAdapter } from "@/extension/src/adapters/netflix";
import { adapterForHost, adapterForUrl, mediaKeyOf } from "@/extension/src/adapters/registry";
import { probePage } from "@/extension/src/content/player-main";
import { roomMediaKey } from "@/lib/watch-room/media-key";

const fixture = (name: string) => {
  const html = readFileSync(path.join(__dirname, "../fixtures/sites", `${name}.html`), "utf8");
  document.documentElement.innerHTML = html.replace(/^<!doctype html>/i, "").replace(/<\/?html[^>]*>/g, "");
};

test.each([
  ["https://www.youtube.com/watch?v=aqz-KE-bpKQ&list=x", "youtube:aqz-KE-bpKQ"],
  ["https://youtu.be/aqz-KE-bpKQ?t=4", "youtube:aqz-KE-bpKQ"],
  ["https://www.youtube.com/shorts/aqz-KE-bpKQ", "youtube:aqz-KE-bpKQ"],
  ["https://www.youtube.com/", null],
  ["https://www.netflix.com/watch/80100172?trackId=155", "netflix:80100172"],
  ["https://www.netflix.com/browse", null],
  ["https://www.disneyplus.com/video/6d4a5c8e-2f3b", "disneyplus:6d4a5c8e-2f3b"],
  ["https://www.disneyplus.com/en-gb/play/abc-123", "disneyplus:abc-123"],
  ["https://www.primevideo.com/detail/0KRGHGZCHKS920ZQGY5LBRF7MA/ref=atv", "primevideo:0KRGHGZCHKS920ZQGY5LBRF7MA"],
  ["https://www.amazon.com/gp/video/detail/B08WJMTRN5/ref=x", "primevideo:B08WJMTRN5"],
  ["https://www.amazon.co.uk/dp/B08WJMTRN5", "primevideo:B08WJMTRN5"],
  ["https://play.max.com/video/watch/1b2c3d4e-0000-4000-8000-00000000000a/5f6e7d8c-0000-4000-8000-00000000000b", "max:5f6e7d8c-0000-4000-8000-00000000000b"],
  ["https://play.max.com/home", null],
  ["https://www.hulu.com/watch/4f2e8a3b-6c1d", "hulu:4f2e8a3b-6c1d"],
  ["https://www.twitch.tv/videos/2034567890?t=1h", "twitch:vod:2034567890"],
  ["https://www.twitch.tv/SomeChannel", "twitch:live:somechannel"],
  ["https://player.twitch.tv/?video=v2034567890&parent=x", "twitch:vod:2034567890"],
  ["https://www.twitch.tv/directory", null],
  ["https://www.crunchyroll.com/fr/watch/GG1U2JWXV/the-journeys-end", "crunchyroll:GG1U2JWXV"],
  ["https://example.com/movies/1.html?lang=en#t=5", "https://example.com/movies/1.html?lang=en"],
  ["chrome://extensions", null],
])("media identity of %s", (url, key) => {
  expect(mediaKeyOf(url)).toBe(key);
});

// One party, one media: the extension on youtube.com and the site's watch room name a video alike, in
// every form a host may start a party from or a guest may land on.
test.each([
  "https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=10s",
  "https://m.youtube.com/watch?v=aqz-KE-bpKQ",
  "https://music.youtube.com/watch?v=aqz-KE-bpKQ&list=RD",
  "https://youtu.be/aqz-KE-bpKQ?t=4",
  "https://www.youtube.com/shorts/aqz-KE-bpKQ",
  "https://www.youtube.com/live/aqz-KE-bpKQ",
  "https://www.youtube.com/embed/aqz-KE-bpKQ?start=3",
  "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ",
  "http://www.youtube.com/watch?v=e2eRoomClip",
])("the extension and the watch room agree on the media of %s", (url) => {
  expect(mediaKeyOf(url)).not.toBeNull();
  expect(mediaKeyOf(url)).toBe(roomMediaKey(url));
});

test.each(["https://www.youtube.com/watch?v=short", "https://www.youtube.com/feed/subscriptions", "https://www.youtube.com/watch?v=aqz-KE-bpKQ-too-long"])(
  "neither plays %s as a video",
  (url) => {
    expect(mediaKeyOf(url)).toBeNull();
    expect(roomMediaKey(url)).toBeNull();
  },
);

test("hosts pick their adapter (subdomains included); anything else is the generic <video> adapter", () => {
  expect(adapterForHost("m.youtube.com").id).toBe("youtube");
  expect(adapterForHost("static.crunchyroll.com").id).toBe("crunchyroll");
  expect(adapterForHost("www.amazon.de").id).toBe("primevideo");
  expect(adapterForHost("notnetflix.com").id).toBe("generic");
  expect(adapterForUrl("ftp://example.com/x")).toBeNull();
  expect(adapterForUrl("https://www.twitch.tv/somechannel")!.isLive!(new URL("https://www.twitch.tv/somechannel"))).toBe(true);
  expect(adapterForUrl("https://www.twitch.tv/videos/1")!.isLive!(new URL("https://www.twitch.tv/videos/1"))).toBe(false);
});

test.each([
  ["youtube", "https://www.youtube.com/watch?v=aqz-KE-bpKQ", "Big Buck Trailer"],
  ["netflix", "https://www.netflix.com/watch/80100172", "Stranger Things E1 Chapter One: The Vanishing"],
  ["disneyplus", "https://www.disneyplus.com/video/x1", "Luca"],
  ["primevideo", "https://www.primevideo.com/detail/0KRGHGZCHKS920ZQGY5LBRF7MA", "The Grand Tour"],
  ["max", "https://play.max.com/video/watch/1b2c3d4e-0000-4000-8000-00000000000a/5f6e7d8c-0000-4000-8000-00000000000b", "The Last of Us"],
  ["hulu", "https://www.hulu.com/watch/4f2e8a3b", "Only Murders in the Building"],
  ["twitch", "https://www.twitch.tv/videos/2034567890", "Speedrunning until sunrise"],
  ["crunchyroll", "https://www.crunchyroll.com/watch/GG1U2JWXV/the-journeys-end", "The Journey's End"],
])("%s fixture: the popup's probe finds the player and the title", (name, url, title) => {
  fixture(name);
  const probe = probePage(document, url);
  expect(probe).toEqual({ status: "ready", url, title, platform: adapterForUrl(url)!.platform, platformDomain: new URL(url).hostname.replace(/^www\./, "") });
});

test("static choices: YouTube's main player over the hover preview; Hulu's content element over its ad element", () => {
  fixture("youtube");
  expect(adapterForHost("www.youtube.com").findVideo(document)?.hasAttribute("data-expected")).toBe(true);
  fixture("hulu");
  expect(adapterForHost("www.hulu.com").findVideo(document)?.id).toBe("content-video-player");
});

test("a page without a player, or a site page that is not a video, is 'no video'", () => {
  document.documentElement.innerHTML = "<head><title>News</title></head><body><p>Article</p></body>";
  expect(probePage(document, "https://example.com/news")).toEqual({ status: "no-video", platform: "Web video" });
  fixture("youtube");
  expect(probePage(document, "https://www.youtube.com/feed/subscriptions")).toEqual({ status: "no-video", platform: "YouTube" });
});

test("Netflix: seeks, plays and pauses go to the page's player API through the main-world bridge", () => {
  fixture("netflix");
  const calls: unknown[] = [];
  const player = { seek: (ms: number) => calls.push(["seek", ms]), play: () => calls.push(["play"]), pause: () => calls.push(["pause"]) };
  (window as unknown as { netflix: unknown }).netflix = {
    appContext: { state: { playerApp: { getAPI: () => ({ videoPlayer: { getAllPlayerSessionIds: () => ["preview", "watch-1"], getVideoPlayerBySessionId: (id: string) => (id === "watch-1" ? player : undefined) } }) } } },
  };
  const uninstall = installNetflixBridge(window);
  const video = document.querySelector("video")!;
  let direct = 0;
  Object.defineProperty(video, "currentTime", { configurable: true, get: () => 0, set: () => void direct++ });
  const control = netflixAdapter.control(video, { tabUrl: new URL("https://www.netflix.com/watch/80100172"), doc: document });
  control.seek(61.25);
  void control.play();
  control.pause();
  expect(calls).toEqual([["seek", 61250], ["play"], ["pause"]]);
  expect(direct).toBe(0);
  // Garbage on the event is ignored.
  document.dispatchEvent(new CustomEvent(NETFLIX_COMMAND_EVENT, { detail: "{nope" }));
  document.dispatchEvent(new CustomEvent(NETFLIX_COMMAND_EVENT, { detail: JSON.stringify({ type: "seek", ms: -5 }) }));
  expect(calls).toHaveLength(3);
  uninstall();
  control.dispose();
});

test("Max: the content clock's offset is the smallest (element − scrubber) seen, restarting on a new period", () => {
  document.body.innerHTML = '<div data-testid="player-ux-scrubber" role="slider" aria-valuenow="0"></div><video></video>';
  const video = document.querySelector("video")!;
  let t = 0;
  Object.defineProperty(video, "currentTime", { configurable: true, get: () => t });
  const scrubber = document.querySelector("[data-testid=player-ux-scrubber]")!;
  const clock = new ScrubberClock(video, document);
  const show = (elementTime: number, value: number) => {
    t = elementTime;
    scrubber.setAttribute("aria-valuenow", String(value));
    clock.sample();
  };
  // Element 7.5 s ahead; the scrubber turns over up to 0.25 s late.
  show(7.5 + 10.2, 10);
  show(7.5 + 11.05, 11);
  show(7.5 + 12.01, 12);
  expect(clock.offset).toBeCloseTo(7.51, 2);
  // A new period (the stream's timeline shifted by 30 s): the old bound is dropped.
  show(37.5 + 40.1, 40);
  expect(clock.offset).toBeCloseTo(37.6, 2);
  clock.dispose();
});

/**
 * Each fixture keeps its site's ad marker in the between-ads state; `showAd` switches it on the way the
 * site does during a break. The adapter reads no ad before, an ad during, none after.
 */
const AD_CASES: [string, string, () => void][] = [
  ["youtube", "https://www.youtube.com/watch?v=aqz-KE-bpKQ", () => document.querySelector("#movie_player")!.classList.toggle("ad-showing")],
  ["youtube", "https://www.youtube.com/watch?v=aqz-KE-bpKQ", () => document.querySelector("#movie_player")!.classList.toggle("ad-interrupting")],
  ["primevideo", "https://www.primevideo.com/detail/0KRGHGZCHKS920ZQGY5LBRF7MA", () => document.querySelector(".atvwebplayersdk-ad-timer")!.toggleAttribute("hidden")],
  ["hulu", "https://www.hulu.com/watch/4f2e8a3b", () => document.querySelector(".AdPlayer")!.toggleAttribute("hidden")],
  ["max", "https://play.max.com/video/watch/1b2c3d4e-0000-4000-8000-00000000000a/5f6e7d8c-0000-4000-8000-00000000000b", () => document.querySelector('[data-testid="player-ux-ad-skip-button"]')!.toggleAttribute("hidden")],
];

test.each(AD_CASES)("%s fixture: the adapter reads an ad while the site's player shows one, and only then", (_name, url, toggleAd) => {
  fixture(_name);
  const adapter = adapterForUrl(url)!;
  const control = adapter.control(adapter.findVideo(document)!, { tabUrl: new URL(url), doc: document });
  expect(control.read().ad).toBe(false);
  toggleAd();
  expect(control.read()).toMatchObject({ ad: true, buffering: false });
  toggleAd();
  expect(control.read().ad).toBe(false);
  control.dispose();
});

test("Prime Video: an ad countdown left in the page but empty is no ad; Hulu: its ad element playing is one", () => {
  fixture("primevideo");
  const prime = adapterForHost("www.primevideo.com");
  const primeControl = prime.control(prime.findVideo(document)!, { tabUrl: new URL("https://www.primevideo.com/detail/0KRGHGZCHKS920ZQGY5LBRF7MA"), doc: document });
  const timer = document.querySelector(".atvwebplayersdk-ad-timer")!;
  timer.removeAttribute("hidden");
  timer.textContent = "";
  expect(primeControl.read().ad).toBe(false);
  primeControl.dispose();

  fixture("hulu");
  const hulu = adapterForHost("www.hulu.com");
  const huluControl = hulu.control(hulu.findVideo(document)!, { tabUrl: new URL("https://www.hulu.com/watch/4f2e8a3b"), doc: document });
  const adVideo = document.querySelector<HTMLVideoElement>("#ad-video-player")!;
  Object.defineProperty(adVideo, "paused", { configurable: true, get: () => false });
  expect(huluControl.read().ad).toBe(true);
  huluControl.dispose();
});

test("adapters that cannot tell an ad never report one (Netflix, Disney+, Twitch, the generic <video>)", () => {
  for (const [name, url] of [
    ["netflix", "https://www.netflix.com/watch/80100172"],
    ["disneyplus", "https://www.disneyplus.com/video/x1"],
    ["twitch", "https://www.twitch.tv/videos/2034567890"],
  ] as const) {
    fixture(name);
    const adapter = adapterForUrl(url)!;
    const control = adapter.control(adapter.findVideo(document)!, { tabUrl: new URL(url), doc: document });
    expect(control.read().ad).toBe(false);
    control.dispose();
  }
});
