/**
 * The extension host comes back to its running party: the host's youtube.com tab (the saved page of
 * tests/fixtures/sites/youtube.html, its `<video>` playing the local clip) reloads, or is closed and
 * opened again from the popup; its video restarts at 0:00 paused, and the extension's sync session
 * adopts where the party is instead of reporting that restart. A guest in the watch room is sampled
 * all along: never paused, never sent back.
 */
import { expect, test, type Page } from "@playwright/test";
import { extensionBrowsersOnYoutube, hostOnYoutube, openPopup, overlay, SITE_URL, throughRoute, videoState, waitForVideoReady } from "./extension-helpers";
import { expectPartyContinued, openRoomAsGuest, roomVideo, startVideoSampling, type RoomVideoState } from "./watch-room-helpers";

const { launch } = extensionBrowsersOnYoutube();

/** The host plays from 20 s until the room's guest follows past 22 s. */
async function playPast(hostPage: Page, guest: Page): Promise<void> {
  await hostPage.evaluate(() => {
    const v = document.querySelector("video")!;
    v.currentTime = 20;
    return v.play();
  });
  await expect.poll(async () => (await roomVideo(guest)).t, { timeout: 45_000 }).toBeGreaterThan(22);
  await expect.poll(async () => (await roomVideo(guest)).paused).toBe(false);
  // The guest's own catch-up (a seek and hold) is over before the host goes.
  await expect
    .poll(async () => {
      const [h, g] = await Promise.all([videoState(hostPage), roomVideo(guest)]);
      return Math.abs(g.t - (h.t + ((g.at - h.at) / 1000) * h.rate));
    }, { timeout: 30_000, intervals: [200] })
    .toBeLessThan(0.25);
}

const extensionVideo = (page: Page): Promise<RoomVideoState> => videoState(page).then((s) => ({ ...s, src: "" }));

test("the extension host reloads its video tab: the party plays on where it is, the host with it", async ({ browser }) => {
  test.setTimeout(240_000);
  const host = await launch();
  const { hostPage, inviteCode } = await hostOnYoutube(host, "Rey Host", "https://www.youtube.com/watch?v=e2eExtResum&t=0s");

  const detail = (await (await fetch(`${SITE_URL}/api/v1/parties/${inviteCode}`)).json()) as { id: string };
  const guest = await openRoomAsGuest(browser, detail.id, "Room Rosa");
  await expect(guest.page.getByTestId("members-count")).toHaveText("2 watching", { timeout: 15_000 });
  const hostVideo = () => extensionVideo(hostPage);
  await playPast(hostPage, guest.page);

  const before = await hostVideo();
  await startVideoSampling(guest.page);
  const backAt = Date.now();
  await hostPage.reload();
  await waitForVideoReady(hostPage);
  await expect(overlay(hostPage, "sync-status")).toContainText("You are the host", { timeout: 30_000 });
  const tookMs = await expectPartyContinued(hostVideo, guest.page, before, backAt);
  test.info().annotations.push({ type: "time-to-resume", description: `${tookMs} ms from the reload` });
  console.log(`[resume] extension reload: host playing at the party's position ${tookMs} ms from the reload`);

  await guest.context.close();
});

test("the extension host closes its video tab and opens it again from the popup: the party played on, the host joins it there", async ({ browser }) => {
  test.setTimeout(240_000);
  const host = await launch();
  const { hostPage, inviteCode } = await hostOnYoutube(host, "Ray Host", "https://www.youtube.com/watch?v=e2eExtBack1&t=0s");
  const detail = (await (await fetch(`${SITE_URL}/api/v1/parties/${inviteCode}`)).json()) as { id: string };
  const guest = await openRoomAsGuest(browser, detail.id, "Room Rhea");
  await expect(guest.page.getByTestId("members-count")).toHaveText("2 watching", { timeout: 15_000 });
  await playPast(hostPage, guest.page);

  const before = await extensionVideo(hostPage);
  await startVideoSampling(guest.page);
  // As a person's closing of the tab does, the page hears beforeunload first.
  await Promise.all([hostPage.waitForEvent("close"), hostPage.close({ runBeforeUnload: true })]);
  const partyState = async () => ((await (await fetch(`${SITE_URL}/api/v1/parties/${detail.id}`)).json()) as { state: string }).state;
  await expect.poll(partyState, { timeout: 30_000 }).toBe("AWAITING_RECONNECT");

  const popup = await openPopup(host);
  await expect(popup.getByRole("status").filter({ hasText: "The party's tab is closed." })).toBeVisible();
  const backAt = Date.now();
  const [backPage] = await Promise.all([host.context.waitForEvent("page"), popup.getByRole("button", { name: "Open the party's video" }).click()]);
  await throughRoute(host, backPage);
  await waitForVideoReady(backPage);
  await popup.close();
  await backPage.bringToFront();
  await expect(overlay(backPage, "sync-status")).toContainText("You are the host", { timeout: 30_000 });
  const tookMs = await expectPartyContinued(() => extensionVideo(backPage), guest.page, before, backAt);
  test.info().annotations.push({ type: "time-to-resume", description: `${tookMs} ms from opening the tab again` });
  console.log(`[resume] extension return: host playing at the party's position ${tookMs} ms from opening the tab again`);
  await expect.poll(partyState).toBe("ACTIVE");

  await guest.context.close();
});
