/**
 * The extension end to end, in two Chromium instances with the built extension loaded, on a local
 * page with a real `<video>`: the host signs in through /extension-auth and starts a party from the
 * popup; a guest (guest username) joins with the /parties Join Party button and follows play,
 * pause, seek and rate; chat and drawing reach the other side; a guest's own pause and seek are
 * pulled back; the host closing the tab shows "Reconnecting..." to the guest. Plus the negative
 * paths: forged messages from another origin are ignored.
 */
import { expect, test, type Page } from "@playwright/test";
import {
  driftSeconds,
  ensureExtensionBuild,
  EXTENSION_ID,
  launchWithExtension,
  openPopup,
  overlay,
  signUpAccount,
  SITE_URL,
  startStaticServer,
  tabIdOf,
  videoState,
  waitForVideoReady,
  type ExtensionBrowser,
  type StaticServer,
} from "./extension-helpers";

test.describe.configure({ mode: "serial" });

let server: StaticServer;
let extensionDir: string;
const browsers: ExtensionBrowser[] = [];

test.beforeAll(async () => {
  test.setTimeout(180_000);
  extensionDir = ensureExtensionBuild();
  server = await startStaticServer();
});

test.afterAll(async () => {
  for (const b of browsers.splice(0)) await b.context.close().catch(() => undefined);
  await server?.close();
});

async function launch(): Promise<ExtensionBrowser> {
  const b = await launchWithExtension(extensionDir);
  browsers.push(b);
  expect(b.extensionId).toBe(EXTENSION_ID); // the manifest key pins the id
  return b;
}

/** Posts JOIN_PARTY like the /parties Join button does and returns the extension's reply. */
async function postJoinParty(page: Page, partyId: string) {
  return page.evaluate(
    (id) =>
      new Promise<unknown>((resolve, reject) => {
        const requestId = `e2e${Date.now()}`;
        const timer = setTimeout(() => reject(new Error("no JOIN_PARTY_RESPONSE")), 6000);
        window.addEventListener("message", (event) => {
          const data = event.data as { source?: string; type?: string; requestId?: string; data?: unknown };
          if (event.source === window && data?.source === "viewparty-extension" && data.type === "JOIN_PARTY_RESPONSE" && data.requestId === requestId) {
            clearTimeout(timer);
            resolve(data.data);
          }
        });
        window.postMessage({ source: "viewparty-auth", type: "JOIN_PARTY", requestId, partyId: id }, window.location.origin);
      }),
    partyId,
  );
}

async function expectInSync(host: Page, guest: Page, toleranceSeconds = 0.25): Promise<void> {
  await expect.poll(async () => Math.abs(await driftSeconds(host, guest)), { timeout: 15_000, intervals: [200] }).toBeLessThan(toleranceSeconds);
}

test("host signs in and starts a party; the guest joins and follows play, pause, seek, rate, chat and drawing", async () => {
  test.setTimeout(240_000);
  const host = await launch();
  const guest = await launch();

  // ── Host: account, then the extension flow of /extension-auth opened from the popup.
  const hostSite = await host.context.newPage();
  await hostSite.goto("/");
  await signUpAccount(hostSite, "host");
  const signedOutPopup = await openPopup(host);
  await expect(signedOutPopup.getByRole("status").first()).toContainText("You're not signed in.");
  const [authPage] = await Promise.all([host.context.waitForEvent("page"), signedOutPopup.getByRole("button", { name: "Sign in with ViewParty" }).click()]);
  await expect(authPage).toHaveURL(/\/extension-auth\?mode=viewparty/);
  await expect(authPage.getByTestId("extension-auth-status")).toHaveText("Authentication complete! You may close this tab.");
  await authPage.waitForEvent("close", { timeout: 5000 }); // closes itself after 2 s

  // ── Host: the video page, then "Start a party" in the popup.
  const title = `E2E Clip ${Date.now().toString(36)}`;
  const videoUrl = `${server.origin}/watch.html?title=${encodeURIComponent(title)}`;
  const hostPage = await host.context.newPage();
  await hostPage.goto(videoUrl);
  await waitForVideoReady(hostPage);
  const popup = await openPopup(host, await tabIdOf(host.worker, videoUrl));
  await expect(popup.locator('[data-vp="session"]')).toContainText("Signed in as");
  await popup.getByRole("button", { name: "Start a party" }).click();
  const inviteCode = (await popup.locator('[data-vp="invite-code"]').textContent({ timeout: 15_000 }))?.trim() ?? "";
  expect(inviteCode).toMatch(/^[A-Z0-9]{4,}$/i);
  await expect(popup.locator('[data-vp="invite-link"]')).toHaveValue(`${SITE_URL}/parties?invite=${inviteCode}`);
  // The host watches its video: the tab in front (background tabs have their timers throttled).
  await popup.close();
  await signedOutPopup.close();
  await hostPage.bringToFront();
  await expect(overlay(hostPage, "sync-status")).toContainText("You are the host", { timeout: 15_000 });
  await expect(overlay(hostPage, "draw-tools")).toBeVisible();

  // ── Guest: a guest username in the popup, then the Join Party button on /parties.
  const guestPopup = await openPopup(guest);
  await guestPopup.getByLabel("Guest username").fill("Guest Gail");
  await guestPopup.getByRole("button", { name: "Continue as guest" }).click();
  await expect(guestPopup.locator('[data-vp="session"]')).toContainText("Guest Gail (guest)");
  const guestSite = await guest.context.newPage();
  await guestSite.goto("/parties");
  // The toast is transient (TOAST_DURATION_MS): watched from the click on, not after the tab loaded.
  const opening = expect(guestSite.getByText("The extension is opening the party.")).toBeVisible({ timeout: 20_000 });
  const [guestPage] = await Promise.all([guest.context.waitForEvent("page"), guestSite.getByRole("button", { name: `Join Party: ${title}` }).click()]);
  await opening;
  await expect(guestPage).toHaveURL(videoUrl);
  await waitForVideoReady(guestPage);
  await guestPopup.close();
  await guestSite.close();
  await guestPage.bringToFront();
  await expect(overlay(guestPage, "host")).toHaveText(/Host: host_/, { timeout: 15_000 });
  await expect(overlay(guestPage, "members")).toHaveText("2 watching");
  await expect(overlay(guestPage, "draw-tools")).toBeHidden(); // only the host draws

  // ── Play, pause, seek, rate.
  await hostPage.evaluate(() => document.querySelector("video")!.play());
  await expect.poll(async () => (await videoState(guestPage)).paused, { timeout: 10_000 }).toBe(false);
  await expectInSync(hostPage, guestPage);

  await hostPage.evaluate(() => document.querySelector("video")!.pause());
  await expect.poll(async () => (await videoState(guestPage)).paused, { timeout: 10_000 }).toBe(true);
  await expectInSync(hostPage, guestPage, 0.1);

  await hostPage.evaluate(() => {
    document.querySelector("video")!.currentTime = 30;
  });
  await expect.poll(async () => (await videoState(guestPage)).t, { timeout: 10_000 }).toBeGreaterThan(29.8);
  await expectInSync(hostPage, guestPage, 0.1);

  await hostPage.evaluate(() => {
    const v = document.querySelector("video")!;
    v.playbackRate = 1.5;
    return v.play();
  });
  await expect.poll(async () => (await videoState(guestPage)).rate, { timeout: 10_000 }).toBeGreaterThan(1.35);
  await expectInSync(hostPage, guestPage);
  await expect(overlay(guestPage, "sync-status")).toContainText(/In sync with the host|Fine-tuning sync/, { timeout: 15_000 });

  // ── A guest's own pause and seek are pulled back to the host.
  await guestPage.evaluate(() => document.querySelector("video")!.pause());
  await expect.poll(async () => (await videoState(guestPage)).paused, { timeout: 10_000 }).toBe(false);
  await expectInSync(hostPage, guestPage);
  await guestPage.evaluate(() => {
    document.querySelector("video")!.currentTime = 5;
  });
  await expectInSync(hostPage, guestPage);

  // ── Chat both ways. Keys typed in the overlay must not reach the page (its shortcuts): count the
  // ones that bubble up to the host page's document while the host chats.
  await hostPage.evaluate(() => {
    const w = window as unknown as { vpPageKeys: number };
    w.vpPageKeys = 0;
    document.addEventListener("keydown", () => (w.vpPageKeys += 1));
  });
  await overlay(hostPage, "chat-input").pressSequentially("hello from the host");
  await overlay(hostPage, "chat-input").press("Enter");
  await expect(overlay(guestPage, "chat-messages")).toContainText("hello from the host");
  await overlay(guestPage, "chat-input").fill("hi host!");
  await overlay(guestPage, "chat-input").press("Enter");
  await expect(overlay(hostPage, "chat-messages")).toContainText("hi host!");
  // Typing in the overlay never reaches the page's shortcuts: no key reached the page, and the host's
  // video, unless it has played to its end meanwhile (a loaded machine is slow), was not paused by a space.
  expect(await hostPage.evaluate(() => (window as unknown as { vpPageKeys: number }).vpPageKeys)).toBe(0);
  const hostVideo = await hostPage.evaluate(() => {
    const v = document.querySelector("video")!;
    return { paused: v.paused, ended: v.ended };
  });
  expect(hostVideo.paused && !hostVideo.ended).toBe(false);

  // ── Drawing: the host draws, the guest sees it on its own canvas.
  await overlay(hostPage, "draw").click();
  const box = (await overlay(hostPage, "canvas").boundingBox())!;
  await hostPage.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.5);
  await hostPage.mouse.down();
  for (let i = 1; i <= 10; i++) await hostPage.mouse.move(box.x + box.width * (0.2 + i * 0.05), box.y + box.height * (0.5 - i * 0.02));
  await hostPage.mouse.up();
  const inked = (page: Page) =>
    page.evaluate(() => {
      const canvas = document.querySelector("viewparty-overlay")!.shadowRoot!.querySelector("canvas")!;
      const data = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height).data;
      let count = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) count++;
      return count;
    });
  await expect.poll(() => inked(guestPage), { timeout: 10_000 }).toBeGreaterThan(50);
  await overlay(hostPage, "clear").click();
  await expect.poll(() => inked(guestPage), { timeout: 10_000 }).toBe(0);

  // ── The host closes the tab: the guest sees "Reconnecting...".
  await hostPage.close();
  await expect(overlay(guestPage, "badge")).toHaveText("Reconnecting...", { timeout: 20_000 });
});

test("window messages from another origin are ignored by the extension; the same message from the site works", async () => {
  test.setTimeout(120_000);
  const b = await launch();
  // A real party to join, hosted by someone else through the API.
  const hostToken = ((await (await fetch(`${SITE_URL}/api/v1/guests`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ username: "Forge Host" }) })).json()) as { token: string }).token;
  const created = await fetch(`${SITE_URL}/api/v1/parties`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${hostToken}` },
    body: JSON.stringify({ video_url: `${server.origin}/watch2.html`, video_title: "Second clip", visibility: "private" }),
  });
  expect(created.status).toBe(201);
  const { invite_code: code } = (await created.json()) as { invite_code: string };

  const popup = await openPopup(b);
  await popup.getByLabel("Guest username").fill("Careful Carl");
  await popup.getByRole("button", { name: "Continue as guest" }).click();
  await expect(popup.locator('[data-vp="session"]')).toContainText("Careful Carl (guest)");

  const site = await b.context.newPage();
  await site.goto("/");
  await site.evaluate(() => {
    const w = window as unknown as { replies: unknown[]; forged: Set<string> };
    w.replies = [];
    w.forged = new Set();
    window.addEventListener("message", (event) => {
      const data = event.data as { source?: string; requestId?: string };
      if (data?.source === "viewparty-extension") w.replies.push(data);
      // The forgers' messages as they reach the page (and the extension's bridge in it).
      if (data?.source === "viewparty-auth" && typeof data.requestId === "string" && data.requestId.startsWith("forged")) w.forged.add(data.requestId);
    });
  });
  const opened: Page[] = [];
  b.context.on("page", (p) => opened.push(p));
  // Another origin, in windows the site page opened (its Content-Security-Policy would refuse to
  // frame them), posts JOIN_PARTY and AUTH_TOKEN to it.
  for (const kind of ["join", "auth"]) {
    await site.evaluate(
      ({ origin, kind, code }) => {
        window.open(`${origin}/forge.html?kind=${kind}&party=${code}`, `forger-${kind}`);
      },
      { origin: server.origin, kind, code },
    );
  }
  // Both forged messages reached the page (they repeat every 250 ms)…
  await expect
    .poll(() => site.evaluate(() => [...(window as unknown as { forged: Set<string> }).forged].sort()), { timeout: 15_000 })
    .toEqual(["forged1", "forged2"]);

  // …and then the very same JOIN_PARTY from the site itself is answered and opens the party's video.
  // The bridge handles the page's messages in order: by this answer it had handled the forged ones.
  const [partyPage, reply] = await Promise.all([b.context.waitForEvent("page"), postJoinParty(site, code)]);
  expect(reply).toMatchObject({ success: true });
  await expect(partyPage).toHaveURL(`${server.origin}/watch2.html`);
  // No forged message got an answer…
  const replies = await site.evaluate(() => (window as unknown as { replies: { requestId?: string }[] }).replies);
  expect(replies.filter((r) => r.requestId?.startsWith("forged"))).toEqual([]);
  // …nothing opened but the forgers themselves and the site's own join (no party video for them)…
  expect(opened.map((p) => p.url()).filter((url) => !url.startsWith(`${server.origin}/forge.html`))).toEqual([partyPage.url()]);
  // …and the forged token changed nothing.
  await expect(popup.locator('[data-vp="session"]')).toContainText("Careful Carl (guest)");
});
