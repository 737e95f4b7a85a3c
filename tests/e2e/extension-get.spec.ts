/** "Start Watching" without a store page goes to /get-extension, which offers the built extension as a zip. */
import { expect, test } from "@playwright/test";
import { smallTapTargets } from "./tap-targets";

test("Start Watching → /get-extension → download the Chrome build (a zip holding manifest.json)", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: /Start Watching/ }).click();
  await expect(page).toHaveURL(/\/get-extension$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Get the ViewParty extension");
  await expect(page.getByText("chrome://extensions")).toBeVisible();
  await expect(page.getByText("about:debugging#/runtime/this-firefox")).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: /Download for Chrome and Edge/ }).click()]);
  expect(download.suggestedFilename()).toBe("viewparty-extension-chrome.zip");
  const res = await page.request.get("/get-extension/download/chrome");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("application/zip");
  const body = await res.body();
  expect(body.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  expect(body.includes(Buffer.from("viewparty-extension-chrome/manifest.json"))).toBe(true);
  expect((await page.request.get("/get-extension/download/safari")).status()).toBe(404);
});

const IPHONE_SAFARI = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const FIREFOX_DESKTOP = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

test("on a phone, /get-extension says the extension is for desktop browsers and points at the parties that play in the browser", async ({ browser }) => {
  const context = await browser.newContext({ userAgent: IPHONE_SAFARI, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto("/get-extension");
  const notice = page.getByTestId("phone-notice");
  await expect(notice).toContainText("The extension is for desktop browsers — YouTube and TikTok parties play right here in the browser.");
  // The download buttons fit the phone's cards and every target on the page is big enough to tap.
  for (const card of await page.locator("[data-testid^=extension-card-]").all()) {
    const [cardBox, buttonBox] = [await card.boundingBox(), await card.getByRole("link", { name: /^Download for/ }).boundingBox()];
    expect(buttonBox!.x + buttonBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);
  }
  expect(await smallTapTargets(page, "main")).toEqual([]);
  await notice.getByRole("link", { name: "See live parties" }).click();
  await expect(page).toHaveURL(/\/parties$/);
  await context.close();
});

test("/get-extension opens on the visitor's browser: Firefox first, marked, with its exact steps; no browser without a build is offered", async ({ browser }) => {
  const context = await browser.newContext({ userAgent: FIREFOX_DESKTOP });
  const page = await context.newPage();
  await page.goto("/get-extension");
  const cards = page.locator("[data-testid^=extension-card-]");
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toHaveAttribute("data-testid", "extension-card-firefox");
  await expect(cards.first()).toContainText("Your browser: Firefox");
  await expect(cards.first()).toContainText("about:debugging#/runtime/this-firefox");
  await expect(cards.first().getByRole("link", { name: /Download for Firefox/ })).toBeVisible();
  await expect(page.getByTestId("phone-notice")).toHaveCount(0);
  // Safari has no build: the page neither names it nor tells anyone to build one.
  await expect(page.locator("main")).not.toContainText("Safari");
  await expect(page.locator("main")).not.toContainText(/npm |xcrun|build:extension/);
  await context.close();
});

const SAFARI_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15";

test("a desktop browser the extension is not built for is told which ones to open the page in, and still sees both downloads", async ({ browser }) => {
  const context = await browser.newContext({ userAgent: SAFARI_MAC });
  const page = await context.newPage();
  await page.goto("/get-extension");
  await expect(page.getByTestId("unsupported-browser")).toHaveText("This browser can't run the ViewParty extension. Open this page in Chrome, Edge or Firefox on your computer.");
  await expect(page.getByText(/Your browser:/)).toHaveCount(0);
  await expect(page.getByRole("link", { name: /Download for Chrome and Edge/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /Download for Firefox/ })).toBeVisible();
  await context.close();
});
