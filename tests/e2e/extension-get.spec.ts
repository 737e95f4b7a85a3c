/** "Start Watching" without a store page goes to /get-extension, which offers the built extension as a zip. */
import { expect, test } from "@playwright/test";

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
