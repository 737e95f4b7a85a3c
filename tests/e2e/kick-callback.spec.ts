import { expect, test, type Page } from "@playwright/test";
import { toast } from "./helpers";
import { OAUTH_APP_URL, openProviderPopup } from "../support/e2e-oauth";

/**
 * The Kick callback page: its checks and exact texts, shown on the page and sent
 * to the opener (which shows them in the auth modal), on both spellings of the route.
 */
test.use({ baseURL: OAUTH_APP_URL });
// Two popup sign-ins and a logout in one test: allow for a busy machine (an upper bound, not a measure).
test.describe.configure({ timeout: 90_000 });

const INVALID = "Error: Invalid state or code. Please try logging in again.";
const NO_VERIFIER = "Error: Code verifier missing. Please try logging in again.";

/** Stores an attempt in sessionStorage before the page's own scripts run. */
async function storeAttempt(page: Page, attempt: { state?: string; verifier?: string }) {
  await page.addInitScript((a) => {
    if (a.state) sessionStorage.setItem("kick_oauth_state", a.state);
    if (a.verifier) sessionStorage.setItem("kick_code_verifier", a.verifier);
  }, attempt);
}

const stored = (page: Page) =>
  page.evaluate(() => [sessionStorage.getItem("kick_oauth_state"), sessionStorage.getItem("kick_code_verifier")]);

test.describe("opened directly (no opener)", () => {
  test("a wrong state shows the invalid state text and removes the stored attempt", async ({ page }) => {
    await storeAttempt(page, { state: "expected-state-value", verifier: "v".repeat(64) });
    await page.goto("/auth/kick/callback?code=abc&state=another-state");
    await expect(page.getByRole("status")).toHaveText(INVALID);
    expect(await stored(page)).toEqual([null, null]);
  });

  test("a missing code shows the invalid state text", async ({ page }) => {
    await storeAttempt(page, { state: "s-1234567890", verifier: "v".repeat(64) });
    await page.goto("/kick-auth-callback?state=s-1234567890");
    await expect(page.getByRole("status")).toHaveText(INVALID);
  });

  test("a missing verifier shows the verifier text (second spelling of the route)", async ({ page }) => {
    await storeAttempt(page, { state: "s-1234567890" });
    await page.goto("/kick-auth-callback?code=abc&state=s-1234567890");
    await expect(page.getByRole("status")).toHaveText(NO_VERIFIER);
    expect(await stored(page)).toEqual([null, null]);
  });

  test("a provider error shows 'Could not sign you in with Kick.' with the provider's text", async ({ page }) => {
    await storeAttempt(page, { state: "s-1234567890", verifier: "v".repeat(64) });
    await page.goto("/auth/kick/callback?error=access_denied&error_description=Nope%2C%20not%20today.&state=s-1234567890");
    await expect(page.getByRole("status")).toHaveText("Error: Could not sign you in with Kick. Nope, not today.");
  });

  test("a code the server cannot exchange shows the server's text", async ({ page }) => {
    await storeAttempt(page, { state: "s-1234567890", verifier: "v".repeat(64) });
    await page.goto("/auth/kick/callback?code=made-up-code&state=s-1234567890");
    await expect(page.getByRole("status")).toHaveText(
      "Error: Could not sign you in with Kick. Kick did not accept the sign-in code. Please try logging in again.",
    );
  });
});

/**
 * Navigates the popup from its own script, as the provider's redirect would. (Playwright's goto is
 * a browser-initiated navigation, and Chromium cuts `window.opener` on those between sites.)
 */
async function popupNavigate(popup: Page, url: string) {
  await popup.evaluate((target) => {
    window.location.href = target;
  }, url);
}

test.describe("in the popup, the opener is notified", () => {
  async function expectOpenerShows(page: Page, text: string) {
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("alert")).toHaveText(text);
    await expect(toast(page, text)).toBeVisible();
    await expect(page.getByRole("banner").getByRole("button", { name: "Login", exact: true })).toBeVisible();
  }

  test("wrong state: the popup reports it and closes; messages from elsewhere are ignored", async ({ page }) => {
    const exchanges: string[] = [];
    page.on("request", (req) => {
      if (req.url().includes("/api/v1/auth/token-exchange")) exchanges.push(req.url());
    });
    await page.goto("/");
    const { popup } = await openProviderPopup(page, "Kick");
    // A message that is not from the popup (here: the page to itself) must not count as a sign-in.
    await page.evaluate(() => window.postMessage({ type: "kickAuthSuccess", token: "forged" }, "*"));
    await Promise.all([popup.waitForEvent("close"), popupNavigate(popup, `${OAUTH_APP_URL}/auth/kick/callback?code=abc&state=not-the-state`)]);
    await expectOpenerShows(page, INVALID);
    expect(exchanges).toEqual([]);
  });

  test("missing verifier: the popup reports it and closes", async ({ page }) => {
    await page.goto("/");
    const { popup } = await openProviderPopup(page, "Kick");
    // Back on the site's origin, the popup holds the attempt it inherited from the opener.
    await popupNavigate(popup, `${OAUTH_APP_URL}/about`);
    await popup.waitForURL(`${OAUTH_APP_URL}/about`);
    const state = await popup.evaluate(() => {
      sessionStorage.removeItem("kick_code_verifier");
      return sessionStorage.getItem("kick_oauth_state");
    });
    expect(state).toBeTruthy();
    await Promise.all([popup.waitForEvent("close"), popupNavigate(popup, `${OAUTH_APP_URL}/kick-auth-callback?code=abc&state=${state}`)]);
    await expectOpenerShows(page, NO_VERIFIER);
  });

  test("provider error: cancelling on Kick's page is reported to the opener", async ({ page }) => {
    await page.goto("/");
    const { popup } = await openProviderPopup(page, "Kick");
    await Promise.all([popup.waitForEvent("close"), popup.getByRole("button", { name: "Cancel" }).click()]);
    await expectOpenerShows(page, "Error: Could not sign you in with Kick. The user cancelled the sign-in.");
  });
});
