/**
 * The extension host comes back to its running party: the host's youtube.com tab (the saved page of
 * tests/fixtures/sites/youtube.html, its `<video>` playing the local clip) reloads, its video restarts
 * at 0:00 paused, and the extension's sync session adopts where the party is instead of reporting that
 * restart. A guest in the watch room is sampled all along: never paused, never sent back.
 */
import { expect, test } from "@playwright/test";
import { ensureExtensionBuild, hostOnYoutube, launchWithExtension, overlay, serveYoutubeFixture, SITE_URL, videoState, waitForVideoReady, type ExtensionBrowser } from "./extension-helpers";
import { expectPartyContinued, openRoomAsGuest, roomVideo, startVideoSampling, type RoomVideoState } from "./watch-room-helpers";

let extensionDir: string;
let host: ExtensionBrowser | null = null;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  extensionDir = ensureExtensionBuild();
});

test.afterAll(async () => {
  await host?.context.close().catch(() => undefined);
});

test("the extension host reloads its video tab: the party plays on where it is, the host with it", async ({ browser }) => {
  test.setTimeout(240_000);
  host = await launchWithExtension(extensionDir);
  await serveYoutubeFixture(host.context);
  const { hostPage, inviteCode } = await hostOnYoutube(host, "Rey Host", "https://www.youtube.com/watch?v=e2eExtResum&t=0s");

  const detail = (await (await fetch(`${SITE_URL}/api/v1/parties/${inviteCode}`)).json()) as { id: string };
  const guest = await openRoomAsGuest(browser, detail.id, "Room Rosa");
  await expect(guest.page.getByTestId("members-count")).toHaveText("2 watching", { timeout: 15_000 });
  const hostVideo = (): Promise<RoomVideoState> => videoState(hostPage).then((s) => ({ ...s, src: "" }));

  // The host plays from 20 s; the guest follows past 22 s.
  await hostPage.evaluate(() => {
    const v = document.querySelector("video")!;
    v.currentTime = 20;
    return v.play();
  });
  await expect.poll(async () => (await roomVideo(guest.page)).t, { timeout: 45_000 }).toBeGreaterThan(22);
  await expect.poll(async () => (await roomVideo(guest.page)).paused).toBe(false);

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
