/**
 * Playwright helpers for the OAuth specs. They run against the second web server of
 * playwright.config.ts: the app with Google, Twitch and Kick pointed at the OpenID Connect stand-in.
 */
import { expect, type Page } from "@playwright/test";
import { OAUTH_APP_PORT, OIDC_STAND_IN_PORT } from "../../playwright.config";

export const OAUTH_APP_URL = `http://localhost:${OAUTH_APP_PORT}`;
export const STAND_IN_URL = `http://127.0.0.1:${OIDC_STAND_IN_PORT}`;

let n = 0;
/** A provider account id unique to this run and worker. */
export function providerAccount(prefix: string): string {
  n += 1;
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}${n}`;
}

export async function standInControl(name: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${STAND_IN_URL}/__control/${name}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`stand-in control ${name} answered ${res.status}`);
  return res.json();
}

export async function openLoginModal(page: Page) {
  await page.getByRole("banner").getByRole("button", { name: "Login", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Clicks a provider in the auth modal and returns the popup it opens (on the provider's login page). */
export async function openProviderPopup(page: Page, label: "Google" | "Twitch" | "Kick") {
  const dialog = await openLoginModal(page);
  const [popup] = await Promise.all([page.waitForEvent("popup"), dialog.getByRole("button", { name: label, exact: true }).click()]);
  await expect(popup.getByRole("heading", { name: "Stand-in sign-in" })).toBeVisible();
  return { dialog, popup };
}

/** The whole popup sign-in: provider login page → back to the app → popup closes. */
export async function signInWithPopup(page: Page, label: "Google" | "Twitch" | "Kick", account: string) {
  const { popup } = await openProviderPopup(page, label);
  await popup.getByRole("textbox", { name: "Account" }).fill(account);
  await Promise.all([popup.waitForEvent("close"), popup.getByRole("button", { name: "Sign in" }).click()]);
}

export async function logout(page: Page) {
  await page.getByTestId("header-user-name").click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page.getByRole("banner").getByRole("button", { name: "Login", exact: true })).toBeVisible();
}

/** The signed-in user as the API sees it, using the bearer the page stored (`jwt`). */
export async function meByStoredBearer(page: Page): Promise<{ status: number; id?: string; provider_id?: string }> {
  const token = await page.evaluate(() => window.localStorage.getItem("jwt"));
  if (!token) return { status: 0 };
  const res = await fetch(`${OAUTH_APP_URL}/api/v1/users/me`, { headers: { Authorization: `Bearer ${token}` } });
  return { status: res.status, ...(res.ok ? ((await res.json()) as { id: string; provider_id: string }) : {}) };
}
