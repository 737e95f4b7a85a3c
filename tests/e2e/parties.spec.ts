import { expect, test, type Page, type Route } from "@playwright/test";
import { signUpInModal, signUpViaApi, toast, uniqueUser } from "./helpers";
import { liveRow as live, scheduledRow as scheduled } from "../fixtures/party-rows";
import { createScheduledPartyViaApi, expectDialog, expectNoSeriousAxeViolations, otherUser } from "./scheduled-party-helpers";

const isActiveList = (url: URL) => url.pathname === "/api/v1/parties/active";
const isScheduledList = (url: URL) => url.pathname === "/api/v1/scheduled-parties";
const json = (route: Route, body: unknown, status = 200) => route.fulfill({ status, contentType: "application/json", body: JSON.stringify(body) });

/**
 * Fixed answers for both lists, so the table behaviour is tested on known rows (the server is
 * shared with other tests). The deltas stream answers 204, which tells EventSource not to reconnect.
 */
async function fixtures(page: Page, liveRows: unknown[], scheduledRows: unknown[]) {
  await page.route(isActiveList, (route) => json(route, liveRows));
  await page.route((url) => url.pathname === "/api/v1/parties/active/deltas", (route) => route.fulfill({ status: 204 }));
  await page.route(isScheduledList, (route) => json(route, scheduledRows));
}

const liveTable = (page: Page) => page.getByRole("table", { name: "Live parties" });
const scheduledTable = (page: Page) => page.getByRole("table", { name: "Scheduled Parties" });

test("live table: ended parties hidden, badges, dashes, synopsis tooltip, platform filter and viewer sort", async ({ page }) => {
  await fixtures(
    page,
    [
      live("a", { party_size: 3, synopsis: "Thieves and a detective." }),
      live("b", { party_size: 12, platform_domain: "www.youtube.com", state: "AWAITING_RECONNECT", host_username: "bhost" }),
      live("c", { party_size: 7, platform_domain: "peacocktv.com", video_title: "" }),
      live("d", { party_size: 99, state: "ENDED" }),
    ],
    [],
  );
  await page.goto("/parties");
  const table = liveTable(page);
  const rows = table.getByTestId("live-party-row");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText("Movie b");
  await expect(rows.nth(0).getByText("Reconnecting...")).toBeVisible();
  await expect(rows.nth(0).getByRole("link", { name: "Host b" })).toHaveAttribute("href", "/bhost");
  await expect(rows.nth(1)).toContainText("Peacock");
  await expect(rows.nth(1).getByRole("cell").nth(3)).toHaveText("-");
  await expect(rows.nth(2)).toHaveAttribute("title", "Thieves and a detective.");
  await expect(rows.nth(2).getByText("Live", { exact: true })).toBeVisible();
  await expect(table).not.toContainText("Movie d");

  const filter = page.getByRole("combobox", { name: "Platform" }).first();
  await expect(filter.locator("option")).toHaveText(["All Platforms", "Netflix", "Peacock", "YouTube"]);
  await filter.selectOption("YouTube");
  await expect(rows).toHaveCount(1);
  await filter.selectOption("All Platforms");
  await page.getByRole("combobox", { name: "Viewers" }).selectOption("Least Viewers");
  await expect(rows.locator("td:nth-child(5)")).toHaveText(["3", "7", "12"]);
});

test("the deltas stream patches the live list between polls, and a malformed delta changes nothing", async ({ page }) => {
  // The first poll answers; later polls never do, so only the stream can change the list.
  let polls = 0;
  await page.route(isActiveList, async (route) => {
    polls += 1;
    if (polls === 1) await json(route, [live("a", { party_size: 3 }), live("b", { party_size: 7 })]);
  });
  await page.route(isScheduledList, (route) => json(route, []));
  const deltas = [
    { type: "PARTY_SIZE", payload: { id: "a", party_size: 42 } },
    { type: "PARTY_ENDED", payload: { id: "b" } },
    { type: "PARTY_SIZE", payload: { id: "a", party_size: -1 } },
  ];
  await page.route(
    (url) => url.pathname === "/api/v1/parties/active/deltas",
    (route) => route.fulfill({ status: 200, contentType: "text/event-stream", body: deltas.map((d) => `data: ${JSON.stringify(d)}\n\n`).join("") }),
  );
  await page.goto("/parties");
  const rows = liveTable(page).getByTestId("live-party-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Movie a");
  await expect(rows.first().locator("td:nth-child(5)")).toHaveText("42");
});

test("scheduled table: platform filter, RSVP sort, description, TBA and dashes", async ({ page }) => {
  await fixtures(
    page,
    [],
    [
      scheduled("x", { rsvp_count: 2, description: "Bring snacks" }),
      scheduled("y", { rsvp_count: 9, show_movie: "Disney+", platform: "Disney+" }),
      scheduled("z", { rsvp_count: 5, date_time: "" }),
    ],
  );
  await page.goto("/parties");
  const table = scheduledTable(page);
  await expect(table.getByRole("columnheader")).toHaveText(["Title", "Host", "Platform", "Description", "RSVPs", "Scheduled For", "Action"]);
  const titles = table.getByRole("rowheader");
  await expect(titles).toHaveText(["Scheduled y", "Scheduled z", "Scheduled x"]);
  await page.getByRole("combobox", { name: "RSVPs" }).selectOption("Least RSVPs");
  await expect(titles).toHaveText(["Scheduled x", "Scheduled z", "Scheduled y"]);
  const row = (title: string) => table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: title }) });
  await expect(row("Scheduled x")).toContainText("Bring snacks");
  await expect(row("Scheduled z")).toContainText("TBA");
  await expect(row("Scheduled y").getByRole("cell").nth(2)).toHaveText("-");

  const filter = page.getByRole("combobox", { name: "Platform" }).last();
  await expect(filter.locator("option")).toHaveText(["All Platforms", "Disney+", "Netflix"]);
  await filter.selectOption("Disney+");
  await expect(titles).toHaveText(["Scheduled y"]);
});

test("loading, then the empty states", async ({ page }) => {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  await page.route(isActiveList, async (route) => {
    await gate;
    await json(route, []);
  });
  await page.route((url) => url.pathname === "/api/v1/parties/active/deltas", (route) => route.fulfill({ status: 204 }));
  await page.route(isScheduledList, (route) => json(route, []));
  await page.goto("/parties");
  await expect(page.getByText("Loading parties...")).toBeVisible();
  release();
  await expect(page.getByText("No active parties found")).toBeVisible();
  await expect(page.getByText("No scheduled parties found.")).toBeVisible();
  await expect(page.getByText("Loading parties...")).toBeHidden();
});

test("on a phone the lists fill in from the top down: nothing on screen moves as they arrive (no layout shift)", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { vpShifts: number[] }).vpShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  // The scheduled list answers at once, the live one only when released: the page must not show
  // the scheduled list above where the live one will appear, nor keep a loading line above either.
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  await page.route(isActiveList, async (route) => {
    await gate;
    await json(route, [live("a"), live("b")]);
  });
  await page.route((url) => url.pathname === "/api/v1/parties/active/deltas", (route) => route.fulfill({ status: 204 }));
  await page.route(isScheduledList, (route) => json(route, [scheduled("x"), scheduled("y")]));
  const scheduledAnswered = page.waitForResponse((response) => isScheduledList(new URL(response.url())));
  await page.goto("/parties");
  await scheduledAnswered;
  // The scheduled list is in; React has rendered it once two frames have passed.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect(page.getByText("Loading parties...")).toBeVisible();
  await expect(scheduledTable(page)).toHaveCount(0);
  release();
  await expect(liveTable(page).getByTestId("live-party-row")).toHaveCount(2);
  await expect(scheduledTable(page)).toBeVisible();
  await expect(page.getByText("Loading parties...")).toHaveCount(0);
  // Let a frame pass so the observer has every shift of the last render.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const shifts = await page.evaluate(() => (window as unknown as { vpShifts: number[] }).vpShifts);
  expect(shifts.reduce((sum, v) => sum + v, 0)).toBeLessThan(0.005);
  await context.close();
});

test("the server answering 500 shows the red banner with its message", async ({ page }) => {
  await page.route(isActiveList, (route) => json(route, { detail: "Boom" }, 500));
  await page.goto("/parties");
  await expect(page.getByRole("alert").filter({ hasText: "Boom" })).toBeVisible();
  await expect(liveTable(page)).toBeHidden();
});

test("/scheduled-parties: a failed load shows its error text", async ({ page }) => {
  await page.route(isScheduledList, (route) => json(route, { detail: "Boom" }, 500));
  await page.goto("/scheduled-parties");
  await expect(page.getByText("Error loading scheduled parties")).toBeVisible();
});

test("a live party created through the API is listed; Join Party talks to the extension", async ({ page }) => {
  const guest = await page.request.post("/api/v1/guests", { data: { username: "E2E Guest Host" } });
  expect(guest.status()).toBe(201);
  const { token } = (await guest.json()) as { token: string };
  const title = `Live ${Date.now().toString(36)}`;
  const created = await page.request.post("/api/v1/parties", {
    headers: { Authorization: `Bearer ${token}` },
    data: { video_url: "https://www.crunchyroll.com/watch/x", video_title: title, synopsis: "A stand-in synopsis." },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  // A stand-in for the extension's content script: it answers JOIN_PARTY like the extension does.
  await page.addInitScript(() => {
    window.addEventListener("message", (event) => {
      const data = event.data as { source?: string; type?: string; requestId?: string; partyId?: string };
      if (data?.source !== "viewparty-auth" || data.type !== "JOIN_PARTY") return;
      (window as unknown as { __joined?: string }).__joined = data.partyId;
      window.postMessage(
        { source: "viewparty-extension", type: "JOIN_PARTY_RESPONSE", requestId: data.requestId, data: { success: false, error: "Not signed in to Crunchyroll" } },
        window.location.origin,
      );
    });
  });
  await page.goto("/parties");
  const row = liveTable(page).getByTestId("live-party-row").filter({ hasText: title });
  await expect(row).toContainText("E2E Guest Host");
  await expect(row).toContainText("Crunchyroll");
  await expect(row).toHaveAttribute("title", "A stand-in synopsis.");
  const alerted = expectDialog(page, "Join failed: Not signed in to Crunchyroll");
  await row.getByRole("button", { name: /Join Party/ }).click();
  await alerted;
  expect(await page.evaluate(() => (window as unknown as { __joined?: string }).__joined)).toBe(id);
  await expect(row.getByRole("button", { name: /Join Party/ })).toBeEnabled();
});

test("Join Party without the extension: disabled while waiting, then an in-page panel with the no-response text and the install link", async ({ page }) => {
  await fixtures(page, [live("solo")], []);
  await page.goto("/parties");
  const button = liveTable(page).getByRole("button", { name: /Join Party/ });
  await button.click();
  await expect(button).toBeDisabled();
  const panel = page.getByRole("dialog", { name: "Join Party" });
  await expect(panel).toContainText("No response from the extension. Please make sure it is installed and enabled.");
  await expect(panel.getByRole("link", { name: "Install the extension" })).toHaveAttribute("href", "/get-extension");
  await expectNoSeriousAxeViolations(page);
  await expectDialog(page, "No response from the extension. Please make sure it is installed and enabled.");
  await expect(button).toBeEnabled();
});

test("signed-out RSVP opens the login modal with the reason; after logging in there, the RSVP completes", async ({ page, browser }) => {
  test.slow(); // two accounts and a login through the modal
  const host = await otherUser(browser, "anonhost");
  const party = await createScheduledPartyViaApi(host.page.request, { title: `Anon RSVP ${Date.now().toString(36)}` });
  await host.close();
  const fan = await otherUser(browser, "anonfan"); // an account to log in with
  await fan.close();
  const natives: string[] = [];
  page.on("dialog", (dialog) => void dialog.dismiss().then(() => natives.push(dialog.message())));
  await page.goto("/parties");
  const row = page.getByTestId("scheduled-party-row").filter({ has: page.getByRole("rowheader", { name: party.title }) });
  await row.getByRole("button", { name: `RSVP: ${party.title}`, exact: true }).click();
  const modal = page.getByRole("dialog", { name: "Log in" });
  await expect(modal.getByTestId("auth-modal-message")).toHaveText("Please log in to RSVP to this party.");
  await modal.getByLabel("Username or e-mail").fill(fan.user.username);
  await modal.getByLabel("Password", { exact: true }).fill(fan.user.password);
  await modal.getByRole("button", { name: "Login", exact: true }).click();
  await expect(modal).toBeHidden();
  await expect(row.getByRole("button", { name: `RSVP'd: ${party.title}` })).toBeDisabled();
  await expect(row.getByTestId("rsvp-count")).toHaveText("1");
  expect(natives).toEqual([]);
});

test("closing the login modal drops the signed-out RSVP: a later login does not RSVP", async ({ page, browser }) => {
  test.slow(); // two accounts and a login through the modal
  const host = await otherUser(browser, "drophost");
  const party = await createScheduledPartyViaApi(host.page.request, { title: `Dropped RSVP ${Date.now().toString(36)}` });
  await host.close();
  await page.goto("/parties");
  const row = page.getByTestId("scheduled-party-row").filter({ has: page.getByRole("rowheader", { name: party.title }) });
  await row.getByRole("button", { name: `RSVP: ${party.title}`, exact: true }).click();
  await expectDialog(page, "Please log in to RSVP to this party.");
  await signUpInModal(page, uniqueUser("dropfan"));
  await expect(page.getByTestId("header-user-name")).toBeVisible();
  await expect(row.getByRole("button", { name: `RSVP: ${party.title}`, exact: true })).toBeEnabled();
  await expect(row.getByTestId("rsvp-count")).toHaveText("0");
});

test("create on /profile → listed on /parties and the public profile; another user RSVPs and un-RSVPs; others get 403", async ({ page, browser }) => {
  test.slow(); // two users and several pages
  const owner = await signUpViaApi(page, uniqueUser("owner"));
  const title = `Movie night ${Date.now().toString(36)}`;

  // Create from the profile.
  await page.goto("/profile");
  const mine = page.getByRole("region", { name: "My Scheduled Parties" });
  await expect(mine.getByText("No scheduled parties found.")).toBeVisible();
  await mine.getByRole("button", { name: "Create New Party" }).click();
  await mine.getByLabel("Title").fill(title);
  await mine.getByLabel("Date and time").fill("2031-05-01T20:00");
  await mine.getByLabel("Platform").selectOption("HBO Max");
  await mine.getByLabel("Description (optional)").fill("   Popcorn provided.");
  await mine.getByRole("button", { name: "Create Party" }).click();
  await expect(mine.getByRole("rowheader", { name: title })).toBeVisible();
  await expect(mine.getByRole("button", { name: "Create New Party" })).toBeVisible();

  // Listed on /parties and on the owner's public profile.
  await page.goto("/parties");
  const row = scheduledTable(page).getByRole("row").filter({ has: page.getByRole("rowheader", { name: title }) });
  await expect(row).toContainText("HBO Max");
  await expect(row).toContainText("Popcorn provided.");
  await expect(row.getByRole("link", { name: owner.username })).toHaveAttribute("href", `/${owner.username}`);
  await page.goto(`/${owner.username}`);
  await expect(page.getByRole("table", { name: `Scheduled Parties by ${owner.username}` }).getByRole("rowheader", { name: title })).toBeVisible();
  const id = (await (await page.request.get("/api/v1/scheduled-parties/me")).json())[0].id as string;

  // Another user RSVPs; the button is disabled while the request runs.
  const guest = await otherUser(browser, "rsvper");
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  await guest.page.route(`**/api/v1/scheduled-parties/${id}/rsvp`, async (route) => {
    await gate;
    await route.continue();
  });
  await guest.page.goto("/parties");
  const guestRow = scheduledTable(guest.page).getByRole("row").filter({ has: guest.page.getByRole("rowheader", { name: title }) });
  await expect(guestRow.getByTestId("rsvp-count")).toHaveText("0");
  const rsvp = guestRow.getByRole("button", { name: `RSVP: ${title}`, exact: true });
  await rsvp.click();
  await expect(rsvp).toBeDisabled();
  release();
  await expect(guestRow.getByRole("button", { name: `RSVP'd: ${title}` })).toBeDisabled();
  await expect(guestRow.getByRole("button", { name: `Un-RSVP: ${title}` })).toBeEnabled();
  await expect(guestRow.getByTestId("rsvp-count")).toHaveText("1");
  await page.goto("/parties");
  await expect(row.getByTestId("rsvp-count")).toHaveText("1");

  // Not the owner: PUT and DELETE are refused.
  const edit = { title: "Hijacked", date_time: "2031-05-01T20:00:00Z", show_movie: "Netflix" };
  expect((await guest.page.request.put(`/api/v1/scheduled-parties/${id}`, { data: edit })).status()).toBe(403);
  expect((await guest.page.request.delete(`/api/v1/scheduled-parties/${id}`)).status()).toBe(403);

  // Un-RSVP after confirmation (dismissing keeps the RSVP).
  const declined = expectDialog(guest.page, "Are you sure you want to un-RSVP from this party?", false);
  await guestRow.getByRole("button", { name: `Un-RSVP: ${title}` }).click();
  await declined;
  await expect(guestRow.getByTestId("rsvp-count")).toHaveText("1");
  const confirmed = expectDialog(guest.page, "Are you sure you want to un-RSVP from this party?");
  await guestRow.getByRole("button", { name: `Un-RSVP: ${title}` }).click();
  await confirmed;
  await expect(guestRow.getByRole("button", { name: `RSVP: ${title}`, exact: true })).toBeEnabled();
  await expect(guestRow.getByTestId("rsvp-count")).toHaveText("0");
  await guest.close();
});

test("the owner edits a scheduled party in its details modal, then deletes it after confirmation", async ({ page }) => {
  await signUpViaApi(page, uniqueUser("editor"));
  const { id, title } = await createScheduledPartyViaApi(page.request, { title: `Editable ${Date.now().toString(36)}`, show_movie: "HBO Max" });
  await page.goto("/profile");
  const mine = page.getByRole("region", { name: "My Scheduled Parties" });
  await mine.getByRole("button", { name: `Details: ${title}` }).click();
  const details = page.getByRole("dialog", { name: "Party Details" });
  await expect(details).toContainText("HBO Max");
  await details.getByRole("button", { name: "Edit Party" }).click();
  const editor = page.getByRole("dialog", { name: "Edit Party" });
  // Cancel restores the details unchanged.
  await editor.getByLabel("Title").fill("Thrown away");
  await editor.getByRole("button", { name: "Cancel" }).click();
  await expect(details).toContainText(title);
  await details.getByRole("button", { name: "Edit Party" }).click();
  await editor.getByLabel("Title").fill(`${title} (edited)`);
  await editor.getByLabel("Platform").selectOption("YouTube");
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(details).toContainText(`${title} (edited)`);
  await expect(details).toContainText("YouTube");
  await expect(mine.getByRole("rowheader", { name: `${title} (edited)` })).toBeAttached();

  const asked = expectDialog(page, "Delete this scheduled party?");
  await details.getByRole("button", { name: "Delete Party" }).click();
  await asked;
  await expect(details).toBeHidden();
  await expect(mine.getByText("No scheduled parties found.")).toBeVisible();
  expect((await page.request.get(`/api/v1/scheduled-parties/${id}`)).status()).toBe(404);
});

test("/scheduled-parties: View opens the party's details; a private party's invite link lets another user RSVP", async ({ page, browser }) => {
  test.slow(); // two users and several pages
  await signUpViaApi(page, uniqueUser("invhost"));
  const open = await createScheduledPartyViaApi(page.request, { title: `Open house ${Date.now().toString(36)}`, description: "Everyone welcome" });
  const secret = await createScheduledPartyViaApi(page.request, { title: `Secret ${Date.now().toString(36)}`, privacy: "private" });

  const guest = await otherUser(browser, "invitee");
  await guest.page.goto("/scheduled-parties");
  const table = guest.page.getByRole("table", { name: "Scheduled parties" });
  await expect(table.getByRole("columnheader")).toHaveText(["Title", "Host", "Start Time", "Status", "Actions"]);
  await expect(table.getByRole("rowheader", { name: secret.title })).toHaveCount(0);
  await table.getByRole("button", { name: `View ${open.title}` }).click();
  const details = guest.page.getByRole("dialog", { name: "Party Details" });
  await expect(details).toContainText("Everyone welcome");
  await details.getByRole("button", { name: "Close" }).last().click();
  await expect(details).toBeHidden();

  // The host's details show the invite link; following it opens the private party for the guest.
  await page.goto("/scheduled-parties");
  await page.getByRole("button", { name: `View ${secret.title}` }).click();
  const link = await page.getByRole("dialog", { name: "Party Details" }).getByLabel("Invite link").inputValue();
  expect(link).toContain(`code=${secret.invite_code}`);
  await guest.page.goto(new URL(link).pathname + new URL(link).search);
  const invited = guest.page.getByRole("dialog", { name: "Party Details" });
  await expect(invited).toContainText(secret.title);
  await invited.getByRole("button", { name: `RSVP: ${secret.title}`, exact: true }).click();
  await expect(invited.getByRole("button", { name: `RSVP'd: ${secret.title}` })).toBeDisabled();
  await invited.getByRole("button", { name: "Close" }).last().click();
  // As an invitee the party is now in the guest's lists.
  await expect(table.getByRole("rowheader", { name: secret.title })).toBeVisible();
  await guest.close();
});

test("a success reply from the extension shows a toast", async ({ page }) => {
  await fixtures(page, [live("ok")], []);
  await page.addInitScript(() => {
    window.addEventListener("message", (event) => {
      const data = event.data as { source?: string; type?: string; requestId?: string };
      if (data?.source !== "viewparty-auth" || data.type !== "JOIN_PARTY") return;
      window.postMessage({ source: "viewparty-extension", type: "JOIN_PARTY_RESPONSE", requestId: data.requestId, data: { success: true } }, window.location.origin);
    });
  });
  await page.goto("/parties");
  await liveTable(page).getByRole("button", { name: /Join Party/ }).click();
  await expect(toast(page, "The extension is opening the party.")).toBeVisible();
});

test("axe: /parties with rows, and /scheduled-parties with a details dialog open", async ({ page, browser }) => {
  await fixtures(page, [live("a", { state: "AWAITING_RECONNECT" }), live("b")], [scheduled("x", { description: "Snacks" })]);
  await page.goto("/parties");
  await expect(liveTable(page).getByTestId("live-party-row")).toHaveCount(2);
  await expectNoSeriousAxeViolations(page);

  const host = await otherUser(browser, "axehost");
  const party = await createScheduledPartyViaApi(host.page.request, { title: `Axe ${Date.now().toString(36)}` });
  await host.close();
  await page.unrouteAll();
  await page.goto("/scheduled-parties");
  await page.getByRole("button", { name: `View ${party.title}` }).click();
  await expect(page.getByRole("dialog", { name: "Party Details" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test("an invite link (/parties?invite=CODE) offers Join Party, which sends the code to the extension", async ({ page }) => {
  await fixtures(page, [], []);
  await page.addInitScript(() => {
    window.addEventListener("message", (event) => {
      const data = event.data as { source?: string; type?: string; requestId?: string; partyId?: string };
      if (data?.source !== "viewparty-auth" || data.type !== "JOIN_PARTY") return;
      (window as unknown as { __joined?: string }).__joined = data.partyId;
      window.postMessage({ source: "viewparty-extension", type: "JOIN_PARTY_RESPONSE", requestId: data.requestId, data: { success: true } }, window.location.origin);
    });
  });
  await page.goto("/parties?invite=ABCD2345");
  const invite = page.getByRole("region", { name: "You're invited to a watch party" });
  await invite.getByRole("button", { name: /Join Party/ }).click();
  await expect(toast(page, "The extension is opening the party.")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __joined?: string }).__joined)).toBe("ABCD2345");
});

test("a private host's live and scheduled parties are listed, hosted by \"a private host\" with no link to the profile", async ({ page, browser }) => {
  const host = await otherUser(browser, "hidden");
  try {
    expect((await host.page.request.patch("/api/v1/users/me", { data: { profile_private: true } })).status()).toBe(200);
    const liveTitle = `Private host live ${Date.now().toString(36)}`;
    const created = await host.page.request.post("/api/v1/parties", { data: { video_url: "https://www.netflix.com/watch/80100172", video_title: liveTitle } });
    expect(created.status()).toBe(201);
    const live = (await created.json()) as { id: string };
    const { title: scheduledTitle } = await createScheduledPartyViaApi(host.page.request, { title: `Private host screening ${Date.now().toString(36)}` });

    await page.goto("/parties");
    const liveRowEl = liveTable(page).getByTestId("live-party-row").filter({ hasText: liveTitle });
    await expect(liveRowEl.getByRole("cell").nth(1)).toHaveText("a private host");
    await expect(liveRowEl.getByRole("link")).toHaveCount(0);
    await expect(liveRowEl.getByRole("button", { name: `Join Party: ${liveTitle}` })).toBeEnabled();

    const scheduledRowEl = scheduledTable(page).getByRole("row").filter({ has: page.getByRole("rowheader", { name: scheduledTitle }) });
    await expect(scheduledRowEl.getByRole("cell").nth(0)).toHaveText("a private host");
    await expect(scheduledRowEl.getByRole("link")).toHaveCount(0);
    await expect(page.locator("main")).not.toContainText(host.user.username);
    await expect(page.locator(`a[href="/${host.user.username}"]`)).toHaveCount(0);

    // The scheduled parties page lists it the same way.
    await page.goto("/scheduled-parties");
    const listed = page.getByTestId("scheduled-party-row").filter({ hasText: scheduledTitle });
    await expect(listed.getByRole("cell").nth(0)).toHaveText("a private host");
    await expect(listed.getByRole("link")).toHaveCount(0);
    await expect(page.locator("main")).not.toContainText(host.user.username);

    expect((await host.page.request.delete(`/api/v1/parties/${live.id}`)).status()).toBe(204);
  } finally {
    await host.close();
  }
});
