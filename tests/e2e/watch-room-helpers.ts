/**
 * Support for the watch-room specs: parties created through the API, rooms opened as a signed-in host
 * or a guest, and the stand-in players' <video> (tests/support/stand-ins) read directly.
 */
import { expect, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
import { signUpViaApi, uniqueUser } from "./helpers";

export interface RoomVideoState {
  t: number;
  paused: boolean;
  rate: number;
  at: number;
  src: string;
}

const VIDEO = 'video[data-stand-in="youtube"]';

/** Signs up a host in a fresh context and starts a live party on `videoUrl`; returns its id. */
export async function hostParty(browser: Browser, videoUrl: string, title = "Room Clip", options: BrowserContextOptions = {}) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const user = await signUpViaApi(page, uniqueUser("host"));
  const res = await page.request.post("/api/v1/parties", {
    data: { video_url: videoUrl, video_title: title, chat_provider: "builtin", visibility: "public", streamer_latency_ms: 0 },
  });
  expect(res.status()).toBe(201);
  const party = (await res.json()) as { id: string };
  return { context, page, user, partyId: party.id };
}

export async function openRoomAsHost(page: Page, partyId: string): Promise<void> {
  await page.goto(`/watch/${partyId}`);
  await expect(page.getByTestId("sync-status")).toContainText("You are the host", { timeout: 60_000 });
  await expect(page.getByRole("button", { name: "Play", exact: true })).toBeEnabled({ timeout: 20_000 });
}

export async function openRoomAsGuest(browser: Browser, partyId: string, name = "Guest Gail", viewport?: { width: number; height: number }) {
  const context = await browser.newContext(viewport ? { viewport, isMobile: viewport.width < 500, hasTouch: viewport.width < 500 } : {});
  const page = await context.newPage();
  await page.goto(`/watch/${partyId}`);
  await page.getByLabel("Your name").fill(name);
  await page.getByRole("button", { name: "Join as guest" }).click();
  await expect(page.locator(VIDEO)).toHaveCount(1, { timeout: 20_000 });
  return { context, page };
}

export async function roomVideo(page: Page): Promise<RoomVideoState> {
  return page.locator(VIDEO).evaluate((el) => {
    const v = el as HTMLVideoElement;
    return { t: v.currentTime, paused: v.paused, rate: v.playbackRate, at: Date.now(), src: v.currentSrc };
  });
}

/** Guest minus host position at the same instant (the host's extrapolated to the guest's reading). */
export async function roomDrift(host: Page, guest: Page): Promise<number> {
  const [h, g] = await Promise.all([roomVideo(host), roomVideo(guest)]);
  const hostAtGuest = h.paused ? h.t : h.t + ((g.at - h.at) / 1000) * h.rate;
  return g.t - hostAtGuest;
}

export async function expectRoomInSync(host: Page, guest: Page, toleranceSeconds = 0.25): Promise<void> {
  await expect.poll(async () => Math.abs(await roomDrift(host, guest)), { timeout: 30_000, intervals: [200] }).toBeLessThan(toleranceSeconds);
}

/** Opens the host's tools (a drawer; a bottom sheet on a phone) and returns it. */
export async function openHostPanel(page: Page) {
  await page.getByRole("button", { name: "Host tools" }).click();
  const panel = page.getByRole("dialog", { name: "Host tools" });
  await expect(panel).toBeVisible();
  return panel;
}

/** Closes the host's tools with Escape (the room behind is inert while they are open). */
export async function closeHostPanel(page: Page): Promise<void> {
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Host tools" })).toHaveCount(0);
}
