/**
 * The watch room without the extension: a host and a guest (two browser contexts) in one YouTube
 * party, on the local stand-in of the YouTube IFrame Player API (tests/support/stand-ins).
 */
import { expect, test } from "@playwright/test";
import { closeHostPanel, expectRoomInSync, hostParty, openHostPanel, openRoomAsGuest, openRoomAsHost, roomDrift, roomVideo } from "./watch-room-helpers";

const VIDEO_URL = "https://www.youtube.com/watch?v=e2eRoomClip";

test("the guest follows the host's play, pause, seek and rate, is pulled back after touching its player, and chats", async ({ browser }) => {
  test.setTimeout(240_000);
  const host = await hostParty(browser, VIDEO_URL, "Room Clip");
  await openRoomAsHost(host.page, host.partyId);
  const guest = await openRoomAsGuest(browser, host.partyId);
  await expect(guest.page.getByRole("heading", { name: "Room Clip" })).toBeVisible();
  await expect(guest.page.getByTestId("members-count")).toHaveText("2 watching", { timeout: 15_000 });
  // Who is here, by name: the host (an account) first and marked, then the guest, "(you)" on each side.
  const guestList = guest.page.getByRole("list", { name: "Who is watching" }).getByRole("listitem");
  await expect(guestList).toHaveText([`${host.user.username}Host`, "Guest Gailguest(you)"]);
  const hostList = host.page.getByRole("list", { name: "Who is watching" }).getByRole("listitem");
  await expect(hostList).toHaveText([`${host.user.username}Host(you)`, "Guest Gailguest"], { timeout: 15_000 });
  // The host's actions on each member (none on the host) are in the host panel.
  const panel = await openHostPanel(host.page);
  await expect(panel.getByRole("list", { name: "Members to moderate" }).getByRole("listitem")).toHaveText(["Guest GailguestMuteMake hostKickBan"]);
  await closeHostPanel(host.page);
  await expect(guest.page.getByRole("button", { name: "Host tools" })).toHaveCount(0);
  await expect(guest.page.getByRole("group", { name: "Host controls" })).toHaveCount(0);
  await expect(guest.page.getByRole("button", { name: /Tap for sound/ })).toBeVisible();

  // Play.
  await host.page.getByRole("button", { name: "Play", exact: true }).click();
  await expect.poll(async () => (await roomVideo(guest.page)).paused, { timeout: 45_000 }).toBe(false);
  await expectRoomInSync(host.page, guest.page);

  // Pause.
  await host.page.getByRole("button", { name: "Pause", exact: true }).click();
  await expect.poll(async () => (await roomVideo(guest.page)).paused, { timeout: 10_000 }).toBe(true);
  await expectRoomInSync(host.page, guest.page, 0.1);

  // Seek (+10 s twice while paused), then play again.
  await host.page.getByRole("button", { name: "Forward 10 seconds" }).click();
  await host.page.getByRole("button", { name: "Forward 10 seconds" }).click();
  await expect.poll(async () => (await roomVideo(guest.page)).t, { timeout: 10_000 }).toBeGreaterThan(19.5);
  await expectRoomInSync(host.page, guest.page, 0.1);

  // Rate.
  await host.page.getByLabel("Speed").selectOption("1.5");
  await host.page.getByRole("button", { name: "Play", exact: true }).click();
  await expect.poll(async () => (await roomVideo(guest.page)).rate, { timeout: 10_000 }).toBeGreaterThan(1.35);
  await expectRoomInSync(host.page, guest.page);
  await expect(guest.page.getByTestId("sync-status")).toContainText(/In sync with the host|Fine-tuning sync/, { timeout: 15_000 });

  // The guest pauses and seeks its own player: pulled back to the host.
  await guest.page.locator('video[data-stand-in="youtube"]').evaluate((v) => (v as HTMLVideoElement).pause());
  await expect.poll(async () => (await roomVideo(guest.page)).paused, { timeout: 10_000 }).toBe(false);
  await guest.page.locator('video[data-stand-in="youtube"]').evaluate((v) => {
    (v as HTMLVideoElement).currentTime = 2;
  });
  await expectRoomInSync(host.page, guest.page);

  // The guest's own offset (a TV behind a capture card): half a second ahead, at 1.5× that is 0.75 s
  // of video; then back in step.
  const ahead = guest.page.getByRole("button", { name: "Offset: 0.1 s more ahead" });
  for (let i = 0; i < 5; i++) await ahead.click();
  await expect(guest.page.getByTestId("viewer-offset")).toHaveText("0.5 s ahead of the host");
  await expect.poll(async () => Math.abs((await roomDrift(host.page, guest.page)) - 0.75), { timeout: 30_000, intervals: [200] }).toBeLessThan(0.25);
  await guest.page.getByRole("button", { name: "Reset offset" }).click();
  await guest.page.getByRole("button", { name: "Sync now" }).click();
  await expectRoomInSync(host.page, guest.page);

  // Tap for sound unmutes the guest's player.
  await guest.page.getByRole("button", { name: /Tap for sound/ }).click();
  await expect.poll(() => guest.page.locator('video[data-stand-in="youtube"]').evaluate((v) => (v as HTMLVideoElement).muted)).toBe(false);
  await expect(guest.page.getByRole("button", { name: /Tap for sound/ })).toHaveCount(0);

  // Chat both ways.
  await guest.page.getByLabel("Chat message").fill("hello from the room");
  await guest.page.getByRole("button", { name: "Send" }).click();
  await expect(host.page.getByRole("region", { name: "Chat" })).toContainText("Guest Gail: hello from the room");

  // The guest leaves: the host's list follows.
  await guest.context.close();
  await expect(hostList).toHaveText([`${host.user.username}Host(you)`], { timeout: 15_000 });
  await expect(host.page.getByTestId("members-count")).toHaveText("1 watching");
  await host.context.close();
});

test("a guest who joins mid-item starts at the host's position", async ({ browser }) => {
  test.setTimeout(180_000);
  const host = await hostParty(browser, VIDEO_URL, "Mid Join Clip");
  await openRoomAsHost(host.page, host.partyId);
  await host.page.getByRole("button", { name: "Forward 10 seconds" }).click();
  await host.page.getByRole("button", { name: "Play", exact: true }).click();
  await expect.poll(async () => (await roomVideo(host.page)).t, { timeout: 10_000 }).toBeGreaterThan(12);

  const guest = await openRoomAsGuest(browser, host.partyId, "Late Larry");
  // Loading the player, measuring the clock and the seek-ahead-and-hold take a while on a loaded box.
  await expect.poll(async () => (await roomVideo(guest.page)).paused, { timeout: 45_000 }).toBe(false);
  await expectRoomInSync(host.page, guest.page);
  expect((await roomVideo(guest.page)).t).toBeGreaterThan(12);

  await guest.context.close();
  await host.context.close();
});

test("the room works on a 390×844 phone: controls reachable, no horizontal overflow", async ({ browser }) => {
  test.setTimeout(180_000);
  const host = await hostParty(browser, VIDEO_URL, "Phone Clip", { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await openRoomAsHost(host.page, host.partyId);
  const guest = await openRoomAsGuest(browser, host.partyId, "Phone Pat", { width: 390, height: 844 });

  for (const page of [host.page, guest.page]) {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }
  // The host's controls and both chat inputs are on the page and usable by touch.
  await host.page.getByRole("button", { name: "Play", exact: true }).scrollIntoViewIfNeeded();
  await host.page.getByRole("button", { name: "Play", exact: true }).tap();
  await expect.poll(async () => (await roomVideo(guest.page)).paused, { timeout: 15_000 }).toBe(false);
  await guest.page.getByRole("button", { name: /Tap for sound/ }).tap();
  await guest.page.getByLabel("Chat message").fill("from my phone");
  await guest.page.getByRole("button", { name: "Send" }).tap();
  await expect(host.page.getByRole("region", { name: "Chat" })).toContainText("Phone Pat: from my phone");

  await guest.context.close();
  await host.context.close();
});

test("Join Party on /parties opens the watch room for a YouTube party, with no extension", async ({ browser }) => {
  test.setTimeout(90_000);
  const host = await hostParty(browser, VIDEO_URL, `Listed Clip ${Date.now().toString(36)}`);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/parties");
  const title = (await (await host.page.request.get(`/api/v1/parties/${host.partyId}`)).json()) as { video_title: string };
  await page.getByRole("link", { name: `Join Party: ${title.video_title}` }).click({ timeout: 30_000 });
  await expect(page).toHaveURL(new RegExp(`/watch/${host.partyId}$`));
  await expect(page.getByRole("button", { name: "Join as guest" })).toBeVisible();
  await context.close();
  await host.context.close();
});

test("the room sends its commands on the party's command socket, answered as the POST would", async ({ browser }) => {
  test.setTimeout(120_000);
  const host = await hostParty(browser, VIDEO_URL, "Socket Clip");
  const sent: string[] = [];
  const received: string[] = [];
  host.page.on("websocket", (socket) => {
    if (!socket.url().endsWith(`/api/v1/parties/${host.partyId}/commands`)) return;
    socket.on("framesent", (frame) => sent.push(String(frame.payload)));
    socket.on("framereceived", (frame) => received.push(String(frame.payload)));
  });
  await openRoomAsHost(host.page, host.partyId);
  await expect.poll(() => received.some((f) => JSON.parse(f).type === "ready"), { timeout: 30_000 }).toBe(true);
  // The first frame names the caller; no cookie is read on the socket.
  expect(JSON.parse(sent[0]!)).toMatchObject({ type: "auth", token: expect.any(String) });

  await host.page.getByRole("button", { name: "Play", exact: true }).click();
  await expect
    .poll(() => sent.map((f) => JSON.parse(f) as { n?: number; command?: { type?: string } }).find((f) => f.command?.type === "play")?.n, { timeout: 15_000 })
    .toBeGreaterThan(0);
  const play = sent.map((f) => JSON.parse(f) as { n?: number; command?: { type?: string } }).find((f) => f.command?.type === "play")!;
  await expect.poll(() => received.map((f) => JSON.parse(f) as { n?: number; status?: number }).find((f) => f.n === play.n)?.status, { timeout: 15_000 }).toBe(200);
  await host.context.close();
});
