import { mkdtempSync, mkdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inlineScriptHashes, pagePolicy } from "@/lib/security/content-security-policy";
import { cspSources } from "@/lib/security/csp-sources";
import { prerenderedScriptHashes } from "@/lib/server/security/prerendered-pages";
import { requestIsHttps } from "@/lib/server/security/request-is-https";
import { twitchEmbedUrl } from "@/lib/server/twitch/get-twitch-info";
import { tiktokPlayerSrc } from "@/lib/watch-room/tiktok-player";

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(";").map((d) => {
      const [name = "", ...values] = d.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

/** CSP's host-source matching, enough for the https origins the site allows (no wildcards). */
function frameAllowed(policy: string, url: string): boolean {
  return (directives(policy).get("frame-src") ?? []).includes(new URL(url).origin);
}

/** The production defaults of VP_YOUTUBE_IFRAME_API_URL and VP_TIKTOK_PLAYER_URL (lib/server/env.ts). */
const REAL_PLAYERS = { youtubeApi: "https://www.youtube.com/iframe_api", tiktokPlayer: "https://www.tiktok.com/player/v1/" };
const base = { scriptHashes: [], sources: cspSources(REAL_PLAYERS), https: false, dev: false };

test("inline scripts are hashed as CSP hashes them; external and JSON-LD scripts are not", () => {
  const html = [
    `<script>alert('Hello, world.');</script>`,
    `<script src="/_next/static/chunks/a.js" async=""></script>`,
    `<script type="application/ld+json">{"@type":"Organization"}</script>`,
    `<script id="_R_">self.__next_f=1</script>`,
    `<script>alert('Hello, world.');</script>`,
  ].join("");
  const hashes = inlineScriptHashes(html);
  // The CSP specification's own example value for this script.
  expect(hashes[0]).toBe("sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng=");
  expect(hashes).toHaveLength(2);
});

test("scripts run only from the site, a nonce or listed hashes; never any inline script", () => {
  const policy = directives(pagePolicy({ ...base, nonce: "abc123==", scriptHashes: ["sha256-xyz="] }));
  // …and the configured YouTube IFrame API script's origin.
  expect(policy.get("script-src")).toEqual(["'self'", "'nonce-abc123=='", "'sha256-xyz='", "https://www.youtube.com"]);
  expect(policy.get("object-src")).toEqual(["'none'"]);
  expect(policy.get("base-uri")).toEqual(["'self'"]);
  expect(policy.get("frame-ancestors")).toEqual(["'self'"]);
  expect(policy.has("upgrade-insecure-requests")).toBe(false);
  expect(directives(pagePolicy({ ...base, https: true })).has("upgrade-insecure-requests")).toBe(true);
  expect(directives(pagePolicy({ ...base, dev: true })).get("script-src")).toContain("'unsafe-eval'");
});

test("every player the site embeds is allowed by frame-src, and nothing else is", () => {
  const policy = pagePolicy(base);
  // YouTube's IFrame API frames its player from its own origin; the TikTok player is framed directly.
  const youtube = "https://www.youtube.com/embed/dQw4w9WgXcQ?enablejsapi=1";
  const tiktok = tiktokPlayerSrc(REAL_PLAYERS.tiktokPlayer, "7234567890123456789");
  const twitchPlayer = twitchEmbedUrl("somechannel", "localhost");
  // The extension overlay and party pages embed Twitch chat this way.
  const twitchChat = "https://www.twitch.tv/embed/somechannel/chat?parent=localhost&darkpopout";
  for (const url of [youtube, tiktok, twitchPlayer, twitchChat]) expect([url, frameAllowed(policy, url)]).toEqual([url, true]);
  expect(frameAllowed(policy, "https://evil.example/frame")).toBe(false);
});

test("HSTS only when the site is https: configured URL, or X-Forwarded-Proto behind a trusted proxy", () => {
  const xfp = (value: string) => ({ headers: new Headers({ "x-forwarded-proto": value }) });
  const none = { headers: new Headers() };
  expect(requestIsHttps(none, { baseUrl: "https://watch.example", VP_TRUST_PROXY: "0" })).toBe(true);
  expect(requestIsHttps(none, { baseUrl: "http://localhost:3000", VP_TRUST_PROXY: "0" })).toBe(false);
  expect(requestIsHttps(xfp("https"), { baseUrl: "http://localhost:3000", VP_TRUST_PROXY: "0" })).toBe(false);
  expect(requestIsHttps(xfp("https, http"), { baseUrl: "http://localhost:3000", VP_TRUST_PROXY: "1" })).toBe(true);
  expect(requestIsHttps(xfp("http"), { baseUrl: "http://localhost:3000", VP_TRUST_PROXY: "1" })).toBe(false);
});

describe("hashes of prerendered pages", () => {
  let dist: string;
  const page = (name: string, script: string) => {
    const file = path.join(dist, "server", "app", `${name}.html`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `<!DOCTYPE html><html><body><script>${script}</script></body></html>`);
    return file;
  };

  beforeEach(() => {
    dist = mkdtempSync(path.join(tmpdir(), "vp-csp-"));
  });
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  test("come from the page's own HTML file, plus Next's fallback documents", () => {
    page("faqs", "faqs()");
    page("index", "home()");
    page("blogs/a-post", "post()");
    page("_not-found", "notFound()");
    const [faqs] = inlineScriptHashes("<script>faqs()</script>");
    const [home] = inlineScriptHashes("<script>home()</script>");
    const [post] = inlineScriptHashes("<script>post()</script>");
    const [notFound] = inlineScriptHashes("<script>notFound()</script>");
    expect(prerenderedScriptHashes(dist, "/faqs")).toEqual([faqs, notFound]);
    expect(prerenderedScriptHashes(dist, "/")).toEqual([home, notFound]);
    expect(prerenderedScriptHashes(dist, "/blogs/a-post/")).toEqual([post, notFound]);
    // Rendered per request: only the fallbacks (the page itself carries the nonce).
    expect(prerenderedScriptHashes(dist, "/some_user")).toEqual([notFound]);
    // Paths never escape the build folder.
    expect(prerenderedScriptHashes(dist, "/../app/faqs")).toEqual([notFound]);
  });

  test("a path the build did not generate, rendered on demand and kept by Next, gets the hashes of the kept copy", () => {
    writeFileSync(
      path.join(dist, "prerender-manifest.json"),
      JSON.stringify({
        routes: { "/blogs/a-post": {}, "/faqs": {} },
        dynamicRoutes: { "/blogs/[slug]": { routeRegex: "^/blogs/([^/]+?)(?:/)?$", fallback: null } },
      }),
    );
    page("_not-found", "notFound()");
    const [notFound] = inlineScriptHashes("<script>notFound()</script>");
    // Before the first visit: nothing kept, the response will carry the nonce.
    expect(prerenderedScriptHashes(dist, "/blogs/unknown")).toEqual([notFound]);
    const kept = path.join(dist, "server", "route-cache", "APP_PAGE", "0c512fcc", "$", "blogs", "unknown.html");
    mkdirSync(path.dirname(kept), { recursive: true });
    writeFileSync(kept, `<script nonce="first-visit">postNotFound()</script>`);
    const [postNotFound] = inlineScriptHashes("<script>postNotFound()</script>");
    expect(prerenderedScriptHashes(dist, "/blogs/unknown")).toEqual([notFound, postNotFound]);
    // Other paths never pick up that copy.
    expect(prerenderedScriptHashes(dist, "/blogs/other")).toEqual([notFound]);
  });

  test("a page Next rewrites (rendered later and kept) is hashed again", () => {
    const file = page("blogs/late", "first()");
    const [first] = inlineScriptHashes("<script>first()</script>");
    expect(prerenderedScriptHashes(dist, "/blogs/late")).toEqual([first]);
    page("blogs/late", "second()");
    const later = new Date(Date.now() + 5_000);
    utimesSync(file, later, later);
    const [second] = inlineScriptHashes("<script>second()</script>");
    expect(prerenderedScriptHashes(dist, "/blogs/late")).toEqual([second]);
  });
});

test("the configured players (watch room and playlist page) are allowed, and only those", () => {
  const players = { youtubeApi: "http://127.0.0.1:4555/youtube/iframe_api", tiktokPlayer: "http://127.0.0.1:4556/tiktok/player/v1/" };
  const policy = directives(pagePolicy({ ...base, sources: cspSources(players) }));
  expect(policy.get("script-src")).toContain("http://127.0.0.1:4555");
  expect(policy.get("frame-src")).toEqual(expect.arrayContaining(["http://127.0.0.1:4555", "http://127.0.0.1:4556"]));
  expect(policy.get("media-src")).toEqual(["'self'", "http://127.0.0.1:4555"]);
  // Configured elsewhere, the real players are not allowed any more: the policy follows the one setting.
  expect(policy.get("script-src")).not.toContain("https://www.youtube.com");
  expect(policy.get("frame-src")).not.toContain("https://www.tiktok.com");
  const real = directives(pagePolicy(base));
  expect(real.get("script-src")).toContain("https://www.youtube.com");
  expect(real.get("frame-src")).toEqual(["https://player.twitch.tv", "https://www.twitch.tv", "https://www.youtube.com", "https://www.tiktok.com"]);
});
