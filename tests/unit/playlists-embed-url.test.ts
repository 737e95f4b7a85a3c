/** The playlist player's embed URLs: the configured bases, autoplay flag and YouTube start time. */
import { embedUrl } from "@/lib/media/embed-url";

test("YouTube: the privacy-enhanced player by default, with autoplay and start", () => {
  expect(embedUrl({ platform: "youtube", videoId: "dQw4w9WgXcQ", startSeconds: 90 }, { autoplay: true })).toBe(
    "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&playsinline=1&rel=0&start=90",
  );
  expect(embedUrl({ platform: "youtube", videoId: "dQw4w9WgXcQ" }, { autoplay: false })).toBe(
    "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=0&playsinline=1&rel=0",
  );
});

test("TikTok: the v1 player", () => {
  expect(embedUrl({ platform: "tiktok", videoId: "7316829214585637152" }, { autoplay: false })).toBe(
    "https://www.tiktok.com/player/v1/7316829214585637152?autoplay=0",
  );
});

test("the bases come from NEXT_PUBLIC_VP_YOUTUBE_EMBED_BASE / NEXT_PUBLIC_VP_TIKTOK_PLAYER_BASE", () => {
  jest.isolateModules(() => {
    process.env.NEXT_PUBLIC_VP_YOUTUBE_EMBED_BASE = "http://127.0.0.1:9/yt/";
    process.env.NEXT_PUBLIC_VP_TIKTOK_PLAYER_BASE = "http://127.0.0.1:9/tt";
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { embedUrl: configured } = require("@/lib/media/embed-url") as typeof import("@/lib/media/embed-url");
      expect(configured({ platform: "youtube", videoId: "dQw4w9WgXcQ" }, { autoplay: true })).toMatch(/^http:\/\/127\.0\.0\.1:9\/yt\/dQw4w9WgXcQ\?/);
      expect(configured({ platform: "tiktok", videoId: "123456789" }, { autoplay: true })).toMatch(/^http:\/\/127\.0\.0\.1:9\/tt\/123456789\?/);
    } finally {
      delete process.env.NEXT_PUBLIC_VP_YOUTUBE_EMBED_BASE;
      delete process.env.NEXT_PUBLIC_VP_TIKTOK_PLAYER_BASE;
    }
  });
});
