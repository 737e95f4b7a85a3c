/**
 * The watch room for the people in it: on a 390×844 phone the guest's chat is on screen with the video
 * (the room's panels are tabs under it); the host's tools are a panel opened on demand (focus moves in,
 * Escape closes, focus returns); a new poll is announced over the video, above the fold on a phone and
 * a laptop, and in chat; every control in the room is big enough to tap; a removed guest gets one
 * screen with the reason, for how long, and a way out.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { smallTapTargets } from "./tap-targets";
import { hostParty, openHostPanel, openRoomAsGuest, openRoomAsHost } from "./watch-room-helpers";

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 800 };

/** Wholly inside the viewport as the page first shows it (not scrolled). */
async function expectAboveTheFold(page: Page, locator: Locator): Promise<void> {
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, "the element has a box").not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
}

test("phone: chat with the video, panels as tabs; host tools on demand; a new poll as a banner and a chat line on both viewports", async ({ browser }) => {
  test.setTimeout(240_000);
  const host = await hostParty(browser, "https://www.youtube.com/watch?v=e2eLayout01", "Layout Clip");
  await openRoomAsHost(host.page, host.partyId);
  const phone = await openRoomAsGuest(browser, host.partyId, "Phone Pia", PHONE);
  const laptop = await openRoomAsGuest(browser, host.partyId, "Laptop Lou", LAPTOP);

  // The guest's phone: the video and the chat input on screen together, without scrolling.
  await expect(phone.page.getByRole("tab", { name: "Chat" })).toHaveAttribute("aria-selected", "true");
  await expectAboveTheFold(phone.page, phone.page.getByTestId("room-player"));
  await expectAboveTheFold(phone.page, phone.page.getByRole("textbox", { name: "Chat message" }));
  // No host tools for guests, on either viewport.
  for (const page of [phone.page, laptop.page]) await expect(page.getByRole("button", { name: "Host tools" })).toHaveCount(0);

  // The tabs by keyboard: arrows move and select, the panel follows.
  await phone.page.getByRole("tab", { name: "Chat" }).focus();
  await phone.page.keyboard.press("ArrowRight");
  const people = phone.page.getByRole("tab", { name: /^People/ });
  await expect(people).toBeFocused();
  await expect(people).toHaveAttribute("aria-selected", "true");
  await expect(phone.page.getByRole("tabpanel", { name: /^People/ }).getByRole("list", { name: "Who is watching" })).toBeVisible();
  await expect(phone.page.getByRole("textbox", { name: "Chat message" })).toBeHidden();
  await phone.page.keyboard.press("ArrowLeft");
  await expect(phone.page.getByRole("tab", { name: "Chat" })).toHaveAttribute("aria-selected", "true");
  await expect(phone.page.getByRole("textbox", { name: "Chat message" })).toBeVisible();

  // The host's tools: a labelled button opens them, focus moves in, Escape closes, focus returns.
  const tools = host.page.getByRole("button", { name: "Host tools" });
  await expect(host.page.getByRole("form", { name: "Open a poll" })).toHaveCount(0);
  await tools.focus();
  await host.page.keyboard.press("Enter");
  const panel = host.page.getByRole("dialog", { name: "Host tools" });
  await expect(panel).toBeVisible();
  expect(await panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await host.page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);
  await expect(tools).toBeFocused();

  // A new poll from the host panel.
  const opened = await openHostPanel(host.page);
  const form = opened.getByRole("form", { name: "Open a poll" });
  await form.getByLabel("Other option 1").fill("Pizza night");
  await form.getByLabel("Other option 2").fill("Taco night");
  // The guests vote without accounts: one guest vote per device.
  await form.getByLabel("Who votes").selectOption({ label: "Guests too, one vote per device" });
  await form.getByRole("button", { name: "Open poll" }).click();
  await expect(opened.getByText("A poll is running")).toBeVisible();

  // Both guests: the banner over the video, above the fold, and a line in chat.
  for (const guest of [phone.page, laptop.page]) {
    const banner = guest.getByTestId("poll-banner");
    await expect(banner).toContainText("Poll: What do we watch next?");
    await expectAboveTheFold(guest, banner);
    await expect(guest.getByRole("region", { name: "Chat" }).getByTestId("chat-notice")).toHaveText(["The host started a poll: What do we watch next?"]);
  }
  // The phone's "Vote" opens the Polls tab with the options.
  await phone.page.getByTestId("poll-banner").getByRole("button", { name: "Vote" }).tap();
  await expect(phone.page.getByRole("tab", { name: /^Polls/ })).toHaveAttribute("aria-selected", "true");
  await phone.page.getByRole("radiogroup", { name: "What do we watch next?" }).getByRole("radio", { name: "Taco night" }).check();
  await expect(phone.page.getByTestId("poll-banner").getByRole("button", { name: "See poll" })).toBeVisible();

  await laptop.context.close();
  await phone.context.close();
  await host.context.close();
});

test("tap targets at 390×844: the host's room with the host panel open, and each of the guest's tabs", async ({ browser }) => {
  test.setTimeout(240_000);
  const host = await hostParty(browser, "https://www.youtube.com/watch?v=e2eLayout02", "Tap Clip", { viewport: PHONE, isMobile: true, hasTouch: true });
  await openRoomAsHost(host.page, host.partyId);
  const guest = await openRoomAsGuest(browser, host.partyId, "Tapping Tia", PHONE);
  await guest.page.getByRole("textbox", { name: "Chat message" }).fill("hi from the guest");
  await guest.page.getByRole("button", { name: "Send" }).tap();

  // The host panel at its fullest: queued items (their play/move/remove buttons), a member to moderate,
  // the poll form with queue items to pick, the room settings and recording.
  const panel = await openHostPanel(host.page);
  const editor = panel.getByRole("region", { name: "Edit queue" });
  for (const id of ["tapClip0001", "tapClip0002"]) {
    await editor.getByLabel("Video link").fill(`https://youtu.be/${id}`);
    await editor.getByRole("button", { name: "Add" }).tap();
    await expect(editor.getByLabel("Video link")).toHaveValue("");
  }
  await expect(panel.getByRole("button", { name: "Kick Tapping Tia" })).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByRole("button", { name: "Record" })).toBeVisible();
  expect(await smallTapTargets(host.page), "the host panel").toEqual([]);

  // Every guest tab, with a message from the host (its Report button) and a running poll.
  await panel.getByRole("form", { name: "Open a poll" }).getByLabel("Other option 1").fill("Yes");
  await panel.getByRole("form", { name: "Open a poll" }).getByLabel("Other option 2").fill("No");
  await panel.getByRole("button", { name: "Open poll" }).tap();
  await host.page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);
  expect(await smallTapTargets(host.page), "the host's room").toEqual([]);
  await host.page.getByRole("textbox", { name: "Chat message" }).fill("hello guest");
  await host.page.getByRole("button", { name: "Send" }).tap();
  await expect(guest.page.getByRole("button", { name: /^Report message from/ })).toBeVisible({ timeout: 15_000 });
  await expect(guest.page.getByTestId("poll-banner")).toBeVisible();
  for (const name of [/^Chat/, /^People/, /^Queue/, /^Polls/]) {
    await guest.page.getByRole("tab", { name }).tap();
    expect(await smallTapTargets(guest.page), `guest tab ${name}`).toEqual([]);
  }

  await guest.context.close();
  await host.context.close();
});

test("a removed guest sees the reason once, for how long, and a way out (kick and ban)", async ({ browser }) => {
  test.setTimeout(240_000);
  const host = await hostParty(browser, "https://www.youtube.com/watch?v=e2eLayout03", "Removal Clip");
  await openRoomAsHost(host.page, host.partyId);
  const kicked = await openRoomAsGuest(browser, host.partyId, "Kicked Kim", PHONE);
  const banned = await openRoomAsGuest(browser, host.partyId, "Banned Bo", LAPTOP);
  await expect(host.page.getByTestId("members-count")).toHaveText("3 watching", { timeout: 15_000 });

  const panel = await openHostPanel(host.page);
  await panel.getByRole("button", { name: "Kick Kicked Kim" }).click();
  await expect(kicked.page.getByRole("heading", { name: "You were removed from this party" })).toBeVisible({ timeout: 15_000 });
  await expect(kicked.page.getByText("The host removed you from the party.")).toHaveCount(1);
  await expect(kicked.page.getByText("You can join again in 10 minutes.")).toBeVisible();
  // Nothing of the room is left behind the message: no chat box, no member list with "(you)", no player.
  await expect(kicked.page.getByRole("textbox", { name: "Chat message" })).toHaveCount(0);
  await expect(kicked.page.getByText("(you)")).toHaveCount(0);
  await expect(kicked.page.getByTestId("room-player")).toHaveCount(0);
  expect(await smallTapTargets(kicked.page)).toEqual([]);
  await kicked.page.getByRole("navigation", { name: "Where to go" }).getByRole("link", { name: "Browse parties" }).tap();
  await expect(kicked.page).toHaveURL(/\/parties$/);

  await panel.getByRole("button", { name: "Ban Banned Bo" }).click();
  await host.page.getByTestId("confirm-dialog").getByRole("button", { name: "Ban" }).click();
  await expect(banned.page.getByRole("heading", { name: "You were banned from this party" })).toBeVisible({ timeout: 15_000 });
  await expect(banned.page.getByText("The host banned you from this party.")).toHaveCount(1);
  await expect(banned.page.getByText("You can't join this party again.")).toBeVisible();
  await expect(banned.page.getByRole("textbox", { name: "Chat message" })).toHaveCount(0);
  await banned.page.getByRole("navigation", { name: "Where to go" }).getByRole("link", { name: "Home" }).click();
  await expect(banned.page).toHaveURL(/\/$/);

  await banned.context.close();
  await kicked.context.close();
  await host.context.close();
});
