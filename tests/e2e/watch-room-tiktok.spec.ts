/**
 * A TikTok party in the watch room, on the local stand-in of TikTok's embed player (an <iframe>
 * driven by postMessage, tests/support/stand-ins/tiktok-player.html).
 */
import { expect, test, type Page } from "@playwright/test";
import { hostParty, openRoomAsHost } from "./watch-room-helpers";

async function tiktokVideo(page: Page) {
  const frame = page.frameLocator('iframe[title="TikTok player"]');
  return frame.locator("video").evaluate((v) => {
    const video = v as HTMLVideoElement;
    return { t: video.currentTime, paused: video.paused, at: Date.now() };
  });
}

test("the guest's TikTok player follows the host's play, seek and pause", async ({ browser }) => {
  test.setTimeout(240_000);
  const host = await hostParty(browser, "https://www.tiktok.com/@someone/video/7300000000000000001", "TikTok Clip");
  await openRoomAsHost(host.page, host.partyId);
  // TikTok's player has no speed control: the host is not offered one.
  await expect(host.page.getByLabel("Speed")).toHaveCount(0);

  const context = await browser.newContext();
  const guest = await context.newPage();
  await guest.goto(`/watch/${host.partyId}`);
  await guest.getByLabel("Your name").fill("Tik Tam");
  await guest.getByRole("button", { name: "Join as guest" }).click();
  await expect(guest.locator('iframe[title="TikTok player"]')).toHaveCount(1, { timeout: 20_000 });

  await host.page.getByRole("button", { name: "Play", exact: true }).click();
  await expect.poll(async () => (await tiktokVideo(guest)).paused, { timeout: 45_000 }).toBe(false);

  await host.page.getByRole("button", { name: "Forward 10 seconds" }).click();
  await expect.poll(async () => (await tiktokVideo(guest)).t, { timeout: 45_000 }).toBeGreaterThan(10);
  await expect
    .poll(async () => {
      const [h, g] = await Promise.all([tiktokVideo(host.page), tiktokVideo(guest)]);
      return Math.abs(g.t - (h.t + (g.at - h.at) / 1000));
    }, { timeout: 20_000, intervals: [250] })
    .toBeLessThan(0.5);

  await host.page.getByRole("button", { name: "Pause", exact: true }).click();
  await expect.poll(async () => (await tiktokVideo(guest)).paused, { timeout: 20_000 }).toBe(true);
  await context.close();
  await host.context.close();
});
