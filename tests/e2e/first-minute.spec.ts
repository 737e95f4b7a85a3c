/**
 * The first minute, as a newcomer lives it on a laptop (1366×800) and on a phone (390×844, touch):
 * start a room from the home page by pasting a YouTube link (click, paste, submit), copy its invite
 * link, and a signed-out friend opens that link, joins as a named guest and plays in sync — for a
 * public and for a private room. Then the way out: Leave takes a guest off everyone's member list at
 * once, and End party shows every member one end screen (with the replay link for a recorded party).
 */
import { expect, test, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
import { signUpViaApi, uniqueUser } from "./helpers";
import { smallTapTargets } from "./tap-targets";
import { closeHostPanel, expectRoomInSync, hostParty, openHostPanel, openRoomAsGuest, openRoomAsHost, roomVideo, showRoomTab } from "./watch-room-helpers";

const VIDEO_ID = "e2eRoomClip";
const VIDEO_URL = `https://www.youtube.com/watch?v=${VIDEO_ID}`;
/** What the YouTube stand-in's player calls the video (tests/support/stand-ins/youtube-iframe-api.js). */
const PLAYER_TITLE = `Stand-in clip ${VIDEO_ID}`;

const VIEWPORTS = {
  laptop: { viewport: { width: 1366, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
} satisfies Record<string, BrowserContextOptions>;

async function newPage(browser: Browser, options: BrowserContextOptions): Promise<Page> {
  const context = await browser.newContext({ ...options, permissions: ["clipboard-read", "clipboard-write"] });
  return context.newPage();
}

/** Guest joins by the link with a name; returns the page once its player is in the room. */
async function joinByLink(browser: Browser, link: string, options: BrowserContextOptions, name: string): Promise<Page> {
  const page = await newPage(browser, options);
  await page.goto(link);
  await page.getByLabel("Your name").fill(name);
  await page.getByRole("button", { name: "Join as guest" }).click();
  await expect(page.locator('video[data-stand-in="youtube"]')).toHaveCount(1, { timeout: 20_000 });
  return page;
}

for (const [device, options] of Object.entries(VIEWPORTS)) {
  for (const visibility of ["public", "private"] as const) {
    test(`${device}: start a ${visibility} room from the home page, copy the invite link, a guest opens it and plays in sync`, async ({ browser }) => {
      test.setTimeout(180_000);
      const host = await newPage(browser, options);
      await signUpViaApi(host, uniqueUser("start"));
      await host.goto("/");

      // 1. click: the header's entry on a laptop, the home hero's on a phone (the header keeps it in the menu there).
      if (device === "laptop") await host.getByRole("banner").getByRole("link", { name: "Start a room" }).click();
      else await host.getByRole("main").getByRole("link", { name: "Start a room" }).click();
      await expect(host).toHaveURL(/\/start$/);
      // 2. paste: the link field has the focus on arrival.
      await expect(host.getByLabel("YouTube or TikTok link")).toBeFocused();
      expect(await smallTapTargets(host, "main")).toEqual([]);
      await host.keyboard.insertText(VIDEO_URL);
      // A private room is one switch more.
      if (visibility === "private") await host.getByRole("switch", { name: /Private room/ }).click();
      // 3. submit (Enter in the link field; from the switch, its button).
      if (visibility === "private") await host.getByRole("button", { name: "Start the room" }).click();
      else await host.keyboard.press("Enter");

      await expect(host).toHaveURL(/\/watch\/[A-Za-z0-9_-]+$/, { timeout: 20_000 });
      const roomKey = decodeURIComponent(new URL(host.url()).pathname.split("/").pop()!);
      await expect(host.getByTestId("sync-status")).toContainText("You are the host", { timeout: 60_000 });
      // No title typed: the room takes the video's own title once the host's player has it.
      await expect(host.getByRole("heading", { level: 1 })).toHaveText(PLAYER_TITLE, { timeout: 20_000 });

      await host.getByRole("button", { name: "Copy invite link" }).click();
      await expect(host.getByTestId("invite-status")).toHaveText("Invite link copied.");
      const link = await host.evaluate(() => navigator.clipboard.readText());
      const origin = new URL(host.url()).origin;
      // A private room's link (and address) carries its invite code: the room's id opens it to members only.
      expect(link).toBe(`${origin}/watch/${roomKey}`);
      if (visibility === "private") {
        expect(roomKey).toMatch(/^[A-Z2-9]{8}$/);
        const own = await host.request.get(`/api/v1/parties/${roomKey}`);
        const { id } = (await own.json()) as { id: string };
        expect(id).not.toBe(roomKey);
        const stranger = await newPage(browser, options);
        await stranger.goto(`/watch/${id}`);
        await stranger.getByLabel("Your name").fill("Nosy Ned");
        await stranger.getByRole("button", { name: "Join as guest" }).click();
        await expect(stranger.getByText(/Party not found\. If it is a private party, open it with the invite link/)).toBeVisible();
        await stranger.context().close();
      }
      // The same link is shown in the share panel (with its QR code) for a phone across the room.
      await host.getByRole("button", { name: "Share" }).click();
      await expect(host.getByTestId("invite-link")).toHaveText(link);
      await expect(host.getByRole("img", { name: "QR code of the invite link" })).toBeVisible();
      expect(await smallTapTargets(host, '[data-testid="room-actions"]')).toEqual([]);

      const guest = await joinByLink(browser, link, options, "Guest Gail");
      await expect(guest.getByTestId("members-count")).toHaveText("2 watching", { timeout: 15_000 });
      await expect(guest.getByRole("heading", { level: 1 })).toHaveText(PLAYER_TITLE);
      await showRoomTab(host, "People");
      await expect(host.getByRole("list", { name: "Who is watching" })).toContainText("Guest Gail", { timeout: 15_000 });
      await host.getByRole("button", { name: "Play", exact: true }).click();
      await expect.poll(async () => (await roomVideo(guest)).paused, { timeout: 45_000 }).toBe(false);
      await expectRoomInSync(host, guest);
      // The guest's own room offers Leave, not End party.
      await expect(guest.getByRole("button", { name: "Leave" })).toBeVisible();
      await expect(guest.getByRole("button", { name: "End party" })).toHaveCount(0);

      if (visibility === "private") {
        // The extension's invite address opens a browser-playable room itself, no extension asked for.
        const code = link.split("/").pop()!;
        const other = await newPage(browser, options);
        await other.goto(`/parties?invite=${code}`);
        // The banner decides once /parties has hydrated: a long wait for a 2-core machine under load,
        // where hydrating /parties alone was seen taking 12 s.
        await expect(other).toHaveURL(new RegExp(`/watch/${code}$`), { timeout: 45_000 });
        await expect(other.getByLabel("Your name")).toBeVisible();
        await other.context().close();
      }
      await guest.context().close();
      await host.context().close();
    });
  }
}

test("phone: the menu offers Start a room first", async ({ browser }) => {
  const page = await newPage(browser, VIEWPORTS.phone);
  await page.goto("/parties");
  await page.getByRole("button", { name: "Menu" }).click();
  const first = page.getByRole("navigation", { name: "Main" }).getByRole("link").first();
  await expect(first).toHaveText("Start a room");
  await first.click();
  await expect(page).toHaveURL(/\/start$/);
  await page.context().close();
});

test("signed out: starting a room asks to sign up, then the room starts at once", async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await newPage(browser, VIEWPORTS.laptop);
  await page.goto("/start");
  await page.getByLabel("YouTube or TikTok link").fill(VIDEO_URL);
  await page.getByLabel("Room title (optional)").fill("Movie night");
  await page.getByRole("button", { name: "Start the room" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Log in or sign up to start your room.");
  await dialog.getByRole("button", { name: "Sign up", exact: true }).click();
  const user = uniqueUser("starter");
  await dialog.getByLabel("Username").fill(user.username);
  await dialog.getByLabel("Email").fill(user.email);
  await dialog.getByLabel("Password", { exact: true }).fill(user.password);
  await dialog.getByLabel("Confirm password").fill(user.password);
  await dialog.getByRole("button", { name: "Sign Up", exact: true }).click();
  await expect(page).toHaveURL(/\/watch\//, { timeout: 30_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Movie night", { timeout: 60_000 });
  await page.context().close();
});

test("bad links are refused in the form, and a host with a live party can end it and start the new one", async ({ browser }) => {
  test.setTimeout(120_000);
  const host = await hostParty(browser, VIDEO_URL, "Old party", VIEWPORTS.laptop);
  await host.page.goto("/start");
  await host.page.getByLabel("YouTube or TikTok link").fill("https://example.com/not-a-video");
  await host.page.getByRole("button", { name: "Start the room" }).click();
  // (Scoped to the form: Next's route announcer is an alert too.)
  await expect(host.page.getByRole("form", { name: "Start a room" }).getByRole("alert")).toHaveText("Paste a YouTube or TikTok video link, or pick one of your playlists.");
  await expect(host.page.getByLabel("YouTube or TikTok link")).toHaveAttribute("aria-invalid", "true");

  await host.page.getByLabel("YouTube or TikTok link").fill(VIDEO_URL);
  await host.page.getByLabel("Room title (optional)").fill("New party");
  await host.page.getByRole("button", { name: "Start the room" }).click();
  const notice = host.page.getByTestId("already-hosting");
  await expect(notice).toContainText("You are already hosting a live party.");
  await expect(notice).toContainText("Now hosting: Old party");
  await expect(notice.getByRole("link", { name: "Open my party" })).toHaveAttribute("href", `/watch/${host.partyId}`);
  await notice.getByRole("button", { name: "End it and start this one" }).click();
  await expect(host.page).toHaveURL(/\/watch\//, { timeout: 20_000 });
  expect(host.page.url()).not.toContain(host.partyId);
  await expect(host.page.getByRole("heading", { level: 1 })).toHaveText("New party", { timeout: 60_000 });
  const old = await host.page.request.get(`/api/v1/parties/${host.partyId}`);
  expect(((await old.json()) as { state: string }).state).toBe("ENDED");
  await host.context.close();
});

test("Leave takes a guest off everyone's list at once; End party shows every member one end screen with the replay", async ({ browser }) => {
  test.setTimeout(180_000);
  const host = await hostParty(browser, VIDEO_URL, "Ending Clip", VIEWPORTS.laptop);
  await openRoomAsHost(host.page, host.partyId);
  const stay = await openRoomAsGuest(browser, host.partyId, "Guest Stay");
  const go = await openRoomAsGuest(browser, host.partyId, "Guest Go", VIEWPORTS.phone.viewport);
  const hostList = host.page.getByRole("list", { name: "Who is watching" });
  const stayList = stay.page.getByRole("list", { name: "Who is watching" });
  await expect(hostList).toContainText("Guest Go", { timeout: 15_000 });
  await expect(stayList).toContainText("Guest Go", { timeout: 15_000 });

  await go.page.getByRole("button", { name: "Leave" }).click();
  const confirmDialog = go.page.getByRole("alertdialog");
  await expect(confirmDialog).toContainText("Leave this party?");
  await confirmDialog.getByRole("button", { name: "Leave" }).click();
  await expect(go.page.getByRole("heading", { name: "You left the party" })).toBeVisible();
  await expect(go.page.getByRole("link", { name: "Start a room" }).last()).toBeVisible();
  // Everyone else's list drops the guest without anyone reloading.
  await expect(hostList).not.toContainText("Guest Go", { timeout: 5_000 });
  await expect(stayList).not.toContainText("Guest Go", { timeout: 5_000 });
  await expect(host.page.getByTestId("members-count")).toHaveText("2 watching");

  // Recorded, then ended by the host (asked in the page first).
  const tools = await openHostPanel(host.page);
  await tools.getByRole("button", { name: "Record" }).click();
  await closeHostPanel(host.page);
  await expect(host.page.getByTestId("recording-badge")).toHaveText("● Recording");
  await expect(stay.page.getByTestId("recording-badge")).toHaveText("● Recording");
  await host.page.getByRole("button", { name: "End party" }).click();
  const endDialog = host.page.getByRole("alertdialog");
  await expect(endDialog).toContainText("End this party for everyone?");
  await endDialog.getByRole("button", { name: "End party" }).click();

  for (const page of [host.page, stay.page]) {
    await expect(page.getByTestId("room-ended")).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText("The party has ended", { exact: false })).toHaveCount(1);
    await expect(page.getByText(/\(online\)|\(away\)/)).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Browse parties" })).toHaveAttribute("href", "/parties");
    expect(await smallTapTargets(page, '[data-testid="room-ended"]')).toEqual([]);
  }
  // The host owns the (private) recording: the replay link; a guest is told there is one.
  const replay = host.page.getByRole("link", { name: "Watch the replay" });
  await expect(replay).toHaveAttribute("href", /^\/recordings\/[\w-]+$/);
  await expect(stay.page.getByTestId("room-ended")).toContainText("The host recorded this party");
  // Opened again from its link (or reloaded) once over, the room shows the same end screen, not an error.
  await stay.page.reload();
  await expect(stay.page.getByTestId("room-ended")).toBeVisible({ timeout: 15_000 });
  await expect(stay.page.getByRole("heading", { name: "The party has ended" })).toBeVisible();
  await expect(stay.page.getByText("Can't open this party")).toHaveCount(0);
  await replay.click();
  await expect(host.page).toHaveURL(/\/recordings\//);

  await Promise.all([host.context.close(), stay.context.close(), go.context.close()]);
});

test("phone: a signed-in user picks one of their playlists and starts a private room from it, the rest queued", async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await newPage(browser, VIEWPORTS.phone);
  await signUpViaApi(page, uniqueUser("plist"));
  const created = await page.request.post("/api/v1/playlists", { data: { title: "Friday picks" } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  for (const link of [
    { url: VIDEO_URL, title: "First pick" },
    { url: "https://www.youtube.com/watch?v=e2eRoomClp2", title: "Second pick" },
  ]) {
    expect((await page.request.post(`/api/v1/playlists/${id}/links`, { data: link })).status()).toBe(201);
  }
  await page.goto("/start");
  await page.getByLabel("Or play one of your playlists").selectOption({ label: "Friday picks (Owner, 2 videos)" });
  // A playlist replaces the link: the link and title fields step aside.
  await expect(page.getByLabel("YouTube or TikTok link")).toBeDisabled();
  await page.getByRole("switch", { name: /Private room/ }).click();
  await page.getByRole("button", { name: "Start the room" }).click();
  await expect(page).toHaveURL(/\/watch\//, { timeout: 20_000 });
  await expect(page.getByTestId("sync-status")).toContainText("You are the host", { timeout: 60_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("First pick");
  await showRoomTab(page, "Queue");
  await expect(page.getByText("Second pick").first()).toBeVisible();
  const current = (await (await page.request.get("/api/v1/users/me/current-party")).json()) as { current_party: { id: string } };
  const party = (await (await page.request.get(`/api/v1/parties/${current.current_party.id}`)).json()) as { visibility: string };
  expect(party.visibility).toBe("private");
  await page.context().close();
});
