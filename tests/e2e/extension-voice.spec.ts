/**
 * Voice between the two ways into one party: the host talks from the site's watch room, a guest from
 * the extension's overlay on youtube.com (the saved page of tests/fixtures/sites/youtube.html,
 * answered inside the extension's Chromium; nothing reaches YouTube). Both Chromiums have fake media
 * devices. The guest presses Join voice in the overlay's voice frame (an extension page in an iframe,
 * where the extension's mesh runs); each side's peer connection counts audio packets from the other
 * (getStats(), read through the wrapper voice-helpers.ts installs in every frame), the room shows the
 * guest's tile and the overlay the host's, and the guest's mute reaches the room. Handed the party,
 * the extension member mutes and removes the room member from the overlay's tiles.
 */
import { expect, test, type Frame, type Page } from "@playwright/test";
import { continueAsGuest, extensionBrowsersOnYoutube, overlay, throughRoute, waitForVideoReady } from "./extension-helpers";
import { openConnections, sum, trackPeerConnections, voiceLaunchOptions, joinVoice } from "./voice-helpers";
import { VOICE_TEXTS } from "../../lib/party-client/voice/voice-texts";
import { hostParty, openHostPanel, openRoomAsHost } from "./watch-room-helpers";

test.describe.configure({ mode: "serial" });
test.use({ launchOptions: voiceLaunchOptions() });

const extension = extensionBrowsersOnYoutube();

/** The overlay's voice frame in `page` (an OOPIF: chrome-extension://…/voice-frame.html). */
async function voiceFrame(page: Page): Promise<Frame> {
  await expect(overlay(page, "voice-frame")).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => page.frames().some((f) => f.url().includes("/voice-frame.html")), { timeout: 20_000 }).toBe(true);
  return page.frames().find((f) => f.url().includes("/voice-frame.html"))!;
}

test("a member in the watch room and a member on youtube.com with the extension talk to each other", async ({ browser }) => {
  test.setTimeout(240_000);
  const host = await hostParty(browser, "https://youtu.be/e2eVoiceEx1", "Voice Across", { viewport: { width: 1366, height: 800 } });
  await trackPeerConnections(host.context);
  await openRoomAsHost(host.page, host.partyId);
  const { invite_code: inviteCode } = (await (await host.page.request.get(`/api/v1/parties/${host.partyId}`)).json()) as { invite_code: string };

  const guest = await extension.launch(["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"]);
  await trackPeerConnections(guest.context);
  const popup = await continueAsGuest(guest, "Ext Elsa");
  const [guestPage] = await Promise.all([
    guest.context.waitForEvent("page"),
    (async () => {
      await popup.getByLabel("Invite code").fill(inviteCode);
      await popup.getByRole("button", { name: "Join", exact: true }).click();
    })(),
  ]);
  await throughRoute(guest, guestPage);
  await waitForVideoReady(guestPage);
  await popup.close();
  await guestPage.bringToFront();
  await expect(overlay(guestPage, "members")).toHaveText("2 watching", { timeout: 20_000 });

  await joinVoice(host.page);
  const frame = await voiceFrame(guestPage);
  await frame.locator('[data-vp="voice-join"]').click();
  await expect(frame.locator('[data-vp="voice-leave"]')).toBeVisible({ timeout: 15_000 });

  // Each side shows the other, and audio arrives both ways.
  await expect(host.page.getByRole("list", { name: "In voice" }).getByText("Ext Elsa")).toBeVisible({ timeout: 15_000 });
  await expect(frame.locator('[data-vp="voice-tiles"]')).toContainText(host.user.username, { timeout: 15_000 });
  await expect.poll(async () => sum(await openConnections(host.page), "audioPacketsIn"), { timeout: 30_000 }).toBeGreaterThan(20);
  await expect.poll(async () => sum(await openConnections(frame), "audioPacketsIn"), { timeout: 30_000 }).toBeGreaterThan(20);

  // The extension member mutes: their audio stops going out, and the room's tile says so.
  await frame.locator('[data-vp="voice-mute"]').click();
  await expect(host.page.getByRole("list", { name: "In voice" }).locator("li[data-member-id]")).toHaveAttribute("data-muted", "true", { timeout: 10_000 });
  await guestPage.waitForTimeout(500);
  const out = sum(await openConnections(frame), "audioBytesOut");
  await guestPage.waitForTimeout(1500);
  expect(sum(await openConnections(frame), "audioBytesOut")).toBe(out);

  // The room's host hands the party to the extension member: the overlay's tile of the room member now
  // carries the host's tools, and they work on the room.
  const panel = await openHostPanel(host.page);
  await panel.getByRole("button", { name: "Make Ext Elsa the host" }).click();
  await host.page.getByRole("alertdialog").getByRole("button", { name: "Make host" }).click();
  const roomMember = host.user.username;
  await frame.getByRole("button", { name: `Mute ${roomMember} in voice` }).click();
  await expect(host.page.getByText(VOICE_TEXTS.hostMutedYou)).toBeVisible({ timeout: 10_000 });
  await expect(frame.locator('[data-vp="voice-tiles"] [data-vp="voice-muted"]')).toHaveText(/muted by host/);
  await guestPage.waitForTimeout(500);
  const roomOut = sum(await openConnections(host.page), "audioBytesOut");
  await guestPage.waitForTimeout(1500);
  expect(sum(await openConnections(host.page), "audioBytesOut")).toBe(roomOut);
  await frame.getByRole("button", { name: `Remove ${roomMember} from voice` }).click();
  await expect.poll(async () => (await openConnections(host.page)).length, { timeout: 5000 }).toBe(0);
  await expect(host.page.getByRole("button", { name: VOICE_TEXTS.join })).toBeVisible({ timeout: 10_000 });

  // The room member joins again (the host's mute stays); leaving from the overlay closes the room's connection to them.
  await joinVoice(host.page);
  await expect.poll(async () => (await openConnections(host.page)).length, { timeout: 15_000 }).toBe(1);
  await frame.locator('[data-vp="voice-leave"]').click();
  await expect.poll(async () => (await openConnections(host.page)).length, { timeout: 5000 }).toBe(0);
  await host.context.close();
});
