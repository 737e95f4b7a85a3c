/**
 * Programmes in Chromium: a playlist loaded into the host's live party in one action (its videos
 * appear in the room's Up next), and a scheduled party whose host prepares a programme and starts it
 * as a live party, which a user who RSVP'd then finds live on /parties and on their profile, and
 * joins. The YouTube player is the local stand-in; every other non-local request gets a stand-in page.
 */
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { signUpViaApi, uniqueUser } from "./helpers";
import { createScheduledPartyViaApi, expectNoSeriousAxeViolations, rsvpViaApi } from "./scheduled-party-helpers";
import { hostParty, openRoomAsHost, showRoomTab } from "./watch-room-helpers";

/** Several users and page loads on a shared 2-core machine: the default 30 s is too tight. */
const MULTI_PAGE_TIMEOUT_MS = 240_000;

/** The playlist page embeds YouTube's real player: answer every non-local request locally. */
async function keepOffline(context: BrowserContext): Promise<void> {
  await context.route(
    (url) => !["localhost", "127.0.0.1"].includes(url.hostname),
    (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>player stand-in</title><p>stand-in</p>" }),
  );
}

async function playlistViaApi(page: Page, videos: { url: string; title: string }[]): Promise<string> {
  const created = await page.request.post("/api/v1/playlists", { data: { title: "Marathon picks" } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  for (const video of videos) expect((await page.request.post(`/api/v1/playlists/${id}/links`, { data: video })).status()).toBe(201);
  return id;
}

const upNext = (page: Page) => page.getByRole("region", { name: "Queue" }).getByTestId("up-next").getByRole("listitem");

test("a playlist of 3 videos loaded into the host's live party appears in the room's Up next", async ({ browser }) => {
  test.setTimeout(MULTI_PAGE_TIMEOUT_MS);
  const host = await hostParty(browser, "https://www.youtube.com/watch?v=e2eRoomHost", "Warm-up");
  await keepOffline(host.context);
  const playlistId = await playlistViaApi(host.page, [
    { url: "https://www.youtube.com/watch?v=e2ePlaylst1", title: "Pick one" },
    { url: "https://youtu.be/e2ePlaylst2", title: "Pick two" },
    { url: "https://www.youtube.com/shorts/e2ePlaylst3", title: "Pick three" },
  ]);

  await host.page.goto(`/playlist?id=${playlistId}`);
  const panel = host.page.getByRole("region", { name: "Play in a party" });
  await expect(panel).toContainText("You are hosting Warm-up.");
  await panel.getByRole("button", { name: "Play in my party" }).click();
  await expect(panel.getByRole("status")).toHaveText("Loaded 3 videos into your party's queue.");
  await expectNoSeriousAxeViolations(host.page);

  await panel.getByRole("link", { name: "Open your party" }).click();
  await host.page.waitForURL(`**/watch/${host.partyId}`);
  await openRoomAsHost(host.page, host.partyId);
  await expect(host.page.getByRole("region", { name: "Queue" }).getByTestId("now-playing")).toHaveText("Warm-up");
  await expect(upNext(host.page)).toHaveCount(3);
  await expect(upNext(host.page)).toContainText(["1. Pick one", "2. Pick two", "3. Pick three"]);
  await host.context.close();
});

test("a scheduled party's programme, started by its host, is live for a user who RSVP'd: on /parties, on their profile, in the room", async ({ browser }) => {
  test.setTimeout(MULTI_PAGE_TIMEOUT_MS);
  const hostContext = await browser.newContext();
  await keepOffline(hostContext);
  const hostPage = await hostContext.newPage();
  await signUpViaApi(hostPage, uniqueUser("prog"));
  const title = `Shorts night ${Date.now().toString(36)}`;
  const party = await createScheduledPartyViaApi(hostPage.request, { title, show_movie: "YouTube" });

  // The user who RSVP'd is on a phone.
  const guestContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await keepOffline(guestContext);
  const guestPage = await guestContext.newPage();
  await signUpViaApi(guestPage, uniqueUser("rsvp"));
  await rsvpViaApi(guestPage.request, party.id);

  // The host prepares the programme in the party's details on /profile.
  await hostPage.goto("/profile");
  await hostPage.getByRole("button", { name: `Details: ${title}` }).click();
  const dialog = hostPage.getByRole("dialog", { name: "Party Details" });
  const programme = dialog.getByRole("region", { name: "Programme" });
  await expect(dialog.getByRole("button", { name: "Start live party" })).toBeDisabled();
  for (const [url, name] of [
    ["https://vimeo.com/76979871", ""],
    ["https://youtu.be/e2eProgrm01", "Opening short"],
    ["https://www.youtube.com/watch?v=e2eProgrm02", "Second short"],
  ] as const) {
    await programme.getByLabel("Video link").fill(url);
    await programme.getByLabel("Title (optional)").fill(name);
    await programme.getByRole("button", { name: "Add to programme" }).click();
    if (url.includes("vimeo")) {
      // The first link decides: a Vimeo link would make an extension party, so it is accepted; remove it.
      await expect(programme.getByRole("list", { name: "Programme in play order" }).getByRole("listitem")).toHaveCount(1);
      await programme.getByRole("button", { name: /^Remove: / }).click();
      await expect(programme).toContainText("No videos yet.");
    } else {
      await expect(programme.getByLabel("Video link")).toHaveValue("");
    }
  }
  const entries = programme.getByRole("list", { name: "Programme in play order" }).getByRole("listitem");
  await expect(entries).toContainText(["1. Opening short", "2. Second short"]);
  // A link the room cannot play after a YouTube start is refused, and the programme stays as it was.
  await programme.getByLabel("Video link").fill("https://vimeo.com/76979871");
  await programme.getByRole("button", { name: "Add to programme" }).click();
  await expect(programme.getByRole("alert")).toHaveText("Failed to save the programme. Item 3: Only YouTube and TikTok video links can be queued in this party.");
  await expect(entries).toHaveCount(2);
  await programme.getByRole("button", { name: "Move down: Opening short" }).click();
  await expect(entries).toContainText(["1. Second short", "2. Opening short"]);
  await expectNoSeriousAxeViolations(hostPage);

  await dialog.getByRole("button", { name: "Start live party" }).click();
  await hostPage.waitForURL(/\/watch\//);
  const liveId = hostPage.url().split("/watch/")[1]!;
  await openRoomAsHost(hostPage, liveId);
  await expect(hostPage.getByRole("region", { name: "Queue" }).getByTestId("now-playing")).toHaveText("Second short");

  // The RSVP'd user: live on /parties, offered on their profile, and the room opens from there.
  await guestPage.goto("/parties");
  await expect(guestPage.getByRole("table", { name: "Live parties" }).getByTestId("live-party-row").filter({ hasText: "Second short" })).toBeVisible();
  await expect(guestPage.getByTestId("scheduled-party-row").filter({ hasText: title }).getByRole("link", { name: `Live now: Join ${title}` })).toHaveAttribute("href", `/watch/${liveId}`);
  await guestPage.goto("/profile");
  const offer = guestPage.getByTestId("rsvp-live-party");
  await expect(offer).toContainText(`Live now: ${title}`);
  expect(await guestPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await offer.getByRole("link", { name: `Join ${title}` }).click();
  await guestPage.waitForURL(`**/watch/${liveId}`);
  await showRoomTab(guestPage, "Queue");
  const guestQueue = guestPage.getByRole("region", { name: "Queue" });
  await expect(guestQueue.getByTestId("now-playing")).toHaveText("Second short", { timeout: 60_000 });
  await expect(upNext(guestPage)).toHaveText(["1. Opening short"]);
  // Joined, it is now their Current Party.
  await guestPage.goto("/profile");
  await expect(guestPage.getByTestId("current-party")).toContainText("Second short");
  await expect(guestPage.getByTestId("rsvp-live-party")).toHaveCount(0);

  await guestContext.close();
  await hostContext.close();
});
