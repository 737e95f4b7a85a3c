/**
 * The rule for a list of links that becomes a live party (a prepared programme, a playlist started as
 * a party): the first link starts the party, the rest must be what that party's queue takes.
 */
import { checkPartyLinks, NO_LINKS } from "@/lib/server/parties/check-party-links";
import { QUEUE_MAX_ITEMS } from "@/lib/sync";

const yt = (id: string) => ({ url: `https://youtu.be/${id}` });

test("an empty list cannot start a party", () => {
  expect(checkPartyLinks([])).toEqual({ ok: false, message: NO_LINKS });
});

test("a watch-room start queues YouTube and TikTok videos, normalized, with fallback titles", () => {
  expect(checkPartyLinks([{ url: "https://m.youtube.com/watch?v=aaaaaaaaaa1", title: "One" }, yt("aaaaaaaaaa2"), { url: "https://www.tiktok.com/@a/video/7300000000000000001" }])).toEqual({
    ok: true,
    links: [
      { url: "https://www.youtube.com/watch?v=aaaaaaaaaa1", title: "One" },
      { url: "https://www.youtube.com/watch?v=aaaaaaaaaa2", title: "YouTube video aaaaaaaaaa2" },
      { url: "https://www.tiktok.com/player/v1/7300000000000000001", title: "TikTok video 7300000000000000001" },
    ],
  });
});

test("a watch-room start refuses other sites' links and TikTok short links, naming the item", () => {
  expect(checkPartyLinks([yt("aaaaaaaaaa1"), { url: "https://vimeo.com/1" }])).toEqual({ ok: false, message: "Item 2: Only YouTube and TikTok video links can be queued in this party." });
  expect(checkPartyLinks([{ url: "https://vm.tiktok.com/ZMabc123/" }])).toMatchObject({ ok: false, message: expect.stringMatching(/^TikTok short links can't be played here/) });
  expect(checkPartyLinks([yt("aaaaaaaaaa1"), yt("aaaaaaaaaa2"), { url: "https://vm.tiktok.com/ZMabc123/" }])).toMatchObject({ ok: false, message: expect.stringMatching(/^Item 3: TikTok short links/) });
});

test("a party on another site (the extension's) takes any http(s) link, but nothing else", () => {
  const checked = checkPartyLinks([{ url: "https://www.netflix.com/watch/80100172", title: "Heat" }, { url: "https://vimeo.com/1" }, yt("aaaaaaaaaa1")]);
  expect(checked).toEqual({
    ok: true,
    links: [
      { url: "https://www.netflix.com/watch/80100172", title: "Heat" },
      { url: "https://vimeo.com/1", title: "vimeo.com/1" },
      { url: "https://www.youtube.com/watch?v=aaaaaaaaaa1", title: "YouTube video aaaaaaaaaa1" },
    ],
  });
  expect(checkPartyLinks([{ url: "javascript:alert(1)" }])).toEqual({ ok: false, message: "That is not a valid http(s) link." });
  expect(checkPartyLinks([{ url: "https://www.netflix.com/watch/1" }, { url: "ftp://files.example/a.mp4" }])).toEqual({ ok: false, message: "Item 2: That is not a valid http(s) link." });
});

test("at most one more than the queue holds: the first plays, the rest fill the queue", () => {
  const links = Array.from({ length: QUEUE_MAX_ITEMS + 1 }, (_, i) => yt(`id${String(i).padStart(8, "0")}`));
  expect(checkPartyLinks(links)).toMatchObject({ ok: true });
  expect(checkPartyLinks([...links, yt("onetoomany1")])).toMatchObject({ ok: false, message: expect.stringContaining(`up to ${QUEUE_MAX_ITEMS} wait in the queue`) });
});
