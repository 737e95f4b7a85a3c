/**
 * Playlists end to end, against the started app on a fresh, empty database: the list and hub pages,
 * the add-video form and the POST /api/v1/playlists/{id}/links contract (401, 422, 404).
 */
import { expect, test, type Page } from "@playwright/test";

const VIDEO_URL = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";

/** Signs up a new account through Better Auth; the session cookie lands in the page's context. */
async function signUp(page: Page): Promise<string> {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const username = `pl_${suffix}`;
  const res = await page.request.post("/api/auth/sign-up/email", {
    data: { email: `${username}@example.test`, password: "correct-horse-battery-staple", name: `Playlist Tester ${suffix}`, username },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return username;
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

test.describe("/playlists", () => {
  test("shows the empty Video Playlists table", async ({ page }) => {
    await page.goto("/playlists");
    await expect(page).toHaveTitle("Playlists - ViewParty");
    await expect(page.getByRole("heading", { level: 2, name: "Video Playlists" })).toBeVisible();
    for (const column of ["Title", "Owner", "Created", "Actions"]) {
      await expect(page.getByRole("columnheader", { name: column })).toBeVisible();
    }
    await expect(page.getByText("No playlists found")).toBeVisible();
  });

  test("create and join answer Creating... / Joining..., then Feature coming soon!", async ({ page }) => {
    await page.goto("/playlists");
    // The table fills from the client, so its text means the page is hydrated and clicks count.
    await expect(page.getByText("No playlists found")).toBeVisible();

    const create = page.getByRole("region", { name: "Create New Playlist" });
    await create.getByRole("button", { name: "Create New Playlist" }).click();
    await expect(create.getByRole("button", { name: "Creating..." })).toBeDisabled();
    await expect(create.getByRole("status")).toHaveText("Feature coming soon!");
    await expect(create.getByRole("button", { name: "Create New Playlist" })).toBeEnabled();
    await expect(page.locator('[data-toast-type="info"]').first()).toHaveText(/Feature coming soon!/);

    const join = page.getByRole("region", { name: "Join with a Share Code" });
    await join.getByLabel("Share code").fill("ABCD1234");
    await join.getByRole("button", { name: "Join Playlist" }).click();
    await expect(join.getByRole("button", { name: "Joining..." })).toBeDisabled();
    await expect(join.getByRole("status")).toHaveText("Feature coming soon!");
    await expect(join.getByRole("button", { name: "Join Playlist" })).toBeEnabled();
  });
});

test("GET /api/v1/playlists/ answers an empty array (through the trailing-slash redirect)", async ({ request }) => {
  const res = await request.get("/api/v1/playlists/");
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual([]);
});

test.describe("POST /api/v1/playlists/{id}/links", () => {
  test("without a session → 401 with a detail", async ({ request }) => {
    const res = await request.post("/api/v1/playlists/x/links", { data: { url: VIDEO_URL, title: "Song" } });
    expect(res.status()).toBe(401);
    const body = await res.json();
    expect(typeof body.detail).toBe("string");
    expect(body.detail.length).toBeGreaterThan(0);
  });

  test("signed in: a URL that is not http(s) → 422; an unknown playlist → 404", async ({ page }) => {
    await signUp(page);

    const bad = await page.request.post("/api/v1/playlists/x/links", { data: { url: "not a url", title: "Song" } });
    expect(bad.status()).toBe(422);
    expect((await bad.json()).detail).toMatch(/url/i);

    const script = await page.request.post("/api/v1/playlists/x/links", { data: { url: "javascript:alert(1)" } });
    expect(script.status()).toBe(422);

    const missing = await page.request.post("/api/v1/playlists/x/links", { data: { url: VIDEO_URL, title: "Song" } });
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toMatchObject({ detail: "Playlist not found" });
  });
});

test.describe("/add-video", () => {
  test("signed out: asks to log in and the Login button opens the auth modal", async ({ page }) => {
    await page.goto("/add-video");
    await expect(page).toHaveTitle("Add Video to Playlist - ViewParty");
    await expect(page.getByText("You need to be logged in to add videos to a playlist.")).toBeVisible();
    await page.getByRole("main").getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
  });

  test("signed in: validates, then shows the API's answer for an unknown playlist", async ({ page }) => {
    await signUp(page);
    await page.goto("/add-video");
    const submit = page.getByRole("button", { name: "Add Video" });
    await submit.click();
    await expect(page.getByRole("alert").filter({ hasText: "Playlist ID and Video URL are required" })).toBeVisible();

    await page.getByLabel("Playlist ID").fill("no-such-playlist");
    await page.getByLabel("Video URL").fill(VIDEO_URL);
    await page.getByLabel("Title").fill("Song");
    await submit.click();
    const alert = page.getByRole("alert").filter({ hasText: "Error adding video" });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText("Playlist not found");
    await expect(page.getByLabel("Video URL")).toHaveValue(VIDEO_URL);
  });
});

test("/add answers a valid URL with a success alert", async ({ page }) => {
  await page.goto("/add");
  await expect(page).toHaveTitle("Add Video - ViewParty");
  await waitForHydration(page, 'main button[type="submit"]');
  await page.getByLabel("YouTube or TikTok URL").fill(VIDEO_URL);
  await page.getByRole("button", { name: "Add Video" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Feature coming soon!" })).toBeVisible();
});

test("/playlist without an id: empty state, and the switches persist across a reload", async ({ page }) => {
  await page.goto("/playlist");
  await expect(page).toHaveTitle("Playlist - ViewParty");
  await expect(page.getByText("No videos yet.")).toBeVisible();
  await expect(page.getByRole("button", { name: /Previous video/ })).toBeDisabled();
  await expect(page.getByRole("button", { name: /Next video/ })).toBeDisabled();

  await waitForHydration(page, 'main [role="switch"]');
  const acceptYoutube = page.getByRole("switch", { name: "Accept YouTube" });
  await expect(acceptYoutube).toHaveAttribute("aria-checked", "true");
  await expect(page.getByRole("switch", { name: "Accept TikTok" })).toHaveAttribute("aria-checked", "true");
  await acceptYoutube.click();
  await expect(acceptYoutube).toHaveAttribute("aria-checked", "false");

  await page.reload();
  await expect(page.getByRole("switch", { name: "Accept YouTube" })).toHaveAttribute("aria-checked", "false");
  await expect(page.getByRole("switch", { name: "Accept TikTok" })).toHaveAttribute("aria-checked", "true");
});
