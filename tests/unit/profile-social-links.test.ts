/** Social links (URL patterns; private links hidden on public profiles). */
import { socialLinksOf, socialLinkUrl } from "@/components/profile/social-links";
import { profileUrl } from "@/components/profile/profile-url";

test("each network's URL pattern; Discord has no link", () => {
  expect(socialLinkUrl("twitch", "streamqueen")).toBe("https://twitch.tv/streamqueen");
  expect(socialLinkUrl("youtube", "filmfan")).toBe("https://youtube.com/@filmfan");
  expect(socialLinkUrl("twitter", "filmfan")).toBe("https://x.com/filmfan");
  expect(socialLinkUrl("facebook", "film.fan")).toBe("https://facebook.com/film.fan");
  expect(socialLinkUrl("instagram", "filmfan")).toBe("https://instagram.com/filmfan");
  expect(socialLinkUrl("tiktok", "@filmfan")).toBe("https://tiktok.com/@filmfan");
  expect(socialLinkUrl("discord", "filmfan#1234")).toBeNull();
});

test("a username cannot escape its link", () => {
  expect(socialLinkUrl("twitter", "../evil?x=1")).toBe("https://x.com/..%2Fevil%3Fx%3D1");
});

test("links in the spec's order; publicOnly drops the private ones", () => {
  const profile = { tiktok_username: "t", twitch_username: "tw", instagram_username: "secret", instagram_private: true, youtube_username: null };
  expect(socialLinksOf(profile).map((l) => [l.label, l.isPrivate])).toEqual([
    ["Twitch", false],
    ["Instagram", true],
    ["TikTok", false],
  ]);
  expect(socialLinksOf(profile, { publicOnly: true }).map((l) => l.label)).toEqual(["Twitch", "TikTok"]);
});

test("profile URL: the username (our public route), else Twitch name, else encoded display name, else id", () => {
  const base = { id: "u1", username: null, twitch_username: null, display_name: "" };
  expect(profileUrl("https://vp.test", { ...base, username: "film_fan", twitch_username: "tw" })).toBe("https://vp.test/film_fan");
  expect(profileUrl("https://vp.test", { ...base, twitch_username: "tw", display_name: "Film Fan" })).toBe("https://vp.test/tw");
  expect(profileUrl("https://vp.test", { ...base, display_name: "Film Fan" })).toBe("https://vp.test/Film%20Fan");
  expect(profileUrl("https://vp.test", base)).toBe("https://vp.test/u1");
});
