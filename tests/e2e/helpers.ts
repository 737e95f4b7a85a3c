import { expect, type Page } from "@playwright/test";

let n = 0;
export function uniqueUser(prefix = "e2e") {
  n += 1;
  const username = `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}${n}`.slice(0, 30);
  return { username, email: `${username}@example.test`, password: "e2e-password-123" };
}

export async function openModal(page: Page, mode: "Login" | "Sign Up") {
  await page.getByRole("banner").getByRole("button", { name: mode, exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  return dialog;
}

export async function signUpInModal(page: Page, user: { username: string; email: string; password: string }, confirm = user.password) {
  const dialog = await openModal(page, "Sign Up");
  await dialog.getByLabel("Username").fill(user.username);
  await dialog.getByLabel("Email").fill(user.email);
  await dialog.getByLabel("Password", { exact: true }).fill(user.password);
  await dialog.getByLabel("Confirm password").fill(confirm);
  await dialog.getByRole("button", { name: "Sign Up" }).click();
  return dialog;
}

/** Creates an account through the API; the page's context keeps the session cookie. */
export async function signUpViaApi(page: Page, user = uniqueUser()) {
  const res = await page.request.post("/api/auth/sign-up/email", {
    data: { email: user.email, password: user.password, name: user.username, username: user.username },
  });
  expect(res.status()).toBe(200);
  return user;
}

export function toast(page: Page, text: string) {
  return page.locator("[data-toast-type]").filter({ hasText: text });
}
