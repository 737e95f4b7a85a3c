/**
 * TikTok short links are resolved by following TikTok's redirects (never another host, never the
 * page body) and kept as links when that fails. The network is a stand-in function here.
 */
import { resolveTiktokShortLink } from "@/lib/server/playlists/resolve-tiktok-short-link";

jest.mock("server-only", () => ({}));

const TID = "7316829214585637152";

function redirects(map: Record<string, string | null>) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchImpl = async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const location = map[url];
    if (location === undefined) throw new Error("offline");
    return new Response(null, { status: location ? 301 : 200, headers: location ? { location } : {} });
  };
  return { calls, fetchImpl };
}

test("a vm.tiktok.com link resolves to the video it redirects to, with HEAD and manual redirects", async () => {
  const net = redirects({ "https://vm.tiktok.com/ZMabc123/": `https://www.tiktok.com/@some.user/video/${TID}?_r=1&u_code=x` });
  expect(await resolveTiktokShortLink("https://vm.tiktok.com/ZMabc123", net.fetchImpl)).toEqual({
    platform: "tiktok",
    id: TID,
    url: `https://www.tiktok.com/player/v1/${TID}`,
  });
  expect(net.calls).toHaveLength(1);
  expect(net.calls[0]?.init).toMatchObject({ method: "HEAD", redirect: "manual" });
});

test("follows a chain of short links (vt → tiktok.com/t/ → video)", async () => {
  const net = redirects({
    "https://vt.tiktok.com/ZSxyz9/": "https://www.tiktok.com/t/ZTRabc/",
    "https://www.tiktok.com/t/ZTRabc/": `/@u/video/${TID}`,
  });
  expect(await resolveTiktokShortLink("https://vt.tiktok.com/ZSxyz9", net.fetchImpl)).toMatchObject({ id: TID });
});

test.each([
  ["offline", {}],
  ["no redirect", { "https://vm.tiktok.com/ZMabc123/": null }],
  ["a redirect away from TikTok is not followed", { "https://vm.tiktok.com/ZMabc123/": "https://evil.example/@u/video/1234567890" }],
])("%s → null (the short link is kept)", async (_case, map) => {
  const net = redirects(map as Record<string, string | null>);
  expect(await resolveTiktokShortLink("https://vm.tiktok.com/ZMabc123/", net.fetchImpl)).toBeNull();
  expect(net.calls.every((c) => new URL(c.url).hostname.endsWith("tiktok.com"))).toBe(true);
});

test("a redirect loop stops after a few hops", async () => {
  const net = redirects({ "https://vm.tiktok.com/ZMabc123/": "https://vm.tiktok.com/ZMabc123/" });
  expect(await resolveTiktokShortLink("https://vm.tiktok.com/ZMabc123/", net.fetchImpl)).toBeNull();
  expect(net.calls.length).toBeLessThanOrEqual(4);
});

test("a link that is not a TikTok short link makes no request", async () => {
  const net = redirects({});
  expect(await resolveTiktokShortLink("https://evil.example/x", net.fetchImpl)).toBeNull();
  expect(net.calls).toEqual([]);
});
