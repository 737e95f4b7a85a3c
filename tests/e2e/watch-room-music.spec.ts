/**
 * Music mode and track requests in the watch room: the host switches the room to its audio-first
 * view (the guest's room follows, the small player keeps playing in sync), a guest requests a track,
 * the host accepts it and it plays next for everyone (also after the last track ended with nothing
 * queued), on the local YouTube stand-in whose "short…"
 * ids are 6 s clips. Plus the music view on a 390×844 phone.
 */
import { expect, test, type Page } from "@playwright/test";
import { closeHostPanel, expectRoomInSync, hostParty, openHostPanel, openRoomAsGuest, openRoomAsHost, roomVideo } from "./watch-room-helpers";

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test("music mode: a guest's request, accepted by the host, plays next and the guest's player follows", async ({ browser }) => {
  test.setTimeout(240_000);
  const host = await hostParty(browser, "https://www.youtube.com/watch?v=shortOpener", "Opening Set");
  await openRoomAsHost(host.page, host.partyId);
  const guest = await openRoomAsGuest(browser, host.partyId, "Requesting Rae");
  const guestStage = guest.page.getByTestId("music-stage");
  await expect(guestStage).toHaveAttribute("data-active", "false");
  // Requests work in any mode: out of music mode the form waits behind a toggle.
  await expect(guest.page.getByRole("region", { name: "Requests" }).getByText("Request a video")).toBeVisible();

  // The host switches music mode on: the guest's room turns audio-first.
  const toggle = host.page.getByRole("switch", { name: "Music mode" });
  await openHostPanel(host.page);
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await closeHostPanel(host.page);
  await expect(guestStage).toHaveAttribute("data-active", "true");
  await expect(guest.page.getByTestId("music-mode-badge")).toHaveText("Music mode");
  await expect(guest.page.getByTestId("music-now-playing")).toHaveText("Opening Set");
  await expect(guest.page.getByTestId("music-up-next")).toContainText("nothing queued yet");
  // The player stays on the page, shrunk to a thumbnail.
  await expect(guest.page.locator('video[data-stand-in="youtube"]')).toHaveCount(1);
  const box = await guest.page.getByTestId("room-player").boundingBox();
  expect(box!.width).toBeLessThanOrEqual(13 * 16);

  // The guest requests a track: a link the room cannot play is refused with a message…
  const guestRequests = guest.page.getByRole("region", { name: "Requests" });
  await guestRequests.getByLabel("Link to request").fill("https://vimeo.com/76979871");
  await guestRequests.getByRole("button", { name: "Request" }).click();
  await expect(guestRequests.getByRole("alert")).toHaveText("Only YouTube and TikTok video links can be queued in this party.");
  // …a YouTube link is taken, and both see it pending.
  await guestRequests.getByLabel("Link to request").fill("https://youtu.be/shortWish01");
  await guestRequests.getByLabel("Request title (optional)").fill("Rae's Anthem");
  await guestRequests.getByRole("button", { name: "Request" }).click();
  await expect(guestRequests.getByRole("status")).toContainText("Requested “Rae's Anthem”");
  await expect(guestRequests.getByTestId("my-requests")).toHaveText("You have 1 pending request.");
  await expect(guestRequests.getByTestId("request-list").getByRole("listitem")).toHaveText(["Rae's Anthem — you"]);
  const hostRequests = host.page.getByRole("region", { name: "Requests" });
  await expect(hostRequests.getByTestId("request-list").getByRole("listitem")).toContainText(["Rae's Anthem — Requesting Rae"]);
  // Guests have no accept or dismiss buttons.
  await expect(guestRequests.getByRole("button", { name: /^Accept/ })).toHaveCount(0);

  // The host accepts: it is up next, and the request list empties for everyone.
  await hostRequests.getByRole("button", { name: "Accept: Rae's Anthem" }).click();
  await expect(guest.page.getByTestId("music-up-next")).toHaveText("Rae's Anthem");
  await expect(guestRequests.getByText("No pending requests.")).toBeVisible();
  await expect(guestRequests.getByTestId("my-requests")).toHaveCount(0);

  // The opener plays to its end; the accepted track starts next for everyone.
  await host.page.getByRole("button", { name: "Play", exact: true }).click();
  await expect.poll(async () => (await roomVideo(guest.page)).paused, { timeout: 15_000 }).toBe(false);
  await expect(guest.page.getByTestId("music-now-playing")).toHaveText("Rae's Anthem", { timeout: 20_000 });
  await expect.poll(async () => (await roomVideo(guest.page)).src, { timeout: 15_000 }).toContain("shortWish01");
  await expect.poll(async () => (await roomVideo(guest.page)).paused, { timeout: 15_000 }).toBe(false);
  await expectRoomInSync(host.page, guest.page);
  await expect(guestStage).toHaveAttribute("data-active", "true");

  // The anthem ends with nothing queued; a request accepted afterwards starts at once (the marathon picks up again).
  await expect.poll(async () => (await roomVideo(host.page)).paused, { timeout: 20_000 }).toBe(true);
  await guestRequests.getByLabel("Link to request").fill("https://youtu.be/shortWish02");
  await guestRequests.getByLabel("Request title (optional)").fill("Encore");
  await guestRequests.getByRole("button", { name: "Request" }).click();
  await hostRequests.getByRole("button", { name: "Accept: Encore" }).click();
  await expect(guest.page.getByTestId("music-now-playing")).toHaveText("Encore", { timeout: 20_000 });
  await expect.poll(async () => (await roomVideo(guest.page)).src, { timeout: 15_000 }).toContain("shortWish02");
  await expect.poll(async () => (await roomVideo(guest.page)).paused, { timeout: 15_000 }).toBe(false);

  // Back to the video view: the same player grows back, still in sync.
  await openHostPanel(host.page);
  await toggle.click();
  await expect(guestStage).toHaveAttribute("data-active", "false");
  await expect(guest.page.getByTestId("music-mode-badge")).toHaveCount(0);
  await expect(guest.page.locator('video[data-stand-in="youtube"]')).toHaveCount(1);

  await guest.context.close();
  await host.context.close();
});

test("the music view on a 390×844 phone: no horizontal overflow, the request form reachable by touch", async ({ browser }) => {
  test.setTimeout(180_000);
  const phone = { width: 390, height: 844 };
  const host = await hostParty(browser, "https://www.youtube.com/watch?v=e2eMusicPh1", "A very long set title that has to wrap on a small phone screen", {
    viewport: phone,
    isMobile: true,
    hasTouch: true,
  });
  await openRoomAsHost(host.page, host.partyId);
  const guest = await openRoomAsGuest(browser, host.partyId, "Phone Phil", phone);
  await openHostPanel(host.page);
  await host.page.getByRole("switch", { name: "Music mode" }).tap();
  await expect(host.page.getByRole("switch", { name: "Music mode" })).toHaveAttribute("aria-checked", "true");
  await closeHostPanel(host.page);
  await expect(guest.page.getByTestId("music-stage")).toHaveAttribute("data-active", "true");
  await expect(host.page.getByTestId("music-stage")).toHaveAttribute("data-active", "true");

  for (const page of [host.page, guest.page]) expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await guest.page.getByRole("button", { name: "Turn the sound on" }).tap();
  await expect(guest.page.getByRole("button", { name: "Turn the sound on" })).toHaveCount(0);

  // On the phone the requests are under the Queue tab (chat is the first tab).
  await guest.page.getByRole("tab", { name: /^Queue/ }).tap();
  await host.page.getByRole("tab", { name: /^Queue/ }).tap();
  const requests = guest.page.getByRole("region", { name: "Requests" });
  await requests.getByLabel("Link to request").tap();
  await requests.getByLabel("Link to request").fill("https://www.tiktok.com/@dj/video/7300000000000000042");
  await requests.getByRole("button", { name: "Request" }).tap();
  await expect(host.page.getByRole("region", { name: "Requests" }).getByTestId("request-list")).toContainText("TikTok video 7300000000000000042 — Phone Phil");
  const hostRequests = host.page.getByRole("region", { name: "Requests" });
  await hostRequests.getByRole("button", { name: /^Dismiss: / }).tap();
  await expect(requests.getByText("No pending requests.")).toBeVisible();
  for (const page of [host.page, guest.page]) expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

  await guest.context.close();
  await host.context.close();
});
