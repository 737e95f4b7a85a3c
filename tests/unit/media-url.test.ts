import { parseMediaUrl, parseStartTime } from "@/lib/media/parse-media-url";

const ID = "dQw4w9WgXcQ";

describe("parseMediaUrl: YouTube", () => {
  it.each([
    [`https://www.youtube.com/watch?v=${ID}`, 0],
    [`http://youtube.com/watch?v=${ID}&list=PL123&index=2`, 0],
    [`youtube.com/watch?v=${ID}`, 0],
    [`https://m.youtube.com/watch?v=${ID}&t=42`, 42],
    [`https://music.youtube.com/watch?v=${ID}&feature=share`, 0],
    [`https://youtu.be/${ID}`, 0],
    [`https://youtu.be/${ID}?t=1m30s`, 90],
    [`https://www.youtube.com/shorts/${ID}`, 0],
    [`https://www.youtube.com/embed/${ID}?start=75`, 75],
    [`https://www.youtube-nocookie.com/embed/${ID}`, 0],
    [`https://www.youtube.com/live/${ID}?si=abc`, 0],
    [`https://www.youtube.com/watch?v=${ID}#t=1h2m3s`, 3723],
    [`https://www.youtube.com/watch?v=${ID}&t=2m5`, 125],
    [`https://www.youtube.com/shorts/${ID}?feature=share`, 0],
    [`https://youtube.com/watch?app=desktop&v=${ID}`, 0],
    [`  https://WWW.YOUTUBE.COM/watch?v=${ID}  `, 0],
  ])("%s", (input, start) => {
    expect(parseMediaUrl(input)).toEqual({
      platform: "youtube",
      id: ID,
      startSeconds: start,
      url: `https://www.youtube.com/watch?v=${ID}${start ? `&t=${start}s` : ""}`,
    });
  });
});

describe("parseMediaUrl: TikTok", () => {
  const TID = "7316829214585637152";
  it.each([
    `https://www.tiktok.com/@some.user/video/${TID}`,
    `https://www.tiktok.com/@some.user/video/${TID}?is_from_webapp=1&sender_device=pc`,
    `https://m.tiktok.com/v/${TID}.html`,
    `https://www.tiktok.com/player/v1/${TID}?autoplay=1`,
    `https://www.tiktok.com/embed/v2/${TID}`,
    `tiktok.com/@user/video/${TID}`,
  ])("%s", (input) => {
    expect(parseMediaUrl(input)).toEqual({ platform: "tiktok", id: TID, url: `https://www.tiktok.com/player/v1/${TID}` });
  });

  it.each([
    ["https://vm.tiktok.com/ZMabc123/", "https://vm.tiktok.com/ZMabc123/"],
    ["https://vt.tiktok.com/ZSxyz9", "https://vt.tiktok.com/ZSxyz9/"],
    ["https://www.tiktok.com/t/ZTRabc/", "https://www.tiktok.com/t/ZTRabc/"],
  ])("keeps the short link %s as a link", (input, url) => {
    expect(parseMediaUrl(input)).toEqual({ platform: "tiktok", id: null, url, short: true });
  });
});

describe("parseMediaUrl: rejections", () => {
  it.each([
    "",
    "   ",
    "not a url at all",
    "https://www.netflix.com/watch/80100172",
    "https://vimeo.com/76979871",
    `javascript:alert(1)//youtube.com/watch?v=${ID}`,
    `data:text/html,youtube.com/watch?v=${ID}`,
    `ftp://youtube.com/watch?v=${ID}`,
    "https://www.youtube.com/watch?v=short",
    "https://www.youtube.com/watch",
    "https://www.youtube.com/channel/UC123",
    `https://youtube.com.evil.example/watch?v=${ID}`,
    `https://evil.example/?u=https://youtu.be/${ID}`,
    "https://www.tiktok.com/@user",
    "https://www.tiktok.com/@user/video/notanumber",
    "https://vm.tiktok.com/",
  ])("%j", (input) => {
    expect(parseMediaUrl(input)).toBeNull();
  });

  it("rejects a link longer than 2 048 characters", () => {
    expect(parseMediaUrl(`https://youtu.be/${ID}?si=${"x".repeat(3000)}`)).toBeNull();
  });
});

describe("parseStartTime", () => {
  it.each([
    ["90", 90],
    ["90s", 90],
    ["1m30s", 90],
    ["1m30", 90],
    ["1h2m3", 3723],
    ["2h", 7200],
    ["", 0],
    ["abc", 0],
    [null, 0],
  ])("%j → %d", (raw, seconds) => {
    expect(parseStartTime(raw)).toBe(seconds);
  });
});
