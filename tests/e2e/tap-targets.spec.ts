/**
 * Tap targets on the list pages a person uses with a thumb: every visible button, link, input,
 * select and checkbox on /parties, /playlists, /playlist and /profile is at least 44×44 CSS px at
 * 390×844, or 24×24 with WCAG 2.2's spacing (tests/e2e/tap-targets.ts). Signed in, with something
 * on every list: a live party they host, a scheduled party with an RSVP, a playlist with videos.
 */
import { expect, test } from "@playwright/test";
import { signUpViaApi, uniqueUser } from "./helpers";
import { createScheduledPartyViaApi, rsvpViaApi } from "./scheduled-party-helpers";
import { smallTapTargets } from "./tap-targets";

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test("/parties, /playlists, /playlist and /profile have no tap target under the minimum on a phone", async ({ page, browser }) => {
  test.setTimeout(90_000);
  // Someone else's scheduled party, to RSVP to.
  const other = await browser.newPage();
  await signUpViaApi(other, uniqueUser("taphost"));
  const theirs = await createScheduledPartyViaApi(other.request, { title: "Tap theirs" });
  await other.close();

  await signUpViaApi(page, uniqueUser("tap"));
  const party = await page.request.post("/api/v1/parties", {
    data: { video_url: "https://www.youtube.com/watch?v=aqz-KE-bpKQ", video_title: "Tap night", chat_provider: "builtin", visibility: "public", streamer_latency_ms: 0 },
  });
  expect(party.status()).toBe(201);
  await createScheduledPartyViaApi(page.request, { title: "Tap scheduled" });
  await rsvpViaApi(page.request, theirs.id);
  const playlist = await page.request.post("/api/v1/playlists", { data: { title: "Tap mix" } });
  const { id: playlistId } = (await playlist.json()) as { id: string };
  // Listed, so the public playlists table has a row of its own to audit.
  expect((await page.request.patch(`/api/v1/playlists/${playlistId}`, { data: { listed: true } })).status()).toBe(200);
  for (const v of ["dQw4w9WgXcQ", "aqz-KE-bpKQ", "M7lc1UVf-VE"]) {
    expect((await page.request.post(`/api/v1/playlists/${playlistId}/links`, { data: { url: `https://www.youtube.com/watch?v=${v}` } })).status()).toBe(201);
  }

  const pages: [string, () => Promise<void>][] = [
    ["/parties", () => expect(page.getByTestId("live-party-row").filter({ hasText: "Tap night" })).toBeVisible()],
    ["/playlists", () => expect(page.getByRole("table", { name: "Video playlists" }).getByRole("link", { name: "View Tap mix" }).first()).toBeVisible()],
    [`/playlist?id=${playlistId}`, () => expect(page.getByRole("button", { name: /Remove/ }).first()).toBeVisible()],
    ["/profile", () => expect(page.getByText("Tap scheduled").first()).toBeVisible()],
  ];
  const found: Record<string, unknown[]> = {};
  for (const [path, ready] of pages) {
    await page.goto(path);
    await ready();
    const small = await smallTapTargets(page);
    if (small.length > 0) found[path] = small;
  }
  expect(found).toEqual({});
});
