/**
 * One party, two ways in: a host who runs the extension on youtube.com and a guest who watches in the
 * site's watch room follow each other, and the reverse (the host in the room, the guest with the
 * extension on youtube.com). youtube.com is the saved page of tests/fixtures/sites/youtube.html,
 * answered by Playwright inside the extension's Chromium, with its `<video>` playing the local test
 * clip; nothing reaches YouTube.
 */
import { expect, test, type Page } from "@playwright/test";
import {
  continueAsGuest,
  extensionBrowsersOnYoutube,
  hostOnYoutube,
  overlay,
  SITE_URL,
  throughRoute,
  videoState,
  waitForVideoReady,
} from "./extension-helpers";
import { hostParty, openHostPanel, openRoomAsGuest, openRoomAsHost, roomVideo, type RoomVideoState } from "./watch-room-helpers";

test.describe.configure({ mode: "serial" });

const { launch } = extensionBrowsersOnYoutube();

const extensionVideo = (page: Page): Promise<RoomVideoState> => videoState(page).then((s) => ({ ...s, src: "" }));

/** Follower minus leader position at the same instant (the leader's extrapolated to the follower's reading). */
async function drift(leader: () => Promise<RoomVideoState>, follower: () => Promise<RoomVideoState>): Promise<number> {
  const [l, f] = await Promise.all([leader(), follower()]);
  return f.t - (l.paused ? l.t : l.t + ((f.at - l.at) / 1000) * l.rate);
}

async function expectFollowing(leader: () => Promise<RoomVideoState>, follower: () => Promise<RoomVideoState>, toleranceSeconds = 0.3) {
  await expect.poll(async () => Math.abs(await drift(leader, follower)), { timeout: 30_000, intervals: [250] }).toBeLessThan(toleranceSeconds);
}

test("the host runs the extension on youtube.com; a guest in the watch room follows play, pause and seek", async ({ browser }) => {
  test.setTimeout(240_000);
  const host = await launch();
  const { hostPage, inviteCode } = await hostOnYoutube(host, "Yara Host", "https://www.youtube.com/watch?v=e2eExtRoom1&t=0s");

  const detail = (await (await fetch(`${SITE_URL}/api/v1/parties/${inviteCode}`)).json()) as { id: string; video_title: string };
  const guest = await openRoomAsGuest(browser, detail.id, "Room Rita");
  await expect(guest.page.getByRole("heading", { name: "Big Buck Trailer" })).toBeVisible();
  await expect(guest.page.getByTestId("members-count")).toHaveText("2 watching", { timeout: 15_000 });
  const hostVideo = () => extensionVideo(hostPage);
  const guestVideo = () => roomVideo(guest.page);

  // Play.
  await hostPage.evaluate(() => document.querySelector("video")!.play());
  await expect.poll(async () => (await guestVideo()).paused, { timeout: 45_000 }).toBe(false);
  await expectFollowing(hostVideo, guestVideo);

  // Pause.
  await hostPage.evaluate(() => document.querySelector("video")!.pause());
  await expect.poll(async () => (await guestVideo()).paused, { timeout: 10_000 }).toBe(true);
  await expectFollowing(hostVideo, guestVideo, 0.15);

  // Seek while paused, then play again.
  await hostPage.evaluate(() => {
    document.querySelector("video")!.currentTime = 20;
  });
  await expect.poll(async () => (await guestVideo()).t, { timeout: 10_000 }).toBeGreaterThan(19.5);
  await expectFollowing(hostVideo, guestVideo, 0.15);
  await hostPage.evaluate(() => document.querySelector("video")!.play());
  await expect.poll(async () => (await guestVideo()).paused, { timeout: 10_000 }).toBe(false);
  await expectFollowing(hostVideo, guestVideo);

  // One party: the guest's chat from the room reaches the host's overlay.
  await guest.page.getByLabel("Chat message").fill("watching in the room");
  await guest.page.getByRole("button", { name: "Send" }).click();
  await expect(overlay(hostPage, "chat-messages")).toContainText("watching in the room");
  await guest.context.close();
});

test("the host plays in the watch room; a guest with the extension on youtube.com follows play, pause and seek, and is muted from the room", async ({ browser }) => {
  test.setTimeout(240_000);
  const host = await hostParty(browser, "https://youtu.be/e2eRoomExt2", "Room To Extension");
  // The room's commands, as they leave the page: frames on the party's command socket, or POSTs.
  const socketCommands: string[] = [];
  const postedCommands: string[] = [];
  host.page.on("websocket", (ws) => ws.on("framesent", (frame) => typeof frame.payload === "string" && socketCommands.push(frame.payload)));
  host.page.on("request", (request) => {
    if (request.method() === "POST" && /\/api\/v1\/parties\/[^/]+\/commands$/.test(request.url())) postedCommands.push(request.postData() ?? "");
  });
  await openRoomAsHost(host.page, host.partyId);
  const { invite_code: inviteCode } = (await (await host.page.request.get(`/api/v1/parties/${host.partyId}`)).json()) as { invite_code: string };

  const guest = await launch();
  const popup = await continueAsGuest(guest, "Ext Eddie");
  const [guestPage] = await Promise.all([
    guest.context.waitForEvent("page"),
    (async () => {
      await popup.getByLabel("Invite code").fill(inviteCode);
      await popup.getByRole("button", { name: "Join", exact: true }).click();
    })(),
  ]);
  // The extension opens the party's video on youtube.com (the room's link, in its canonical form).
  await throughRoute(guest, guestPage);
  await expect(guestPage).toHaveURL(/^https:\/\/www\.youtube\.com\/watch\?v=e2eRoomExt2/);
  await waitForVideoReady(guestPage);
  await popup.close();
  await guestPage.bringToFront();
  await expect(overlay(guestPage, "members")).toHaveText("2 watching", { timeout: 20_000 });
  await expect(host.page.getByTestId("members-count")).toHaveText("2 watching", { timeout: 15_000 });
  const hostVideo = () => roomVideo(host.page);
  const guestVideo = () => extensionVideo(guestPage);

  // Play.
  await host.page.getByRole("button", { name: "Play", exact: true }).click();
  await expect.poll(async () => (await guestVideo()).paused, { timeout: 45_000 }).toBe(false);
  await expectFollowing(hostVideo, guestVideo);

  // Pause.
  await host.page.getByRole("button", { name: "Pause", exact: true }).click();
  await expect.poll(async () => (await guestVideo()).paused, { timeout: 10_000 }).toBe(true);
  await expectFollowing(hostVideo, guestVideo, 0.15);

  // Seek +10 s twice while paused, then play again.
  await host.page.getByRole("button", { name: "Forward 10 seconds" }).click();
  await host.page.getByRole("button", { name: "Forward 10 seconds" }).click();
  await expect.poll(async () => (await guestVideo()).t, { timeout: 10_000 }).toBeGreaterThan(19.5);
  await expectFollowing(hostVideo, guestVideo, 0.15);
  await host.page.getByRole("button", { name: "Play", exact: true }).click();
  await expect.poll(async () => (await guestVideo()).paused, { timeout: 10_000 }).toBe(false);
  await expectFollowing(hostVideo, guestVideo);

  // One party: the extension guest's chat reaches the room.
  await overlay(guestPage, "chat-input").fill("watching with the extension");
  await overlay(guestPage, "chat-input").press("Enter");
  await expect(host.page.getByRole("region", { name: "Chat" })).toContainText("watching with the extension");

  // The room and the extension run one party client (lib/party-client): the room's host mutes the
  // extension's guest through its session's one send — a frame on the command socket like every
  // other command, not a POST — and the extension's session folds the moderation event into its notice.
  const panel = await openHostPanel(host.page);
  await panel.getByRole("button", { name: "Mute Ext Eddie" }).click();
  await expect(overlay(guestPage, "notice")).toHaveText("The host muted you.", { timeout: 15_000 });
  await expect(panel.getByRole("button", { name: "Unmute Ext Eddie" })).toBeVisible();
  expect(socketCommands.some((frame) => frame.includes('"member.mute"'))).toBe(true);
  // (The clock's first pings may go by POST while the socket opens; no other command does.)
  expect(postedCommands.filter((body) => !body.includes('"type":"ping"'))).toEqual([]);
  await host.context.close();
});
