/**
 * Voice in the watch room, end to end in Chromium with fake media devices (a beeping microphone and
 * a test-pattern camera; the permission prompt answered yes): two members join voice and hear each
 * other (their peer connections' getStats() count audio packets received), mute stops the muted
 * member's outbound audio and the other's tile says so, a camera turned on shows decoded frames,
 * leaving and joining again works, and a kicked member's connections close within 2 s.
 * The peer connections are read as voice-helpers.ts says.
 */
import { expect, test } from "@playwright/test";
import { hostParty, openHostPanel, openRoomAsHost } from "./watch-room-helpers";
import { joinVoice, openConnections, sum, trackPeerConnections, voiceLaunchOptions } from "./voice-helpers";

test.use({ launchOptions: voiceLaunchOptions() });

const VIDEO_URL = "https://www.youtube.com/watch?v=e2eVoice001";
const SHOTS = "test-results/voice";

test("two members talk: audio both ways, mute, camera, leave and rejoin, and a kick closes at once", async ({ browser }) => {
  test.setTimeout(240_000);
  const host = await hostParty(browser, VIDEO_URL, "Voice Clip", { viewport: { width: 1366, height: 800 } });
  await trackPeerConnections(host.context);
  await openRoomAsHost(host.page, host.partyId);

  // A guest on a phone.
  const guestContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await trackPeerConnections(guestContext);
  const guest = { context: guestContext, page: await guestContext.newPage() };
  await guest.page.goto(`/watch/${host.partyId}`);
  await guest.page.getByLabel("Your name").fill("Guest Vera");
  await guest.page.getByRole("button", { name: "Join as guest" }).click();
  await expect(guest.page.locator('video[data-stand-in="youtube"]')).toHaveCount(1, { timeout: 20_000 });

  // The prompt is asked only on Join voice: nothing touched the microphone before.
  expect(await openConnections(host.page)).toEqual([]);
  await expect(host.page.getByText("Voice isn't recorded.")).toBeVisible();

  await joinVoice(host.page);
  await joinVoice(guest.page);
  const hostTiles = host.page.getByRole("list", { name: "In voice" });
  const guestTiles = guest.page.getByRole("list", { name: "In voice" });
  await expect(hostTiles.getByText("Guest Vera")).toBeVisible({ timeout: 15_000 });
  await expect(guestTiles.locator("li[data-member-id]")).toHaveCount(1);

  // Each hears the other: audio packets arrive on both sides.
  await expect.poll(async () => sum(await openConnections(host.page), "audioPacketsIn"), { timeout: 20_000 }).toBeGreaterThan(20);
  await expect.poll(async () => sum(await openConnections(guest.page), "audioPacketsIn"), { timeout: 20_000 }).toBeGreaterThan(20);
  expect((await openConnections(host.page)).map((c) => c.state)).toEqual(["connected"]);

  // Mute: the guest's outbound audio stops growing, and the host's tile for them says muted.
  await guest.page.getByRole("button", { name: "Mute", exact: true }).click();
  await expect(guest.page.getByRole("button", { name: "Unmute" })).toHaveAttribute("aria-pressed", "true");
  await expect(hostTiles.locator("li[data-member-id]").first()).toHaveAttribute("data-muted", "true", { timeout: 10_000 });
  await host.page.waitForTimeout(500);
  const before = sum(await openConnections(guest.page), "audioBytesOut");
  await guest.page.waitForTimeout(1500);
  expect(sum(await openConnections(guest.page), "audioBytesOut")).toBe(before);
  // The host still sends.
  const hostOut = sum(await openConnections(host.page), "audioBytesOut");
  await host.page.waitForTimeout(500);
  expect(sum(await openConnections(host.page), "audioBytesOut")).toBeGreaterThan(hostOut);
  await guest.page.getByRole("button", { name: "Unmute" }).click();
  await expect.poll(async () => sum(await openConnections(guest.page), "audioBytesOut"), { timeout: 10_000 }).toBeGreaterThan(before);

  // Camera on: the host decodes the guest's frames, and shows them in the guest's tile.
  await guest.page.getByRole("button", { name: "Camera on" }).click();
  await expect(guest.page.getByRole("button", { name: "Camera off" })).toHaveAttribute("aria-pressed", "true");
  await expect.poll(async () => sum(await openConnections(host.page), "framesDecoded"), { timeout: 20_000 }).toBeGreaterThan(10);
  await expect(hostTiles.locator("video[data-voice-video]")).toHaveCount(1);
  await host.page.getByRole("button", { name: "Camera on" }).click();
  await expect.poll(async () => sum(await openConnections(guest.page), "framesDecoded"), { timeout: 20_000 }).toBeGreaterThan(10);
  await host.page.waitForTimeout(800);
  await host.page.screenshot({ path: `${SHOTS}/room-voice-1366.png` });
  await guest.page.screenshot({ path: `${SHOTS}/room-voice-390.png` });

  // Leave, and join again.
  await guest.page.getByRole("button", { name: "Leave voice" }).click();
  await expect(guest.page.getByRole("button", { name: "Join voice" })).toBeVisible();
  await expect.poll(async () => (await openConnections(host.page)).length, { timeout: 5000 }).toBe(0);
  expect(await openConnections(guest.page)).toEqual([]);
  await joinVoice(guest.page);
  await expect.poll(async () => sum(await openConnections(host.page), "audioPacketsIn"), { timeout: 20_000 }).toBeGreaterThan(20);

  // The host kicks the guest: every connection of theirs closes within 2 s, on both sides.
  const panel = await openHostPanel(host.page);
  await panel.getByRole("button", { name: "Kick Guest Vera" }).click();
  const kickedAt = Date.now();
  await expect.poll(async () => (await openConnections(guest.page).catch(() => [])).length, { timeout: 2000, intervals: [100] }).toBe(0);
  await expect.poll(async () => (await openConnections(host.page)).length, { timeout: 2000, intervals: [100] }).toBe(0);
  expect(Date.now() - kickedAt).toBeLessThan(2500);

  await guest.context.close();
  await host.context.close();
});
