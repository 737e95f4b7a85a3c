/**
 * A host who comes back to a running party continues it: the host's player restarts at 0:00 paused
 * (a reload, or the room opened again after leaving), and adopts where the party is instead of
 * reporting that restart. The guest's player is sampled in its page all along: never seen paused or
 * sent back while the host is away and coming back. (The extension host: extension-resume.spec.ts.)
 */
import { expect, test, type Page } from "@playwright/test";
import { expectPartyContinued, expectRoomInSync, hostParty, openRoomAsGuest, openRoomAsHost, roomVideo, startVideoSampling } from "./watch-room-helpers";

const VIDEO_URL = "https://www.youtube.com/watch?v=e2eResumeCl";

/** The host plays from +20 s (two forward skips, so the party is well past 0:00) until the guest is past `from`. */
async function playPast(host: Page, guest: Page, from: number): Promise<void> {
  await host.getByRole("button", { name: "Forward 10 seconds" }).click();
  await host.getByRole("button", { name: "Forward 10 seconds" }).click();
  await host.getByRole("button", { name: "Play", exact: true }).click();
  await expect.poll(async () => (await roomVideo(guest)).t, { timeout: 45_000 }).toBeGreaterThan(from);
  await expect.poll(async () => (await roomVideo(guest)).paused).toBe(false);
  // The guest's own catch-up (a seek and hold) is over before the host goes.
  await expectRoomInSync(host, guest);
}

test("a host who reloads the room continues the party where it is; guests play on", async ({ browser }) => {
  test.setTimeout(240_000);
  const host = await hostParty(browser, VIDEO_URL, "Resume Clip");
  await openRoomAsHost(host.page, host.partyId);
  const guest = await openRoomAsGuest(browser, host.partyId, "Guest Remy");
  await playPast(host.page, guest.page, 22);

  const before = await roomVideo(host.page);
  await startVideoSampling(guest.page);
  const backAt = Date.now();
  await host.page.reload();
  await expect(host.page.getByTestId("sync-status")).toContainText("You are the host", { timeout: 60_000 });
  const tookMs = await expectPartyContinued(() => roomVideo(host.page), guest.page, before, backAt);
  test.info().annotations.push({ type: "time-to-resume", description: `${tookMs} ms from the reload` });
  console.log(`[resume] room reload: host playing at the party's position ${tookMs} ms from the reload`);

  await guest.context.close();
  await host.context.close();
});

test("a host who leaves and comes back continues the party where it is; guests play on", async ({ browser }) => {
  test.setTimeout(240_000);
  const host = await hostParty(browser, VIDEO_URL, "Return Clip");
  await openRoomAsHost(host.page, host.partyId);
  const guest = await openRoomAsGuest(browser, host.partyId, "Guest Rita");
  await playPast(host.page, guest.page, 22);

  const before = await roomVideo(host.page);
  await startVideoSampling(guest.page);
  // The host closes the room's tab; the server sees the host gone (the party awaits the host's return).
  await host.page.close();
  const partyState = async () => ((await (await guest.page.request.get(`/api/v1/parties/${host.partyId}`)).json()) as { state: string }).state;
  await expect.poll(partyState, { timeout: 30_000 }).toBe("AWAITING_RECONNECT");

  const page = await host.context.newPage();
  const backAt = Date.now();
  await page.goto(`/watch/${host.partyId}`);
  await expect(page.getByTestId("sync-status")).toContainText("You are the host", { timeout: 60_000 });
  const tookMs = await expectPartyContinued(() => roomVideo(page), guest.page, before, backAt);
  test.info().annotations.push({ type: "time-to-resume", description: `${tookMs} ms from opening the room again` });
  console.log(`[resume] room return: host playing at the party's position ${tookMs} ms from opening the room again`);
  await expect.poll(partyState).toBe("ACTIVE");

  await guest.context.close();
  await host.context.close();
});
