/**
 * Pause for ads, end to end in the watch room: the host turns it on in the host panel; a member
 * reports an ad (as the extension does when its site's player shows one: the room's own players
 * cannot tell); everyone reads who is watching it, the host's player pauses and the guest's follows;
 * when the ad ends both play on, in sync.
 */
import { expect, test, type Page } from "@playwright/test";
import { closeHostPanel, expectRoomInSync, hostParty, openHostPanel, openRoomAsGuest, openRoomAsHost, roomVideo } from "./watch-room-helpers";

const VIDEO_URL = "https://www.youtube.com/watch?v=e2eRoomClip";

/** The member's ad report, sent with the room's own guest identity (kept for the tab in sessionStorage). */
async function reportAd(page: Page, partyId: string, on: boolean): Promise<number> {
  return page.evaluate(
    async ({ partyId, on }) => {
      const { token } = JSON.parse(sessionStorage.getItem("vp:watch-guest") ?? "{}") as { token?: string };
      const res = await fetch(`/api/v1/parties/${partyId}/commands`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
        body: JSON.stringify({ v: 1, type: "ad", on }),
      });
      return res.status;
    },
    { partyId, on },
  );
}

test("the host pauses the party while a member watches an ad, and plays on when it ends", async ({ browser }) => {
  test.setTimeout(180_000);
  const host = await hostParty(browser, VIDEO_URL, "Ad Clip");
  await openRoomAsHost(host.page, host.partyId);
  const guest = await openRoomAsGuest(browser, host.partyId);
  await expect(host.page.getByTestId("members-count")).toHaveText("2 watching", { timeout: 15_000 });

  const pauseForAds = (await openHostPanel(host.page)).getByRole("checkbox", { name: "Pause for ads (up to 3 min)" });
  await expect(pauseForAds).not.toBeChecked();
  // The box shows the party's state: checked once the server has taken the choice.
  await pauseForAds.click();
  await expect(pauseForAds).toBeChecked();
  await closeHostPanel(host.page);
  // A guest has no such setting.
  await expect(guest.page.getByRole("checkbox", { name: /Pause for ads/ })).toHaveCount(0);

  await host.page.getByRole("button", { name: "Play", exact: true }).click();
  await expect.poll(async () => (await roomVideo(guest.page)).paused, { timeout: 45_000 }).toBe(false);
  await expectRoomInSync(host.page, guest.page);

  // Gail's ad starts: everyone reads it, the host's player pauses and Gail's follows.
  expect(await reportAd(guest.page, host.partyId, true)).toBe(200);
  await expect(host.page.getByTestId("ad-members")).toHaveText("Guest Gail is watching an ad: everyone waits (up to 3 min)");
  await expect(host.page.getByRole("list", { name: "Who is watching" }).getByRole("listitem").nth(1)).toContainText("watching an ad");
  await expect.poll(async () => (await roomVideo(host.page)).paused, { timeout: 10_000 }).toBe(true);
  await expect.poll(async () => (await roomVideo(guest.page)).paused, { timeout: 10_000 }).toBe(true);
  const pausedAt = (await roomVideo(host.page)).t;

  // It ends: both play on from where they stopped, in sync.
  expect(await reportAd(guest.page, host.partyId, false)).toBe(200);
  await expect(host.page.getByTestId("ad-members")).toHaveCount(0);
  await expect.poll(async () => (await roomVideo(host.page)).paused, { timeout: 10_000 }).toBe(false);
  await expect.poll(async () => (await roomVideo(guest.page)).paused, { timeout: 10_000 }).toBe(false);
  expect((await roomVideo(host.page)).t).toBeGreaterThanOrEqual(pausedAt);
  await expectRoomInSync(host.page, guest.page);

  await guest.context.close();
  await host.context.close();
});
