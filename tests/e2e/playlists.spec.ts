/**
 * Playlists end to end in Chromium against the started app: A creates a playlist, B joins with its
 * share link and adds a video, A reorders and removes, C (no code) is refused by the API with
 * nothing changed; the admin link; /add and /add-video; the Twitch panel; axe and a 390 px screen.
 * The YouTube/TikTok players are the local stand-ins the app is configured with (tests/support/stand-ins),
 * and every other request that would leave this machine is answered by a tiny local page.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { signUpViaApi, uniqueUser } from "./helpers";
import { expectNoSeriousAxeViolations } from "./scheduled-party-helpers";

const YT = "dQw4w9WgXcQ";
const TT = "7316829214585637152";

/** Several users and pages per test on a shared machine: the default 30 s is too tight. */
const MULTI_USER_TIMEOUT_MS = 240_000;

/** Answers every non-local request with a tiny page: the players' iframes load it instead of the internet. */
async function keepOffline(context: BrowserContext): Promise<void> {
  await context.route(
    (url) => !["localhost", "127.0.0.1"].includes(url.hostname),
    (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>player stand-in</title><p>stand-in</p>" }),
  );
}

async function signedInPage(browser: Browser, prefix: string): Promise<{ page: Page; username: string; close: () => Promise<void> }> {
  const context = await browser.newContext();
  await keepOffline(context);
  const page = await context.newPage();
  const user = await signUpViaApi(page, uniqueUser(prefix));
  return { page, username: user.username, close: () => context.close() };
}

/** Server-rendered controls ignore clicks until React has hydrated them. */
async function waitForHydration(page: Page, selector: string): Promise<void> {
  await page.waitForFunction(
    (sel) => {
      const el = document.querySelector(sel);
      return !!el && Object.keys(el).some((key) => key.startsWith("__reactProps"));
    },
    selector,
  );
}

async function createPlaylistInUi(page: Page, title: string): Promise<string> {
  await page.goto("/playlists");
  const create = page.getByRole("region", { name: "Create New Playlist" });
  await waitForHydration(page, "main form button[type=submit]");
  await create.getByLabel("Playlist title", { exact: true }).fill(title);
  await create.getByRole("button", { name: "Create New Playlist" }).click();
  await page.waitForURL(/\/playlist\?id=/);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  return new URL(page.url()).searchParams.get("id")!;
}

async function addInPlaylistPage(page: Page, url: string, title?: string): Promise<void> {
  const form = page.getByRole("region", { name: "Add Video" });
  await form.getByLabel(/Video URL/).fill(url);
  if (title) await form.getByLabel(/Title/).fill(title);
  await form.getByRole("button", { name: "Add Video" }).click();
  await expect(form.getByRole("status")).toHaveText("Video added successfully!");
  await expect(form.getByLabel(/Video URL/)).toHaveValue("");
}

const videoButtons = (page: Page) => page.getByRole("list", { name: "Videos in play order" }).getByRole("button", { name: /^\d+\. / });

test.beforeEach(async ({ context }) => keepOffline(context));

test("A creates, B joins by share link and adds, A reorders and removes, C without the code is refused", async ({ page, browser }) => {
  test.setTimeout(MULTI_USER_TIMEOUT_MS);
  await signUpViaApi(page, uniqueUser("pla"));
  const id = await createPlaylistInUi(page, "Road trip");
  const code = (await page.getByText("Short code:").locator("xpath=following-sibling::dd").textContent())!.trim();
  expect(code).toMatch(/^[A-Z2-9]{8}$/);
  await addInPlaylistPage(page, `https://youtu.be/${YT}?t=42`, "Opening song");
  // The player shows the current video through the configured YouTube player, from its start time.
  const youtubePlayer = page.getByRole("group", { name: "YouTube video: Opening song" }).locator('video[data-stand-in="youtube"]');
  await expect(youtubePlayer).toHaveAttribute("data-video-id", YT);
  await expect.poll(() => youtubePlayer.evaluate((v) => (v as HTMLVideoElement).currentTime), { timeout: 20_000 }).toBeGreaterThanOrEqual(42);

  // B opens the share link, joins, and adds a TikTok.
  const b = await signedInPage(browser, "plb");
  await b.page.goto(`/playlists?code=${code}`);
  const join = b.page.getByRole("region", { name: "Join with a Share Code" });
  await expect(join.getByLabel("Share code")).toHaveValue(code);
  await waitForHydration(b.page, "main form button[type=submit]");
  await join.getByRole("button", { name: "Join Playlist" }).click();
  await b.page.waitForURL(`**/playlist?id=${id}`);
  await expect(b.page.getByText("You are: Collaborator.")).toBeVisible();
  await addInPlaylistPage(b.page, `https://www.tiktok.com/@traveller/video/${TT}`, "Beach clip");
  await expect(videoButtons(b.page)).toHaveText(["1. Opening song", "2. Beach clip"]);
  // A collaborator may not reorder, and removes only their own video.
  await expect(b.page.getByRole("button", { name: /^Move/ })).toHaveCount(0);
  await expect(b.page.getByRole("button", { name: /^Remove/ })).toHaveCount(1);
  await expectNoSeriousAxeViolations(b.page);

  // A sees B's video, moves it up, then removes the YouTube one.
  await page.reload();
  await expect(videoButtons(page)).toHaveText(["1. Opening song", "2. Beach clip"]);
  await page.getByRole("button", { name: "Move up: Beach clip" }).click();
  await expect(videoButtons(page)).toHaveText(["1. Beach clip", "2. Opening song"]);
  await expect(page.getByTitle("TikTok video: Beach clip")).toHaveAttribute("src", new RegExp(`^http://127\\.0\\.0\\.1:\\d+/tiktok/player/v1/${TT}\\?`));
  await page.getByRole("button", { name: "Remove: Opening song" }).click();
  await expect(videoButtons(page)).toHaveText(["1. Beach clip"]);
  await expect(page.getByRole("heading", { name: "Total Videos: 1" })).toBeVisible();

  // C has no code: the page offers no add form, and the API refuses every change with nothing changed.
  const c = await signedInPage(browser, "plc");
  await c.page.goto(`/playlist?id=${id}`);
  await expect(c.page.getByText("Join this playlist with its share code to add videos to it.")).toBeVisible();
  await expect(c.page.getByText("Short code:").locator("xpath=following-sibling::dd")).toHaveText("-");
  const before = await (await page.request.get(`/api/v1/playlists/${id}`)).json();
  const linkId = before.links[0].id as string;
  const attempts = [
    await c.page.request.post(`/api/v1/playlists/${id}/links`, { data: { url: `https://youtu.be/${YT}` } }),
    await c.page.request.patch(`/api/v1/playlists/${id}/links/${linkId}`, { data: { position: 0 } }),
    await c.page.request.delete(`/api/v1/playlists/${id}/links/${linkId}`),
    await c.page.request.patch(`/api/v1/playlists/${id}`, { data: { title: "Mine now" } }),
    await c.page.request.delete(`/api/v1/playlists/${id}`),
  ];
  for (const res of attempts) {
    expect(res.status()).toBe(403);
    expect((await res.json()).detail).toEqual(expect.any(String));
  }
  const wrongCode = await c.page.request.post("/api/v1/playlists/join", { data: { code: "WRONGCODE" } });
  expect(wrongCode.status()).toBe(404);
  // Joining with a wrong code in the page says why.
  await c.page.goto("/playlists");
  await waitForHydration(c.page, "main form button[type=submit]");
  const cJoin = c.page.getByRole("region", { name: "Join with a Share Code" });
  await cJoin.getByLabel("Share code").fill("WRONGCODE");
  await cJoin.getByRole("button", { name: "Join Playlist" }).click();
  await expect(cJoin.getByRole("alert")).toContainText("No playlist has that share code.");
  const after = await (await page.request.get(`/api/v1/playlists/${id}`)).json();
  expect(after.title).toBe("Road trip");
  expect(after.links).toEqual(before.links);
  await Promise.all([b.close(), c.close()]);
});

test("the owner's hidden admin block warns; whoever opens the admin link can take control", async ({ page, browser }) => {
  test.setTimeout(MULTI_USER_TIMEOUT_MS);
  await signUpViaApi(page, uniqueUser("plo"));
  const id = await createPlaylistInUi(page, "Shared control");
  await addInPlaylistPage(page, `https://www.youtube.com/shorts/${YT}`, "Short one");
  await addInPlaylistPage(page, `https://music.youtube.com/watch?v=${YT}`, "Track");
  const adminUrl = page.getByLabel("Direct playlist URL");
  await expect(adminUrl).toBeHidden();
  await page.getByRole("button", { name: "Show admin link" }).click();
  await expect(page.getByRole("note")).toContainText("Anyone with this link can control this playlist");
  await expect(page.getByRole("img", { name: "QR code of the admin link" })).toBeVisible();
  await expect(page.getByRole("img", { name: "QR code of the share link" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  const link = await adminUrl.inputValue();
  expect(link).toContain(`/playlist?id=${id}&admin=`);

  const d = await signedInPage(browser, "pld");
  await d.page.goto(link);
  await expect(d.page.getByText("You opened this playlist's admin link.")).toBeVisible();
  await waitForHydration(d.page, "main button.bg-cyan-300");
  await d.page.getByRole("button", { name: "Become an admin of this playlist" }).click();
  await expect(d.page.getByText("You are: Admin.")).toBeVisible();
  await d.page.getByRole("button", { name: "Move down: Short one" }).click();
  await expect(videoButtons(d.page)).toHaveText(["1. Track", "2. Short one"]);
  // Admins run the playlist but cannot delete it or see its Twitch settings.
  await expect(d.page.getByRole("button", { name: "Delete playlist" })).toHaveCount(0);
  await expect(d.page.getByRole("region", { name: "Twitch Integration" })).toHaveCount(0);
  await d.page.getByRole("switch", { name: "Accept YouTube" }).click();
  await expect(d.page.getByRole("switch", { name: "Accept YouTube" })).toHaveAttribute("aria-checked", "false");
  const form = d.page.getByRole("region", { name: "Add Video" });
  await form.getByLabel(/Video URL/).fill(`https://youtu.be/${YT}`);
  await form.getByRole("button", { name: "Add Video" }).click();
  await expect(form.getByRole("alert")).toContainText("This playlist does not accept YouTube links right now.");
  await d.close();
});

test("the owner renames and deletes; the Twitch panel stores its fields, masks the token and stays Disconnected", async ({ page }) => {
  test.setTimeout(MULTI_USER_TIMEOUT_MS);
  await signUpViaApi(page, uniqueUser("plt"));
  const id = await createPlaylistInUi(page, "Stream queue");
  const panel = page.getByRole("region", { name: "Twitch Integration" });
  await expect(panel.getByText("Disconnected")).toBeVisible();
  await panel.getByRole("button", { name: "Show" }).click();
  await expect(panel.getByLabel("Command prefix")).toHaveValue("!add");
  await panel.getByLabel("Channel").fill("MyChannel");
  await panel.getByLabel("OAuth token").fill("oauth:e2e-secret-token-123");
  await expect(panel.getByLabel("OAuth token")).toHaveAttribute("type", "password");
  await panel.getByLabel("Bot username").fill("queue_bot");
  await panel.getByRole("button", { name: "Save Twitch settings" }).click();
  await expect(panel.getByText("Twitch settings saved.")).toBeVisible();
  await expect(panel.getByLabel("OAuth token")).toHaveValue("");

  await page.reload();
  await page.getByRole("region", { name: "Twitch Integration" }).getByRole("button", { name: "Show" }).click();
  await expect(panel.getByLabel("Channel")).toHaveValue("mychannel");
  await expect(panel.getByLabel("Bot username")).toHaveValue("queue_bot");
  await expect(panel.getByText("A token is saved. It is never shown again.")).toBeVisible();
  await expect(panel.getByText("Disconnected")).toBeVisible();
  const settings = await page.request.get(`/api/v1/playlists/${id}/twitch`);
  expect(await settings.text()).not.toContain("e2e-secret-token");

  await page.getByLabel("Playlist title", { exact: true }).fill("Stream queue v2");
  await page.getByRole("button", { name: "Rename" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Stream queue v2" })).toBeVisible();

  await page.getByRole("button", { name: "Delete playlist" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await page.waitForURL("**/playlists");
  expect((await page.request.get(`/api/v1/playlists/${id}`)).status()).toBe(404);
});

test("/add and /add-video add to a playlist you own or joined; unsupported links and unknown playlists say why", async ({ page }) => {
  test.setTimeout(MULTI_USER_TIMEOUT_MS);
  await signUpViaApi(page, uniqueUser("pladd"));
  const created = await page.request.post("/api/v1/playlists", { data: { title: "Add target" } });
  const { id } = await created.json();

  await page.goto(`/add?playlist=${id}`);
  await expect(page).toHaveTitle("Add Video - ViewParty");
  await expect(page.getByLabel("Playlist")).toHaveValue(id);
  await page.getByLabel(/YouTube or TikTok URL/).fill("https://vimeo.com/76979871");
  await page.getByRole("button", { name: "Add Video" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText("Only YouTube and TikTok video links can be added");
  await page.getByLabel(/YouTube or TikTok URL/).fill(`https://m.youtube.com/watch?v=${YT}`);
  await page.getByRole("button", { name: "Add Video" }).click();
  await expect(page.getByRole("status")).toHaveText("Video added successfully!");
  await expect(page.getByText("Feature coming soon!")).toHaveCount(0);

  await page.goto("/add-video");
  await expect(page).toHaveTitle("Add Video to Playlist - ViewParty");
  await page.getByRole("button", { name: "Add Video" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText("Playlist ID and Video URL are required");
  await page.getByLabel("Playlist ID").fill("no-such-playlist");
  await page.getByLabel("Video URL").fill(`https://www.youtube.com/watch?v=${YT}`);
  await page.getByRole("button", { name: "Add Video" }).click();
  const alert = page.getByRole("main").getByRole("alert");
  await expect(alert).toContainText("Error adding video");
  await expect(alert).toContainText("Playlist not found");
  await expect(page.getByLabel("Video URL")).toHaveValue(`https://www.youtube.com/watch?v=${YT}`);
  await page.getByLabel("Your playlists").selectOption(id);
  await expect(page.getByLabel("Playlist ID")).toHaveValue(id);
  await page.getByLabel(/Title/).fill("Second");
  await page.getByRole("button", { name: "Add Video" }).click();
  await expect(page.getByRole("status")).toHaveText("Video added successfully!");
  await expect(page.getByLabel("Video URL")).toHaveValue("");

  const detail = await (await page.request.get(`/api/v1/playlists/${id}`)).json();
  expect(detail.links.map((l: { platform: string; video_id: string; title: string | null }) => [l.platform, l.video_id, l.title])).toEqual([
    ["youtube", YT, null],
    ["youtube", YT, "Second"],
  ]);
});

test("signed out: /add-video asks to log in; the hub's create opens the login modal", async ({ page }) => {
  test.slow();
  await page.goto("/add-video");
  await expect(page.getByText("You need to be logged in to add videos to a playlist.")).toBeVisible();
  await page.getByRole("main").getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();

  await page.goto("/playlists");
  await expect(page.getByText("Log in to create a playlist.")).toBeVisible();
  // Scoped and exact: the signed-out hub also lists public playlists, whose "View <title>" links
  // contain "playlist title" when another test's playlist is named so.
  const create = page.getByRole("region", { name: "Create New Playlist" });
  await create.getByLabel("Playlist title", { exact: true }).fill("Anonymous");
  await create.getByRole("button", { name: "Create New Playlist" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
});

test("the playlists list has its columns and the landing page its calls to action", async ({ page }) => {
  test.slow();
  await page.goto("/playlists");
  await expect(page).toHaveTitle("Playlists - ViewParty");
  await expect(page.getByRole("heading", { level: 2, name: "Video Playlists" })).toBeVisible();
  for (const column of ["Title", "Owner", "Created", "Actions"]) {
    await expect(page.getByRole("columnheader", { name: column })).toBeVisible();
  }
  const res = await page.request.get("/api/v1/playlists/");
  expect(res.status()).toBe(200);
  expect(Array.isArray(await res.json())).toBe(true);

  await page.goto("/playlist-landing");
  await expect(page.getByRole("link", { name: "Create a playlist" })).toHaveAttribute("href", "/playlists");
  await expect(page.getByRole("link", { name: "Join with a share code" })).toBeVisible();
  await expect(page.getByText(/coming/i)).toHaveCount(0);
});

test.describe("accessibility and a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("no horizontal overflow and no serious axe findings on every playlist page", async ({ page }) => {
  test.setTimeout(MULTI_USER_TIMEOUT_MS);
    await signUpViaApi(page, uniqueUser("plm"));
    const created = await page.request.post("/api/v1/playlists", { data: { title: "A rather long playlist title for a small phone screen" } });
    const { id } = await created.json();
    await page.request.post(`/api/v1/playlists/${id}/links`, { data: { url: `https://www.tiktok.com/@someone.with.a.long.name/video/${TT}` } });
    for (const path of ["/playlists", `/playlist?id=${id}`, "/add", "/add-video", "/playlist-landing"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
      await expectNoSeriousAxeViolations(page);
    }
  });
});
