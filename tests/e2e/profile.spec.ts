import { expect, test } from "@playwright/test";
import { signUpViaApi, uniqueUser } from "./helpers";
import { createScheduledPartyViaApi, expectDialog, expectNoSeriousAxeViolations, otherUser, rsvpViaApi } from "./scheduled-party-helpers";

test("anonymous visitors get a sign-in prompt", async ({ page }) => {
  await page.goto("/profile");
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("button", { name: "Login" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("button", { name: "Sign Up" })).toBeVisible();
});

test("a new profile shows every section with the spec's empty texts", async ({ page, context }) => {
  const user = await signUpViaApi(page, uniqueUser("fresh"));
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/profile");
  await expect(page.getByTestId("profile-display-name")).toHaveText(user.username);
  await expect(page.getByText(user.email)).toBeVisible();
  await expect(page.getByRole("radio", { name: "Default" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Twitch" })).toBeDisabled();
  await expect(page.getByRole("radio", { name: "YouTube" })).toBeDisabled();
  await expect(page.getByTestId("bio")).toHaveText("No bio set.");
  await expect(page.getByText("No joined parties yet.")).toBeVisible();
  await expect(page.getByText("Not currently in a party")).toBeVisible();
  await expect(page.getByText("You haven't RSVP'd to any parties yet.")).toBeVisible();
  await expect(page.getByText("No scheduled parties found.")).toBeVisible();
  await expect(page.getByRole("switch", { name: /Profile visibility/ })).toHaveAttribute("aria-checked", "false");
  await expect(page.getByTestId("privacy-state")).toHaveText("Public");
  // Edit Info and Link/Unlink Providers stay on the page.
  await expect(page.getByRole("heading", { name: "Edit Info" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Link/Unlink Providers" })).toBeVisible();

  // Profile URL with Copy → "Copied!", then back to "Copy".
  const url = page.getByRole("textbox", { name: "Profile URL" });
  await expect(url).toHaveValue(new RegExp(`/${user.username}$`));
  await page.getByRole("button", { name: "Copy", exact: true }).click();
  await expect(page.getByRole("button", { name: "Copied!" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await url.inputValue());
  await expect(page.getByRole("button", { name: "Copy", exact: true })).toBeVisible();
});

test("bio: inline edit with a counter; cancel restores; over 300 refused with the spec's text; saved bio survives a reload", async ({ page }) => {
  await signUpViaApi(page, uniqueUser("bio"));
  await page.goto("/profile");
  const bio = page.getByRole("region", { name: "Bio" });
  await bio.getByRole("button", { name: "Edit bio" }).click();
  const box = bio.getByRole("textbox", { name: "Bio" });
  await expect(bio.getByText("0/300")).toBeVisible();
  await box.fill("Draft I will throw away");
  await expect(bio.getByText("23/300")).toBeVisible();
  await bio.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("bio")).toHaveText("No bio set.");

  await bio.getByRole("button", { name: "Edit bio" }).click();
  await expect(box).toHaveAttribute("maxlength", "300");
  // Past the input's own limit (as a script or an old browser could), the server refuses it.
  await box.evaluate((el) => el.removeAttribute("maxlength"));
  await box.fill("x".repeat(301));
  await expect(bio.getByText("301/300")).toBeVisible();
  await bio.getByRole("button", { name: "Save" }).click();
  await expect(bio.getByRole("alert")).toHaveText("Failed to update bio. Bio must be at most 300 characters.");

  await box.fill("Film buff. Friday nights are for heist movies.");
  await bio.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("bio")).toHaveText("Film buff. Friday nights are for heist movies.");
  await page.reload();
  await expect(page.getByTestId("bio")).toHaveText("Film buff. Friday nights are for heist movies.");
});

test("colours: defaults, Save Colors persists to the account and to storage, across a reload", async ({ page }) => {
  await signUpViaApi(page, uniqueUser("colors"));
  await page.goto("/profile");
  const accent = page.getByLabel("Accent color");
  const text = page.getByLabel("Text color");
  await expect(accent).toHaveValue("#66fcf1");
  await expect(text).toHaveValue("#cfd8dc");
  await accent.fill("#ff8800");
  await text.fill("#eeeeee");
  await page.getByRole("button", { name: "Save Colors" }).click();
  await expect(page.getByText("Colors saved.")).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem("vp_accent_color"), localStorage.getItem("vp_profile_text_color")])).toEqual(["#ff8800", "#eeeeee"]);

  await page.evaluate(() => localStorage.clear()); // the account alone must bring them back
  await page.reload();
  await expect(page.getByLabel("Accent color")).toHaveValue("#ff8800");
  await expect(page.getByLabel("Text color")).toHaveValue("#eeeeee");
});

test("social links and privacy: private links stay hidden; a private profile shows others the not-found view", async ({ page, browser }) => {
  const user = await signUpViaApi(page, uniqueUser("social"));
  await page.goto("/profile");
  const social = page.getByRole("region", { name: "Social Links" });
  await social.getByRole("button", { name: "Edit social links" }).click();
  await social.getByLabel("X username").fill("filmfan");
  await social.getByLabel("TikTok username").fill("@filmfan.clips");
  await social.getByLabel("Instagram username").fill("secretgram");
  await social.getByRole("checkbox", { name: "Private Instagram" }).check();
  await social.getByRole("button", { name: "Save" }).click();
  await expect(social.getByRole("link", { name: "filmfan", exact: true })).toHaveAttribute("href", "https://x.com/filmfan");
  await expect(social.getByRole("link", { name: "filmfan.clips" })).toHaveAttribute("href", "https://tiktok.com/@filmfan.clips");
  await expect(social.getByText("(private)")).toHaveCount(1);

  const visitor = await otherUser(browser, "visitor");
  await visitor.page.goto(`/${user.username}`);
  const links = visitor.page.getByRole("region", { name: "Social Links" });
  await expect(links.getByRole("link", { name: "filmfan", exact: true })).toHaveAttribute("href", "https://x.com/filmfan");
  await expect(links).not.toContainText("secretgram");

  // Private: others get the same 404 page as for a name nobody has (so names cannot be probed); the owner still sees the page.
  await page.getByRole("switch", { name: /Profile visibility/ }).click();
  await expect(page.getByTestId("privacy-state")).toHaveText("Private");
  await expect(page.getByRole("switch", { name: /Profile visibility/ })).toHaveAttribute("aria-checked", "true");
  const res = await visitor.page.goto(`/${user.username}`);
  expect(res?.status()).toBe(404);
  await expect(visitor.page.getByRole("heading", { level: 1, name: "404 - Page Not Found" })).toBeVisible();
  await expect(visitor.page.getByText("The page you are looking for does not exist.")).toBeVisible();
  await expect(visitor.page.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
  await visitor.close();
  const own = await page.goto(`/${user.username}`);
  expect(own?.status()).toBe(200);
  await expect(page.getByText("Your profile is private: only you can see this page.")).toBeVisible();

  // And back to public.
  await page.goto("/profile");
  await page.getByRole("switch", { name: /Profile visibility/ }).click();
  await expect(page.getByTestId("privacy-state")).toHaveText("Public");
});

test("RSVP lists: an upcoming party is under RSVP'd Parties only (Joined lists past ones); un-RSVP after confirmation", async ({ page, browser }) => {
  await signUpViaApi(page, uniqueUser("joiner"));
  const host = await otherUser(browser, "listhost");
  const party = await createScheduledPartyViaApi(host.page.request, { title: `Listed ${Date.now().toString(36)}` });
  await host.close();
  await rsvpViaApi(page.request, party.id);

  await page.goto("/profile");
  const rsvpd = page.getByRole("region", { name: "RSVP'd Parties" });
  await expect(rsvpd.getByText(party.title)).toBeVisible();
  const joined = page.getByRole("region", { name: "Joined Scheduled Parties" });
  await expect(joined.getByText("No joined parties yet.")).toBeVisible();
  await expect(joined.getByText(party.title)).toHaveCount(0);
  const asked = expectDialog(page, "Are you sure you want to un-RSVP from this party?");
  await rsvpd.getByRole("button", { name: `Un-RSVP: ${party.title}` }).click();
  await asked;
  await expect(rsvpd.getByText("You haven't RSVP'd to any parties yet.")).toBeVisible();
  await expect(page.getByText("No joined parties yet.")).toBeVisible();
});

test("Current Party card: the live party you host, and leaving it after confirmation", async ({ page }) => {
  await signUpViaApi(page, uniqueUser("livehost"));
  const created = await page.request.post("/api/v1/parties", {
    data: { video_url: "https://www.netflix.com/watch/80100172", video_title: "Heat" },
  });
  expect(created.status()).toBe(201);
  await page.goto("/profile");
  const card = page.getByRole("region", { name: "Current Party" });
  await expect(card.getByTestId("current-party")).toContainText("Heat");
  await expect(card).toContainText("Netflix");
  await expect(card).toContainText("Host");
  const asked = expectDialog(page, "Leave this party?");
  await card.getByRole("button", { name: "Leave Party" }).click();
  await asked;
  await expect(card.getByText("Not currently in a party")).toBeVisible();
});

test("axe: the signed-in profile, with the create form open", async ({ page }) => {
  await signUpViaApi(page, uniqueUser("axeprofile"));
  await page.goto("/profile");
  await expect(page.getByText("No scheduled parties found.")).toBeVisible();
  await page.getByRole("button", { name: "Create New Party" }).click();
  await expectNoSeriousAxeViolations(page);
});
