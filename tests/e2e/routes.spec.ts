import { expect, test } from "@playwright/test";
import { signUpViaApi, uniqueUser } from "./helpers";

/** Every route of the spec's route table (§2) except /{username}, which needs a user. */
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
