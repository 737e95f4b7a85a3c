/**
 * Handing over the host role in the watch room: the host makes the guest the host from the Members
 * panel; both rooms switch roles without a reload (host controls move, the Members panel marks the new
 * host), and the new host's pause is followed by the old host's player.
 */
import { expect, test } from "@playwright/test";
import { expectDialog } from "./scheduled-party-helpers";
import { closeHostPanel, hostParty, openHostPanel, openRoomAsGuest, openRoomAsHost, roomVideo } from "./watch-room-helpers";

const VIDEO_URL = "https://www.youtube.com/watch?v=e2eHandover";

test("host hand-over: the new host's pause is followed by the old host", async ({ browser }) => {
  test.setTimeout(240_000);
  const host = await hostParty(browser, VIDEO_URL, "Hand-over Clip");
  await openRoomAsHost(host.page, host.partyId);
  const guest = await openRoomAsGuest(browser, host.partyId, "Guest Hana");
  const hostList = host.page.getByRole("list", { name: "Who is watching" });
  await expect(hostList.getByRole("listitem")).toHaveCount(2, { timeout: 15_000 });
  await expect(guest.page.getByRole("group", { name: "Host controls" })).toHaveCount(0);

  // The host plays; the guest follows.
  await host.page.getByRole("button", { name: "Play", exact: true }).click();
  await expect.poll(async () => (await roomVideo(guest.page)).paused, { timeout: 45_000 }).toBe(false);

  await (await openHostPanel(host.page)).getByRole("button", { name: "Make Guest Hana the host" }).click();
  await expectDialog(host.page, "Make Guest Hana the host?");

  // Both rooms switch roles live: the controls move to the new host, the list marks them.
  await expect(guest.page.getByTestId("sync-status")).toContainText("You are the host", { timeout: 20_000 });
  await expect(guest.page.getByRole("group", { name: "Host controls" })).toBeVisible();
  await expect(host.page.getByRole("group", { name: "Host controls" })).toHaveCount(0);
  await expect(hostList.locator('[data-role="host"]')).toContainText("Guest Hana", { timeout: 15_000 });
  await expect(host.page.getByRole("button", { name: /^(Kick|Ban|Mute) / })).toHaveCount(0);
  await expect(host.page.getByRole("button", { name: "Host tools" })).toHaveCount(0);
  await expect((await openHostPanel(guest.page)).getByRole("button", { name: `Kick ${host.user.username}` })).toBeVisible({ timeout: 15_000 });
  await closeHostPanel(guest.page);

  // The new host pauses: the old host's player follows.
  const pause = guest.page.getByRole("button", { name: "Pause", exact: true });
  await expect(pause).toBeEnabled({ timeout: 20_000 });
  await pause.click();
  await expect.poll(async () => (await roomVideo(host.page)).paused, { timeout: 20_000 }).toBe(true);
  // And it stays paused: the old host's player is a guest's now, pulled back to the new host.
  await host.page.locator('video[data-stand-in="youtube"]').evaluate((v) => void (v as HTMLVideoElement).play());
  await expect.poll(async () => (await roomVideo(host.page)).paused, { timeout: 20_000 }).toBe(true);

  await guest.context.close();
  await host.context.close();
});
