import { expect, test } from "@playwright/test";
import { openModal, signUpInModal, toast, uniqueUser } from "./helpers";

test("sign up in the modal, log out, log in by username and by e-mail", async ({ page }) => {
  const user = uniqueUser("flow");
  await page.goto("/");
  const dialog = await signUpInModal(page, user);
  await expect(toast(page, "Account created!")).toBeVisible();
  await expect(dialog).toBeHidden(); // closes itself once signed in
  const name = page.getByTestId("header-user-name");
  await expect(name).toHaveText(user.username);

  // The dropdown holds Profile and Logout.
  await name.click();
  await expect(page.getByRole("menuitem", { name: "Profile" })).toBeVisible();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(toast(page, "Logged out successfully!")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("button", { name: "Login", exact: true })).toBeVisible();

  // Login by username.
  let login = await openModal(page, "Login");
  await login.getByLabel("Username or e-mail").fill(user.username);
  await login.getByLabel("Password", { exact: true }).fill(user.password);
  await login.getByRole("button", { name: "Login", exact: true }).click();
  await expect(toast(page, "Logged in successfully!")).toBeVisible();
  await expect(name).toHaveText(user.username);

  // The session survives a reload.
  await page.reload();
  await expect(page.getByTestId("header-user-name")).toHaveText(user.username);
  await page.getByTestId("header-user-name").click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page.getByRole("banner").getByRole("button", { name: "Login", exact: true })).toBeVisible();

  // Login by e-mail.
  login = await openModal(page, "Login");
  await login.getByLabel("Username or e-mail").fill(user.email);
  await login.getByLabel("Password", { exact: true }).fill(user.password);
  await login.getByRole("button", { name: "Login", exact: true }).click();
  await expect(toast(page, "Logged in successfully!")).toBeVisible();
  await expect(page.getByTestId("header-user-name")).toHaveText(user.username);
});

test("mismatched passwords show the spec's message and create no account", async ({ page }) => {
  const user = uniqueUser("mismatch");
  await page.goto("/");
  const dialog = await signUpInModal(page, user, `${user.password}-different`);
  await expect(dialog.getByRole("alert")).toHaveText("Passwords do not match.");
  await expect(toast(page, "Passwords do not match.")).toBeVisible();
  const res = await page.request.post("/api/auth/sign-in/username", {
    data: { username: user.username, password: user.password },
  });
  expect(res.status()).toBe(401);
});

test("a duplicate e-mail is refused with a clear message", async ({ page }) => {
  const first = uniqueUser("dupe");
  await page.request.post("/api/auth/sign-up/email", {
    data: { email: first.email, password: first.password, name: first.username, username: first.username },
  });
  await page.context().clearCookies();
  await page.goto("/");
  const second = { ...uniqueUser("dupe2"), email: first.email };
  const dialog = await signUpInModal(page, second);
  await expect(toast(page, "Signup failed: User already exists. Use another email.")).toBeVisible();
  await expect(dialog.getByRole("alert")).toHaveText("User already exists. Use another email.");
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign Up", exact: true })).toBeVisible();
});

test("a wrong password shows 'Login failed: …' and keeps the visitor signed out", async ({ page }) => {
  await page.goto("/");
  const dialog = await openModal(page, "Login");
  await dialog.getByLabel("Username or e-mail").fill("nobody_here_at_all");
  await dialog.getByLabel("Password", { exact: true }).fill("whatever-password");
  await dialog.getByRole("button", { name: "Login", exact: true }).click();
  await expect(toast(page, "Login failed: Invalid username or password")).toBeVisible();
});

test("the modal is keyboard operable: Escape closes it and its fields reset", async ({ page }) => {
  await page.goto("/");
  const dialog = await openModal(page, "Login");
  await expect(dialog.getByLabel("Username or e-mail")).toBeFocused();
  await dialog.getByLabel("Username or e-mail").fill("typed");
  // Focus stays inside the dialog while tabbing.
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  const reopened = await openModal(page, "Login");
  await expect(reopened.getByLabel("Username or e-mail")).toHaveValue("");
  // Switching modes from the modal's own link.
  await reopened.getByRole("button", { name: "Sign up" }).click();
  await expect(reopened.getByLabel("Confirm password")).toBeVisible();
  await expect(reopened.getByText("Google")).toBeVisible();
  await expect(reopened.getByRole("button", { name: /Kick/ })).toBeDisabled();
});
