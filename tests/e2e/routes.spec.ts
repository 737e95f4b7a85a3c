import { expect, test, type Locator, type Page } from "@playwright/test";
import { signUpViaApi, uniqueUser } from "./helpers";
import { expectNoSeriousAxeViolations } from "./scheduled-party-helpers";
import { USERNAME_MAX_LENGTH } from "../../lib/reserved-usernames";

/** Every route of the spec's route table except /{username}, which needs a user. */
const ROUTES = [
  "/", "/about", "/faqs", "/blogs", "/blogs/the-ultimate-guide-to-virtual-watch-parties", "/parties",
  "/scheduled-parties", "/playlists", "/add-video", "/add", "/playlist", "/playlist-landing",
  "/getting-started", "/streaming-guide", "/privacy-policy", "/terms-of-service", "/contact",
  "/extension-auth", "/auth/kick/callback", "/kick-auth-callback", "/profile",
];

async function expectShell(page: import("@playwright/test").Page) {
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "ViewParty", exact: true })).toBeVisible();
  for (const label of ["Getting Started", "Streaming Guide", "Watch Parties", "Blogs", "FAQs", "About"]) {
    await expect(header.getByRole("link", { name: label, exact: true })).toBeVisible();
  }
  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  for (const label of ["Streaming Guide", "About Us", "Contact Us", "Terms of Service", "Privacy Policy"]) {
    await expect(footer.getByRole("link", { name: label, exact: true })).toBeVisible();
  }
}

for (const route of ROUTES) {
  test(`${route} answers 200 with header and footer`, async ({ page }) => {
    const res = await page.goto(route);
    expect(res?.status()).toBe(200);
    await expectShell(page);
  });
}

test("/{username} answers 200 for an existing user, with header and footer", async ({ page }) => {
  const user = await signUpViaApi(page, uniqueUser("route"));
  const res = await page.goto(`/${user.username}`);
  expect(res?.status()).toBe(200);
  await expectShell(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(user.username);
});

test("an unknown path answers 404 with the exact texts", async ({ page }) => {
  const res = await page.goto("/definitely-not-a-page/x");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 - Page Not Found" })).toBeVisible();
  await expect(page.getByText("The page you are looking for does not exist.")).toBeVisible();
  await expectShell(page);
});

test("home has the spec's title", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle("Watch Movies & TV Together Online");
});

test("the header's auth area shows Login and Sign Up to anonymous visitors", async ({ page }) => {
  await page.goto("/about");
  const header = page.getByRole("banner");
  await expect(header.getByRole("button", { name: "Login", exact: true })).toBeVisible();
  await expect(header.getByRole("button", { name: "Sign Up", exact: true })).toBeVisible();
});

/*
 * Every route on a phone (390×844) and a laptop (1366×800), signed out and signed in: no sideways
 * scrolling, the page's key actions on screen, no serious or critical axe finding, no console error
 * and never a native alert/confirm/prompt. One browser context per viewport and sign-in state visits
 * all routes in turn, so the whole matrix costs four page sessions. Axe walks each route once, on the
 * phone (its findings do not depend on the width here, and one analysis costs seconds per page).
 */
const VIEWPORTS = [
  { name: "390×844", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: "1366×800", viewport: { width: 1366, height: 800 }, isMobile: false, hasTouch: false },
] as const;

interface Fixtures {
  host: string;
  liveId: string;
  playlistId: string;
}

let fixtures: Promise<Fixtures> | null = null;
/** A host with a public profile, a live YouTube party (the watch room plays it from a local stand-in) and a playlist. */
function sharedFixtures(browser: import("@playwright/test").Browser): Promise<Fixtures> {
  fixtures ??= (async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const host = await signUpViaApi(page, uniqueUser("layouthost"));
    const live = await page.request.post("/api/v1/parties", {
      data: { video_url: "https://www.youtube.com/watch?v=e2eLayoutClip", video_title: "Layout clip", chat_provider: "builtin", visibility: "public" },
    });
    expect(live.status()).toBe(201);
    const scheduled = await page.request.post("/api/v1/scheduled-parties", {
      data: { title: "A layout party with a rather long title to wrap", date_time: "2031-06-01T19:00:00Z", show_movie: "Netflix", description: "Bring snacks and a long description that has to wrap on a phone screen." },
    });
    expect(scheduled.status()).toBe(201);
    const playlist = await page.request.post("/api/v1/playlists", { data: { title: "Layout playlist" } });
    expect(playlist.status()).toBe(201);
    const result = { host: host.username, liveId: ((await live.json()) as { id: string }).id, playlistId: ((await playlist.json()) as { id: string }).id };
    await context.close();
    return result;
  })();
  return fixtures;
}

/** The elements a visitor must reach on each route without scrolling sideways. */
function keyActions(page: Page, route: string, signedIn: boolean, phone: boolean): Locator[] {
  const header = page.getByRole("banner");
  const actions: Locator[] = [header.getByRole("link", { name: "ViewParty", exact: true })];
  actions.push(phone ? header.getByRole("button", { name: "Menu" }) : header.getByRole("link", { name: "Watch Parties", exact: true }));
  actions.push(signedIn ? header.getByTestId("header-user-name") : header.getByRole("button", { name: "Sign Up", exact: true }));
  if (route === "/parties") actions.push(page.getByRole("button", { name: /^RSVP: A layout party/ }).first(), page.getByRole("button", { name: "Host a party" }).or(page.getByRole("link", { name: "Host a party" })));
  if (route === "/scheduled-parties") actions.push(page.getByRole("button", { name: /^View A layout party/ }).first());
  if (route === "/profile" && signedIn) actions.push(page.getByRole("button", { name: "Create New Party" }));
  if (route === "/get-extension") actions.push(page.getByRole("heading", { level: 1 }));
  return actions;
}

/** Soft checks: one run reports every route and element that does not fit, then the test fails. */
async function expectOnScreen(page: Page, locator: Locator, label: string) {
  await expect.soft(locator, label).toBeVisible();
  const box = await locator.boundingBox().catch(() => null);
  const width = page.viewportSize()!.width;
  expect.soft(box, `${label} has a box`).not.toBeNull();
  if (!box) return;
  expect.soft(box.x, `${label} starts on screen`).toBeGreaterThanOrEqual(0);
  expect.soft(box.x + box.width, `${label} ends on screen`).toBeLessThanOrEqual(width + 1);
}

for (const { name, viewport, isMobile, hasTouch } of VIEWPORTS) {
  for (const signedIn of [false, true]) {
    test(`at ${name}, ${signedIn ? "signed in" : "signed out"}: every route fits the screen, keeps its actions in view, passes axe, logs no error, opens no native dialog`, async ({ browser }) => {
      const { host, liveId, playlistId } = await sharedFixtures(browser);
      const routes = [
        ...ROUTES.filter((r) => r !== "/playlist"),
        "/get-extension", `/${host}`, `/playlist?id=${playlistId}`, `/watch/${liveId}`,
      ];
      test.setTimeout(routes.length * 10_000);
      const context = await browser.newContext({ viewport, isMobile, hasTouch });
      const page = await context.newPage();
      const problems: string[] = [];
      let route = "";
      page.on("dialog", (dialog) => {
        problems.push(`${route}: native ${dialog.type()} "${dialog.message()}"`);
        void dialog.dismiss();
      });
      page.on("console", (message) => {
        if (message.type() === "error") problems.push(`${route}: console error ${message.text()}`);
      });
      page.on("pageerror", (error) => problems.push(`${route}: page error ${error.message}`));
      if (signedIn) await signUpViaApi(page, uniqueUser("layout"));

      for (route of routes) {
        await page.goto(route);
        await expect(page.getByRole("contentinfo")).toBeVisible();
        if (route.startsWith("/watch/")) {
          // The room has opened (guest form or player) once its "Joining the party..." placeholder is gone.
          await expect(page.getByText("Joining the party...")).toHaveCount(0, { timeout: 30_000 });
        }
        // Lists and profile sections load after the first paint: wait until no "Loading" text is left.
        await expect(page.getByText(/^Loading\b/)).toHaveCount(0);
        for (const action of keyActions(page, route, signedIn, isMobile)) await expectOnScreen(page, action, `${route}: ${action}`);
        const overflow = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
        expect.soft(overflow.scroll, `${route} scrolls sideways`).toBeLessThanOrEqual(overflow.client);
        if (isMobile) await expectNoSeriousAxeViolations(page);
      }
      expect(problems).toEqual([]);
      await context.close();
    });
  }
}

test("at 390×844 the header keeps the longest username on screen, shortened, without scrolling sideways", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  // The longest name an account may have, in wide letters: the header must shorten it, not widen.
  const user = uniqueUser("W");
  const longest = { ...user, username: `W${"W".repeat(USERNAME_MAX_LENGTH - 1 - user.username.length)}${user.username}`.slice(0, USERNAME_MAX_LENGTH) };
  await signUpViaApi(page, longest);
  await page.goto("/about");
  const name = page.getByRole("banner").getByTestId("header-user-name");
  await expect(name).toBeVisible();
  for (const action of [page.getByRole("banner").getByRole("link", { name: "ViewParty", exact: true }), page.getByRole("banner").getByRole("button", { name: "Menu" }), name]) {
    await expectOnScreen(page, action, String(action));
  }
  const overflow = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(overflow.scroll).toBeLessThanOrEqual(overflow.client);
  // Shortened with an ellipsis; the whole name is still in the page (for assistive technology).
  expect(await name.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await expect(name).toHaveText(longest.username);
  await context.close();
});
