/**
 * Rooms as a newcomer meets them: from /profile's "Your Rooms", create a members-only room at your
 * username's address; it opens; the invite link lets a friend read and join it; a stale link explains
 * itself; a stranger without it is told the room is for members. The room page at 390×844: nothing
 * overflows, every control is a full tap target.
 */
import { expect, test } from "@playwright/test";
import { signUpViaApi, toast, uniqueUser } from "./helpers";
import { expectNoSeriousAxeViolations } from "./scheduled-party-helpers";
import { smallTapTargets } from "./tap-targets";

test("create a members-only room from the profile, share its invite link, a friend joins; without the link a stranger is kept out", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const owner = await signUpViaApi(page, uniqueUser("Roomy"));
  const slug = owner.username.toLowerCase().replace(/_/g, "-");
  await page.goto("/profile");
  const section = page.getByRole("region", { name: "Your Rooms" });
  await expect(section.getByText("You have no rooms yet.", { exact: false })).toBeVisible();
  await section.getByRole("button", { name: "Create a room" }).click();
  const form = section.getByRole("form", { name: "Create a room" });
  await expect(form.getByText(`Leave it empty for /r/${slug}.`, { exact: false })).toBeVisible();
  // A reserved address is refused under its field before anything is sent.
  await form.getByLabel("Address").fill("parties");
  await form.getByRole("button", { name: "Create room" }).click();
  await expect(form.getByText("That address is reserved for the site. Please pick another.").first()).toBeVisible();
  await form.getByLabel("Address").fill("");
  await form.getByLabel("Title").fill("Roomy's film club");
  await form.getByLabel("Who can come in").selectOption("members");
  await form.getByLabel("Description").fill("Films on Fridays.\nBring snacks.");
  await form.getByRole("button", { name: "Create room" }).click();

  await expect(page).toHaveURL(new RegExp(`/r/${slug}$`));
  await expect(toast(page, `Room created: /r/${slug}`)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Roomy's film club" })).toBeVisible();
  await expect(page.getByText(`/r/${slug}`, { exact: true })).toBeVisible();
  await expect(page.getByText("Members only · 1 member · run by", { exact: false })).toBeVisible();
  await expect(page.getByText("You are the owner of this room.")).toBeVisible();
  const invite = await page.getByRole("textbox", { name: "Invite link" }).inputValue();
  expect(invite).toMatch(new RegExp(`/r/${slug}\\?code=\\w{12}$`));
  await expectNoSeriousAxeViolations(page);

  // Back on the profile, the room is listed with the owner's role.
  await page.goto("/profile");
  const row = page.getByTestId("my-room-row");
  await expect(row).toContainText("Roomy's film club");
  await expect(row).toContainText("Owner");
  await expect(row).toContainText("Members only");

  const friendContext = await browser.newContext();
  const friend = await friendContext.newPage();
  await signUpViaApi(friend, uniqueUser("friend"));
  await friend.goto(`/r/${slug}`);
  await expect(friend.getByRole("heading", { level: 1, name: "Members-only room" })).toBeVisible();
  await expect(friend.getByRole("main").getByRole("alert")).toHaveText("This room is for its members only. Ask its owner for an invite link.");
  await friend.goto(`/r/${slug}?code=wrongcode123`);
  await expect(friend.getByRole("heading", { level: 1, name: "This invite link is not valid" })).toBeVisible();

  await friend.goto(invite);
  await expect(friend.getByRole("heading", { level: 1, name: "Roomy's film club" })).toBeVisible();
  await expect(friend.getByText("Films on Fridays.", { exact: false })).toBeVisible();
  await friend.getByRole("button", { name: "Join room" }).click();
  await expect(friend.getByText("You are a member of this room.")).toBeVisible();
  await expect(toast(friend, "You joined Roomy's film club.")).toBeVisible();
  await expect(friend.getByText("2 members", { exact: false })).toBeVisible();
  // A member reads the room at its plain address from then on, and sees no invite link.
  await friend.goto(`/r/${slug}`);
  await expect(friend.getByText("You are a member of this room.")).toBeVisible();
  await expect(friend.getByRole("textbox", { name: "Invite link" })).toHaveCount(0);
  await friendContext.close();
});

test("a room page on a 390×844 phone: no horizontal overflow, full-size tap targets; an unknown address is the 404 page", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await signUpViaApi(page, uniqueUser("phone"));
  const slug = `phone-room-${Date.now().toString(36)}`;
  const res = await page.request.post("/api/v1/rooms", { data: { slug, title: "A room with a rather long title to wrap on a phone", privacy: "public" } });
  expect(res.status()).toBe(201);
  await page.goto(`/r/${slug.toUpperCase()}`);
  // Capitals lead to the room's own address.
  await expect(page).toHaveURL(new RegExp(`/r/${slug}$`));
  await expect(page.getByText("You are the owner of this room.")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await smallTapTargets(page, "main")).toEqual([]);
  const missing = await page.goto(`/r/no-such-room-${Date.now().toString(36)}`);
  expect(missing?.status()).toBe(404);
  await context.close();
});

test("the owner goes live from the room's page; a visitor sees Live now and joins; after the end the room shows what played last", async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signUpViaApi(page, uniqueUser("livehost"));
  const slug = `live-room-${Date.now().toString(36)}`;
  expect((await page.request.post("/api/v1/rooms", { data: { slug, title: "Live room", privacy: "public" } })).status()).toBe(201);
  await page.goto(`/r/${slug}`);
  const goLive = page.getByRole("form", { name: "Go live" });
  await goLive.getByLabel("YouTube or TikTok link").fill("https://www.youtube.com/watch?v=e2eRoomLiv1");
  await goLive.getByLabel("Room title (optional)").fill("Opening night");
  await goLive.getByRole("button", { name: "Go live" }).click();
  await expect(page).toHaveURL(/\/watch\//);

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/r/${slug}`);
  const live = visitor.getByRole("region", { name: "Live now" });
  await expect(live).toContainText("Live now: Opening night");
  await expect(visitor.getByRole("form", { name: "Go live" })).toHaveCount(0);
  await live.getByRole("link", { name: "Join the party" }).click();
  await expect(visitor).toHaveURL(new RegExp(`/watch/${page.url().split("/watch/")[1]}`));

  const partyId = page.url().split("/watch/")[1]!;
  expect((await page.request.delete(`/api/v1/parties/${partyId}`)).status()).toBe(204);
  await visitor.goto(`/r/${slug}`);
  await expect(visitor.getByTestId("last-played")).toHaveText("Last played: Opening night");
  await expect(visitor.getByRole("region", { name: "Live now" })).toHaveCount(0);
  await visitorContext.close();
});
