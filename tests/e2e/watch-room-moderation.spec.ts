/**
 * Moderation in the watch room: the host mutes, then kicks a guest from the host panel; the guest's room says so at once and a reload cannot bring them back.
 */
import { expect, test } from "@playwright/test";
import { hostParty, openHostPanel, openRoomAsGuest, openRoomAsHost } from "./watch-room-helpers";

const VIDEO_URL = "https://www.youtube.com/watch?v=e2eModerate";

test("the host kicks the guest, whose room shows it and who cannot rejoin", async ({ browser }) => {
  test.setTimeout(240_000);
  const host = await hostParty(browser, VIDEO_URL, "Moderated Clip");
  await openRoomAsHost(host.page, host.partyId);
  const guest = await openRoomAsGuest(browser, host.partyId, "Guest Kip", { width: 390, height: 844 });
  const hostList = host.page.getByRole("list", { name: "Who is watching" });
  await expect(hostList.getByRole("listitem")).toHaveCount(2, { timeout: 15_000 });
  // The guest sees no moderation buttons.
  await expect(guest.page.getByRole("button", { name: /^(Kick|Ban) / })).toHaveCount(0);

  // Mute first: the guest's room says so and its chat is closed; everyone sees the badge.
  const panel = await openHostPanel(host.page);
  await panel.getByRole("button", { name: "Mute Guest Kip" }).click();
  await expect(guest.page.getByTestId("muted-notice")).toHaveText("The host muted you.", { timeout: 15_000 });
  await expect(guest.page.getByRole("textbox", { name: "Chat message" })).toBeDisabled();
  await expect(panel.getByRole("button", { name: "Unmute Guest Kip" })).toBeVisible();
  await expect(hostList.getByText("muted", { exact: true })).toBeVisible();

  // Keyboard: focus the button and press Enter.
  const kick = panel.getByRole("button", { name: "Kick Guest Kip" });
  await kick.focus();
  await host.page.keyboard.press("Enter");
  await expect(guest.page.getByTestId("removed-notice")).toHaveText("The host removed you from the party.", { timeout: 15_000 });
  // One screen in place of the room: no chat box left behind.
  await expect(guest.page.getByRole("textbox", { name: "Chat message" })).toHaveCount(0);
  await expect(hostList.getByRole("listitem")).toHaveCount(1, { timeout: 15_000 });

  // Coming back is refused.
  await guest.page.reload();
  await expect(guest.page.getByText("The host removed you from the party.")).toBeVisible({ timeout: 20_000 });
  await expect(guest.page.locator('video[data-stand-in="youtube"]')).toHaveCount(0);
  await expect(guest.page.getByRole("navigation", { name: "Where to go" }).getByRole("link", { name: "Browse parties" })).toBeVisible();

  await guest.context.close();
  await host.context.close();
});
