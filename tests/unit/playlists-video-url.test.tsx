/** Which links the playlist player can embed, and how. */
import { embedUrl, parseVideoSource } from "@/components/playlists/video-url";

test.each([
  ["https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42", "dQw4w9WgXcQ"],
  ["https://youtu.be/dQw4w9WgXcQ?si=abc", "dQw4w9WgXcQ"],
  ["https://m.youtube.com/shorts/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
  ["https://www.youtube.com/embed/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
  ["https://music.youtube.com/watch?v=dQw4w9WgXcQ", "dQw4w9WgXcQ"],
  ["https://www.youtube.com/@somechannel", null],
])("YouTube %s → id %p", (url, id) => {
  expect(parseVideoSource(url)).toEqual({ platform: "youtube", videoId: id });
});

test.each([
  ["https://www.tiktok.com/@someone/video/7234567890123456789", "7234567890123456789"],
  ["https://www.tiktok.com/embed/v2/7234567890123456789", "7234567890123456789"],
  ["https://vm.tiktok.com/ZMabcdef/", null],
])("TikTok %s → id %p", (url, id) => {
  expect(parseVideoSource(url)).toEqual({ platform: "tiktok", videoId: id });
});

test.each(["https://vimeo.com/123", "https://notyoutube.com/watch?v=dQw4w9WgXcQ", "javascript:alert(1)", "nonsense"])(
  "%s is not a playable source",
  (url) => {
    expect(parseVideoSource(url)).toBeNull();
  },
);

test("embed URLs carry the autoplay choice; an unresolved short link has none", () => {
  expect(embedUrl({ platform: "youtube", videoId: "dQw4w9WgXcQ" }, { autoplay: true })).toBe(
    "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&playsinline=1&rel=0",
  );
  expect(embedUrl({ platform: "tiktok", videoId: "7234567890123456789" }, { autoplay: false })).toBe(
    "https://www.tiktok.com/player/v1/7234567890123456789?autoplay=0",
  );
  expect(embedUrl({ platform: "tiktok", videoId: null }, { autoplay: true })).toBeNull();
});
