/**
 * The /playlist page plays through: when a video ends, the next one starts if Autoplay YouTube /
 * Autoplay TikTok is on for its platform, across platforms; with the next video's switch off the page
 * stays on the video that ended. The players are the local stand-ins (tests/support/stand-ins), whose
 * "short…" YouTube ids and "1111…" TikTok ids play 6 s clips.
 */
import { expect, test, type Page } from "@playwright/test";
import { signUpViaApi, uniqueUser } from "./helpers";

async function playlistWith(page: Page, links: { url: string; title: string }[]): Promise<string> {
  await signUpViaApi(page, uniqueUser("pauto"));
  const created = await page.request.post("/api/v1/playlists", { data: { title: "Play through" } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  for (const link of links) expect((await page.request.post(`/api/v1/playlists/${id}/links`, { data: link })).status()).toBe(201);
  return id;
}

const nowPlaying = (page: Page) => page.getByText(/^Now playing:/);
const youtubeVideo = (page: Page, title: string) => page.getByRole("group", { name: `YouTube video: ${title}` }).locator('video[data-stand-in="youtube"]');
const tiktokFrame = (page: Page, title: string) => page.frameLocator(`iframe[title="TikTok video: ${title}"]`).locator("video");

test("a YouTube video ends, the TikTok after it starts by itself, then the next YouTube one", async ({ page }) => {
  test.setTimeout(120_000);
  const id = await playlistWith(page, [
    { url: "https://www.youtube.com/watch?v=shortClip01", title: "First clip" },
    { url: "https://www.tiktok.com/@e2e/video/1111000000000000001", title: "Second clip" },
    { url: "https://youtu.be/shortClip02", title: "Third clip" },
  ]);
  await page.goto(`/playlist?id=${id}`);
  await expect(page.getByRole("switch", { name: "Autoplay YouTube" })).toHaveAttribute("aria-checked", "true");
  await expect(page.getByRole("switch", { name: "Autoplay TikTok" })).toHaveAttribute("aria-checked", "true");

  await expect(nowPlaying(page)).toHaveText("Now playing: First clip");
  await expect(youtubeVideo(page, "First clip")).toHaveAttribute("data-video-id", "shortClip01");
  // It plays by itself, ends → the TikTok video is next, and plays without a click.
  await expect(nowPlaying(page)).toHaveText("Now playing: Second clip", { timeout: 30_000 });
  await expect.poll(() => tiktokFrame(page, "Second clip").evaluate((v) => (v as HTMLVideoElement).currentTime), { timeout: 20_000 }).toBeGreaterThan(0);
  // Ended → the last YouTube video.
  await expect(nowPlaying(page)).toHaveText("Now playing: Third clip", { timeout: 30_000 });
  const last = youtubeVideo(page, "Third clip");
  await expect(last).toHaveAttribute("data-video-id", "shortClip02");
  await expect.poll(() => last.evaluate((v) => (v as HTMLVideoElement).ended), { timeout: 30_000 }).toBe(true);
  // The end of the list: nothing further, the last video stays.
  await expect(nowPlaying(page)).toHaveText("Now playing: Third clip");
  await expect(page.getByRole("button", { name: /Next video/ })).toBeDisabled();
});

test("with Autoplay TikTok off, the page stays on a YouTube video that ended before a TikTok one", async ({ page }) => {
  test.setTimeout(120_000);
  const id = await playlistWith(page, [
    { url: "https://www.youtube.com/watch?v=shortClip03", title: "Only clip" },
    { url: "https://www.tiktok.com/@e2e/video/1111000000000000002", title: "Held clip" },
  ]);
  // Switched off on an earlier visit (the switches are kept in this browser), so it holds from the start.
  await page.addInitScript(() => window.localStorage.setItem("vp_playlist_autoplay_tiktok", "false"));
  await page.goto(`/playlist?id=${id}`);
  await expect(page.getByRole("switch", { name: "Autoplay TikTok" })).toHaveAttribute("aria-checked", "false");
  const video = youtubeVideo(page, "Only clip");
  await expect.poll(() => video.evaluate((v) => (v as HTMLVideoElement).ended), { timeout: 30_000 }).toBe(true);
  await expect(nowPlaying(page)).toHaveText("Now playing: Only clip");
  await expect(page.getByRole("group", { name: "TikTok video: Held clip" })).toHaveCount(0);
  // Next by hand still works, and the TikTok video waits for its own play button (autoplay off).
  await page.getByRole("button", { name: /Next video/ }).click();
  await expect(nowPlaying(page)).toHaveText("Now playing: Held clip");
  await expect(page.getByRole("group", { name: "TikTok video: Held clip" })).toBeVisible();
});
