/**
 * Support for the watch-room specs: parties created through the API, rooms opened as a signed-in host
 * or a guest, and the stand-in players' <video> (tests/support/stand-ins) read directly.
 */
import { expect, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "@playwright/test";
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

/** `prepare` runs on the new context before the room opens (an init script, permissions). */
export async function openRoomAsGuest(browser: Browser, partyId: string, name = "Guest Gail", viewport?: { width: number; height: number }, prepare?: (context: BrowserContext) => Promise<void>) {
  const context = await browser.newContext(viewport ? { viewport, isMobile: viewport.width < 500, hasTouch: viewport.width < 500 } : {});
  await prepare?.(context);
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

interface VideoSample {
  t: number;
  paused: boolean;
  at: number;
  /** The room's sync status as its engine last decided it (SyncStatus, the room's `data-vp-sync`). */
  status: string;
}

/**
 * The statuses in which a guest's engine pauses its own player while the party plays: holding on a
 * frame ahead until the party gets there (a catch-up, or a guest run ahead of a host's short stall),
 * waiting on the host's player that stalled (the host's own stall: a loaded machine's decoder), or on
 * its skip. Each is the engine following the host's player, not the host being away.
 */
const FOLLOWING_PAUSES = new Set(["holding", "host-buffering", "host-seeking"]);

/** Starts recording the room video of `page` every 100 ms, in the page (read with `videoSamples`). */
export async function startVideoSampling(page: Page): Promise<void> {
  await page.locator(VIDEO).evaluate((el) => {
    const v = el as HTMLVideoElement;
    const w = window as unknown as { vpSamples: VideoSample[] };
    const sample = () => w.vpSamples.push({ t: v.currentTime, paused: v.paused, at: Date.now(), status: document.documentElement.dataset.vpSync ?? "" });
    w.vpSamples = [];
    sample();
    window.setInterval(sample, 100);
  });
}

export async function videoSamples(page: Page): Promise<VideoSample[]> {
  return page.evaluate(() => (window as unknown as { vpSamples: VideoSample[] }).vpSamples);
}

/** Where a player that read `before` would be at `now` (ms), playing on at its rate. */
function playedOn(before: RoomVideoState, now: number): number {
  return before.t + ((now - before.at) / 1000) * before.rate;
}

/**
 * A host came back to a party that played (its player read `before` last): host and guest play at the
 * party's position, advanced by the time that passed (±1 s); the guest — sampled from just after
 * `before` was read, before the host went (`startVideoSampling`) — played on until the host was back
 * (never seen paused meanwhile, but for its engine's own following of the host's player: see
 * FOLLOWING_PAUSES) and was never sent back; and a few seconds on they play together.
 * (A pause after the return is not the return's doing: a host player that stalls on a loaded machine
 * holds the party by design, so the later checks wait for playing rather than forbid a pause.)
 * Returns the ms from `backAt` (when the host set off back) until the host played at the party's position.
 */
export async function expectPartyContinued(hostVideo: () => Promise<RoomVideoState>, guest: Page, before: RoomVideoState, backAt: number): Promise<number> {
  let resumedAt = 0;
  await expect
    .poll(
      async () => {
        const h = await hostVideo();
        resumedAt = h.at;
        const party = playedOn(before, h.at);
        // What a failure prints: where the host's player is, against the party.
        return !h.paused && Math.abs(h.t - party) < 1 ? "there" : `host ${h.paused ? "paused" : "playing"} at ${h.t.toFixed(2)} s, the party at ${party.toFixed(2)} s`;
      },
      { timeout: 30_000, intervals: [100] },
    )
    .toBe("there");
  const seen = await videoSamples(guest);
  // The samples span the host's absence: one from before the host went, others after (a quick return
  // gives only a few at 10 a second: the extension host was seen back in under a second).
  expect(seen[0]!.at).toBeLessThanOrEqual(backAt);
  expect(seen.at(-1)!.at).toBeGreaterThan(backAt);
  // A paused sample whose engine is seeking is judged by where that seek led: to a hold, the host's
  // stall or skip, or playing again, it was the engine following the host's player (a catch-up's seek
  // and hold, a run ahead of the host's stall taken back to its frame); to "paused", the party stopped.
  const unexplained = seen.filter((s, i) => {
    if (!s.paused || s.at > resumedAt) return false;
    const ledTo = seen.slice(i).find((n) => n.status !== "seeking");
    return !ledTo || (ledTo.paused && !FOLLOWING_PAUSES.has(ledTo.status));
  });
  const around = (s: VideoSample) => seen.filter((n) => Math.abs(n.at - s.at) <= 1000).map((n) => `${n.at - backAt} ms: ${n.t.toFixed(2)} s ${n.paused ? "paused" : "playing"} (${n.status})`);
  expect(unexplained.map(around), "the guest paused other than to follow the host's player before the host was back (ms from its return)").toEqual([]);
  await expect
    .poll(async () => {
      const g = await roomVideo(guest);
      return !g.paused && Math.abs(g.t - playedOn(before, g.at)) < 1;
    })
    .toBe(true);
  const mark = (await hostVideo()).t;
  await expect.poll(async () => (await hostVideo()).t, { timeout: 15_000 }).toBeGreaterThan(mark + 3);
  await expect
    .poll(async () => {
      const [h, g] = await Promise.all([hostVideo(), roomVideo(guest)]);
      return !h.paused && !g.paused && Math.abs(h.t + ((g.at - h.at) / 1000) * h.rate - g.t) < 1;
    })
    .toBe(true);
  // Never behind where the party was: nobody went back to 0:00 (or anywhere before the host left).
  expect((await videoSamples(guest)).filter((s) => s.t < before.t - 1)).toEqual([]);
  return resumedAt - backAt;
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

/** On a phone the room's panels are tabs under the video: select one (a laptop shows them all). */
export async function showRoomTab(page: Page, name: "Chat" | "People" | "Queue" | "Polls"): Promise<void> {
  const tab = page.getByRole("tab", { name: new RegExp(`^${name}`) });
  // The room has rendered (its player section) before the layout is known.
  await expect(page.getByRole("region", { name: "Player" })).toBeVisible({ timeout: 60_000 });
  if ((await page.getByRole("tablist", { name: "Room" }).count()) === 0) return;
  await tab.click();
  await expect(tab).toHaveAttribute("aria-selected", "true");
}
