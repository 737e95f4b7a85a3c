import { expect, test, type Page } from "@playwright/test";
import { toast } from "./helpers";
import {
  logout,
  meByStoredBearer,
  OAUTH_APP_URL,
  openLoginModal,
  providerAccount,
  signInWithPopup,
  STAND_IN_URL,
  standInControl,
} from "../support/e2e-oauth";

/** Google, Twitch and Kick sign-in in popups, against the app whose providers are the local stand-in. */
test.use({ baseURL: OAUTH_APP_URL });
// Two popup sign-ins and a logout in one test: allow for a busy machine (an upper bound, not a measure).
test.describe.configure({ timeout: 90_000 });

const PROVIDERS = [
  { label: "Google", id: "google", claims: (name: string) => ({ name }) },
  { label: "Twitch", id: "twitch", claims: (name: string) => ({ preferred_username: name }) },
  { label: "Kick", id: "kick", claims: (name: string) => ({ preferred_username: name }) },
] as const;

/** The header may show the user a moment before the token exchange has stored the bearer. */
async function signedInUser(page: Page) {
  await expect.poll(async () => (await meByStoredBearer(page)).status).toBe(200);
  return meByStoredBearer(page);
}

for (const provider of PROVIDERS) {
  test(`sign in with ${provider.label} in a popup; sign out and back in finds the same user`, async ({ page }) => {
    const account = providerAccount(provider.id);
    const name = `${provider.label}Fan${account.slice(-6)}`;
    await standInControl("accounts", { id: account, claims: provider.claims(name) });

    await page.goto("/");
    await signInWithPopup(page, provider.label, account);
    await expect(toast(page, "Logged in successfully!")).toBeVisible();
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(page.getByTestId("header-user-name")).toHaveText(name);
    const twitchIcon = page.getByRole("banner").getByRole("img", { name: "Signed in with Twitch" });
    if (provider.id === "twitch") await expect(twitchIcon).toBeVisible();
    else await expect(twitchIcon).toHaveCount(0);

    // The backend token was stored and works on /api/v1.
    const first = await signedInUser(page);
    expect(first.provider_id).toBe(provider.id);
    const tokenBefore = await page.evaluate(() => window.localStorage.getItem("jwt"));

    await logout(page);
    expect(await page.evaluate(() => window.localStorage.getItem("jwt"))).toBeNull();
    // Logging out revoked that token.
    const revoked = await fetch(`${OAUTH_APP_URL}/api/v1/users/me`, { headers: { Authorization: `Bearer ${tokenBefore}` } });
    expect(revoked.status).toBe(401);

    await signInWithPopup(page, provider.label, account);
    await expect(page.getByTestId("header-user-name")).toHaveText(name);
    expect((await signedInUser(page)).id).toBe(first.id);
  });
}

for (const label of ["Google", "Kick"] as const) {
  test(`a blocked ${label} popup shows "Popup blocked"`, async ({ page }) => {
    // What a browser's popup blocker does to window.open.
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await page.goto("/");
    const dialog = await openLoginModal(page);
    await dialog.getByRole("button", { name: label, exact: true }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Popup blocked");
    await expect(toast(page, "Popup blocked")).toBeVisible();
    await expect(dialog.getByRole("button", { name: label, exact: true })).toBeEnabled();
  });
}

test('a cancelled Google login says "Google login failed"', async ({ page }) => {
  await page.goto("/");
  const dialog = await openLoginModal(page);
  const [popup] = await Promise.all([page.waitForEvent("popup"), dialog.getByRole("button", { name: "Google", exact: true }).click()]);
  await Promise.all([popup.waitForEvent("close"), popup.getByRole("button", { name: "Cancel" }).click()]);
  await expect(dialog.getByRole("alert")).toContainText("Google login failed");
  await expect(dialog.getByRole("alert")).toContainText("Google sign-in was cancelled.");
  await expect(toast(page, "Google login failed")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("button", { name: "Login", exact: true })).toBeVisible();
});

test("profile: Twitch info from the server (Live, player for this host), no Twitch calls from the browser", async ({ page }) => {
  const account = providerAccount("live");
  const login = `live_${account.slice(-8)}`.toLowerCase();
  await standInControl("accounts", { id: account, claims: { preferred_username: login } });
  await standInControl("twitch/stream", { login, live: true });
  const browserRequests: string[] = [];
  page.on("request", (req) => browserRequests.push(req.url()));

  await page.goto("/");
  await signInWithPopup(page, "Twitch", account);
  await page.goto("/profile");
  const box = page.getByRole("region", { name: "Twitch" });
  await expect(box.getByTestId("twitch-live-status")).toHaveText("Live");
  await expect(box.getByTestId("twitch-display-name")).toHaveText(login);
  const player = box.locator("iframe");
  await expect(player).toHaveAttribute("src", `https://player.twitch.tv/?channel=${login}&parent=localhost&muted=true`);
  await expect(player).toHaveAttribute("height", "300");
  expect(browserRequests.filter((url) => url.includes("/helix") || url.startsWith(STAND_IN_URL) || url.includes("api.twitch.tv"))).toEqual([]);
});

test("profile: link and unlink Google, edit info with a taken username refused", async ({ page }) => {
  const taken = `taken_${providerAccount("u").slice(-10)}`.toLowerCase();
  await page.request.post("/api/auth/sign-up/email", {
    data: { email: `${taken}@example.test`, password: "e2e-password-123", name: taken, username: taken },
  });
  await page.context().clearCookies();
  const me = `me_${providerAccount("u").slice(-10)}`.toLowerCase();
  await page.request.post("/api/auth/sign-up/email", {
    data: { email: `${me}@example.test`, password: "e2e-password-123", name: me, username: me },
  });
  const google = providerAccount("link");

  await page.goto("/profile");
  const providers = page.getByRole("region", { name: "Link/Unlink Providers" });
  await providers.getByRole("button", { name: "Link Google" }).click();
  await expect(page.getByRole("heading", { name: "Stand-in sign-in" })).toBeVisible();
  await page.getByRole("textbox", { name: "Account" }).fill(google);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(providers.getByRole("status")).toHaveText("Google linked.");
  await expect(providers.getByTestId("provider-google")).toContainText("Linked");

  await providers.getByRole("button", { name: "Unlink Google" }).click();
  await expect(providers.getByRole("status")).toHaveText("Google unlinked.");
  await expect(providers.getByRole("button", { name: "Link Google" })).toBeVisible();

  const info = page.getByRole("region", { name: "Edit Info" });
  await info.getByLabel("Username").fill(taken);
  await info.getByRole("button", { name: "Save info" }).click();
  await expect(info.getByRole("alert")).toHaveText("Username is already taken. Please try another.");
  await info.getByLabel("Username").fill(me);
  await info.getByLabel("Display name").fill("Renamed In E2E");
  await info.getByRole("button", { name: "Save info" }).click();
  await expect(info.getByRole("status")).toHaveText("Saved.");
  await expect(page.getByTestId("header-user-name")).toHaveText("Renamed In E2E");
});

test("/extension-auth in another mode than viewparty starts Twitch login and returns to the extension flow", async ({ page }) => {
  const account = providerAccount("ext");
  const name = `ExtStreamer${account.slice(-6)}`;
  await standInControl("accounts", { id: account, claims: { preferred_username: name } });

  await page.goto("/extension-auth?mode=twitch&keepOpen=1");
  await expect(page.getByRole("heading", { name: "Stand-in sign-in" })).toBeVisible();
  await expect(page.getByText("vp-twitch-client")).toBeVisible();
  await page.getByRole("textbox", { name: "Account" }).fill(account);
  await page.getByRole("button", { name: "Sign in" }).click();

  await expect(page).toHaveURL(`${OAUTH_APP_URL}/extension-auth?mode=viewparty&keepOpen=1`);
  await expect(page.getByTestId("header-user-name")).toHaveText(name);
  await expect(page.getByRole("banner").getByRole("img", { name: "Signed in with Twitch" })).toBeVisible();
});
