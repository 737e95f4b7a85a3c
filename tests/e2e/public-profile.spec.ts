import { expect, test } from "@playwright/test";
import { signUpViaApi, uniqueUser } from "./helpers";
import { createScheduledPartyViaApi, expectDialog, expectNoSeriousAxeViolations, otherUser, rsvpViaApi } from "./scheduled-party-helpers";

test("a public profile: names, bio, no public links, the two buttons and the host's parties table", async ({ page, browser }) => {
  test.slow(); // three users
  const user = await signUpViaApi(page, uniqueUser("pub"));
  expect((await page.request.patch("/api/v1/users/me", { data: { bio: "Heist movies only." } })).status()).toBe(200);
  const a = await createScheduledPartyViaApi(page.request, { title: "Alpha night", show_movie: "Netflix", description: "First" });
  const b = await createScheduledPartyViaApi(page.request, { title: "Beta night", show_movie: "Disney+" });
  const c = await createScheduledPartyViaApi(page.request, { title: "Gamma night", show_movie: "Netflix" });
  // RSVP counts 2, 0, 1 from two other users.
  for (const prefix of ["fan1", "fan2"]) {
    const fan = await otherUser(browser, prefix);
    await rsvpViaApi(fan.page.request, a.id);
    if (prefix === "fan1") await rsvpViaApi(fan.page.request, c.id);
    await fan.close();
  }
  void b;

  const visitor = await browser.newPage();
  const res = await visitor.goto(`/${user.username}`);
  expect(res?.status()).toBe(200);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(user.username);
  await expect(visitor.getByText(`@${user.username}`)).toBeVisible();
  await expect(visitor.getByText("Heist movies only.")).toBeVisible();
  await expect(visitor.getByText("No public social links")).toBeVisible();
  await expect(visitor.getByRole("img", { name: `${user.username}'s profile picture` })).toBeVisible();
  await expect(visitor.getByRole("link", { name: "Join a Party" })).toHaveAttribute("href", "/parties");
  await expect(visitor.getByRole("link", { name: "View Parties" })).toHaveAttribute("href", "/scheduled-parties");
  await expect(visitor.getByText(user.email)).toHaveCount(0);

  const table = visitor.getByRole("table", { name: `Scheduled Parties by ${user.username}` });
  await expect(table.getByRole("columnheader")).toHaveText(["Title", "Platform", "Description", "RSVPs", "Scheduled For", "Action"]);
  const titles = table.getByRole("rowheader");
  await expect(titles).toHaveText(["Alpha night", "Gamma night", "Beta night"]);
  await visitor.getByRole("combobox", { name: "RSVPs" }).selectOption("Least RSVPs");
  await expect(titles).toHaveText(["Beta night", "Gamma night", "Alpha night"]);
  const filter = visitor.getByRole("combobox", { name: "Platform" });
  await expect(filter.locator("option")).toHaveText(["All Platforms", "Disney+", "Netflix"]);
  await filter.selectOption("Netflix");
  await expect(titles).toHaveText(["Gamma night", "Alpha night"]);

  // Anonymous RSVP → log-in alert.
  const asked = expectDialog(visitor, "Please log in to RSVP to this party.");
  await table.getByRole("button", { name: "RSVP: Gamma night", exact: true }).click();
  await asked;
  await visitor.close();
});

test("RSVP from a public profile: disabled during the request, then RSVP'd and the count reloads", async ({ page, browser }) => {
  const host = await signUpViaApi(page, uniqueUser("pubhost"));
  const party = await createScheduledPartyViaApi(page.request, { title: "Profile RSVP night" });
  const fan = await otherUser(browser, "pubfan");
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  await fan.page.route(`**/api/v1/scheduled-parties/${party.id}/rsvp`, async (route) => {
    await gate;
    await route.continue();
  });
  await fan.page.goto(`/${host.username}`);
  const row = fan.page.getByRole("row").filter({ has: fan.page.getByRole("rowheader", { name: party.title }) });
  const button = row.getByRole("button", { name: `RSVP: ${party.title}`, exact: true });
  await button.click();
  await expect(button).toBeDisabled();
  release();
  await expect(row.getByRole("button", { name: `RSVP'd: ${party.title}` })).toBeDisabled();
  await expect(row.getByTestId("rsvp-count")).toHaveText("1");
  await fan.close();
});

test("an unknown user: the site's 404 page (status 404, its exact texts) and Go Home", async ({ page }) => {
  const res = await page.goto("/nobody_by_this_name_e2e");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "404 - Page Not Found" })).toBeVisible();
  await expect(page.getByText("The page you are looking for does not exist.")).toBeVisible();
  await expect(page.getByText("User not found")).toHaveCount(0);
  await page.getByRole("link", { name: "Go Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("real routes are not shadowed by /{username}", async ({ page }) => {
  for (const route of ["/parties", "/scheduled-parties", "/profile", "/about"]) {
    const res = await page.goto(route);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "404 - Page Not Found" })).toHaveCount(0);
  }
});

test("axe: a public profile with a party, and the not-found view", async ({ page }) => {
  const user = await signUpViaApi(page, uniqueUser("axepub"));
  await createScheduledPartyViaApi(page.request, { title: "Axe night" });
  await page.goto(`/${user.username}`);
  await expect(page.getByRole("rowheader", { name: "Axe night" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.goto("/nobody_by_this_name_axe");
  await expectNoSeriousAxeViolations(page);
});

test("the owner's colours reach buttons, links, headings and card edges on /profile and the public page, kept readable", async ({ page, browser }) => {
  const user = await signUpViaApi(page, uniqueUser("hue"));
  // An orange that reads on the dark cards as it is, and a text colour too dark to read there.
  expect((await page.request.patch("/api/v1/users/me", { data: { accent_color: "#ff8800", text_color: "#23272b" } })).status()).toBe(200);
  const ORANGE = "rgb(255, 136, 0)";
  const css = (locator: import("@playwright/test").Locator, property: string) => locator.evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), property);

  await page.goto("/profile");
  const colors = page.getByRole("region", { name: "Colors" });
  await expect(colors).toBeVisible();
  expect(await css(colors, "border-left-color")).toBe(ORANGE);
  expect(await css(page.getByRole("navigation", { name: "Profile sections" }).getByRole("link", { name: "Parties" }), "color")).toBe(ORANGE);
  // #23272b mixed with white in its own hue until it reaches 4.5:1 on the cards: #919395.
  const READABLE_TEXT = "rgb(145, 147, 149)";
  expect(await css(page.getByRole("heading", { level: 1, name: "Profile" }), "color")).toBe(READABLE_TEXT);
  expect(await css(colors.getByRole("heading", { name: "Colors" }), "color")).toBe(READABLE_TEXT);

  const visitor = await browser.newPage();
  await visitor.goto(`/${user.username}`);
  const join = visitor.getByRole("link", { name: "Join a Party" });
  expect(await css(join, "background-color")).toBe(ORANGE);
  expect(await css(join, "color")).toBe("rgb(2, 6, 23)"); // dark ink on a light fill
  expect(await css(visitor.getByRole("heading", { level: 1 }), "color")).toBe(READABLE_TEXT);
  expect(await css(visitor.getByRole("heading", { name: `Scheduled Parties by ${user.username}` }), "color")).toBe(READABLE_TEXT);
  await visitor.close();
});
