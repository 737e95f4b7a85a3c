/**
 * The room decides: the host opens a public poll on the next viewing from the queue, the host and a
 * guest (on a phone-sized screen) vote with live tallies (the guest changes their mind), the host
 * alone sees who voted, closing queues the winner next, and it is what plays next for everyone (the
 * local YouTube stand-in's "short…" ids are 6 s clips). Then a discussion-break vote: the winning
 * break counts down after the item, and the host skips it.
 */
import { expect, test } from "@playwright/test";
import { closeHostPanel, hostParty, openHostPanel, openRoomAsGuest, openRoomAsHost, roomVideo } from "./watch-room-helpers";

test("host and guest vote in a room; the winner plays next", async ({ browser }) => {
  test.setTimeout(240_000);
  const host = await hostParty(browser, "https://www.youtube.com/watch?v=shortClip01", "First Short");
  await openRoomAsHost(host.page, host.partyId);
  const guest = await openRoomAsGuest(browser, host.partyId, "Voting Val", { width: 390, height: 844 });
  // The host queues and opens the poll in the host panel; on the phone the queue and the vote are
  // tabs under the video.
  const hostQueue = (await openHostPanel(host.page)).getByRole("region", { name: "Edit queue" });
  const guestQueue = guest.page.getByRole("region", { name: "Queue" });
  const guestTab = (name: RegExp) => guest.page.getByRole("tab", { name }).tap();
  for (const [url, title] of [
    ["https://youtu.be/shortClip02", "Second Short"],
    ["https://youtu.be/shortClip03", "Third Short"],
  ]) {
    await hostQueue.getByLabel("Video link").fill(url!);
    await hostQueue.getByLabel("Title (optional)").fill(title!);
    await hostQueue.getByRole("button", { name: "Add" }).click();
    // Added (the form clears itself) before the next link is typed.
    await expect(hostQueue.getByLabel("Video link")).toHaveValue("");
  }
  await guestTab(/^Queue/);
  await expect(guestQueue.getByTestId("up-next").getByRole("listitem")).toHaveText(["1. Second Short", "2. Third Short"]);

  // Guests have no poll form; the host opens a public poll on two queued items.
  const hostVote = host.page.getByRole("region", { name: "Vote" });
  const guestVote = guest.page.getByRole("region", { name: "Vote" });
  await expect(guest.page.getByRole("form", { name: "Open a poll" })).toHaveCount(0);
  const form = host.page.getByRole("form", { name: "Open a poll" });
  await form.getByRole("checkbox", { name: "Second Short" }).check();
  await form.getByRole("checkbox", { name: "Third Short" }).check();
  await form.getByLabel("Duration").selectOption({ label: "Until I close it" });
  await form.getByRole("checkbox", { name: "Public (you see who voted)" }).check();
  // The guest votes without an account: the host lets guests vote, one per device.
  await form.getByLabel("Who votes").selectOption({ label: "Guests too, one vote per device" });
  await form.getByRole("button", { name: "Open poll" }).click();
  await closeHostPanel(host.page);
  await guestTab(/^Polls/);

  const guestOptions = guestVote.getByRole("radiogroup", { name: "What do we watch next?" });
  await expect(guestOptions.getByRole("radio")).toHaveCount(2);
  await expect(guestVote.getByTestId("poll-status")).toContainText("Open until the host closes it");

  // The guest votes, then changes their mind; the host votes; tallies are live on both screens.
  await guestOptions.getByRole("radio", { name: "Second Short" }).check();
  await expect(hostVote.getByTestId("poll-tally").first()).toContainText("1");
  await guestOptions.getByRole("radio", { name: "Third Short" }).click();
  await expect(guestOptions.getByRole("radio", { name: "Third Short" })).toBeChecked();
  await hostVote.getByRole("radio", { name: "Third Short" }).check();
  for (const panel of [hostVote, guestVote]) await expect(panel.getByTestId("poll-tally")).toHaveText(["0 votes", "2 votes"]);
  // Who voted: on the host's screen only (a public poll).
  await expect(hostVote).toContainText("Voting Val");
  await expect(guestVote).not.toContainText("Voting Val");

  await hostVote.getByRole("button", { name: "Close poll" }).click();
  await expect(guestVote.getByTestId("poll-status")).toContainText("Winner: Third Short — up next");
  await expect(guestOptions.getByRole("radio", { name: "Second Short" })).toBeDisabled();
  await guestTab(/^Queue/);
  await expect(guestQueue.getByTestId("up-next").getByRole("listitem")).toHaveText(["1. Third Short", "2. Second Short"]);

  // The winner plays next for everyone when the current clip ends.
  await host.page.getByRole("button", { name: "Play", exact: true }).click();
  await expect(guestQueue.getByTestId("now-playing")).toHaveText("Third Short", { timeout: 30_000 });
  await expect.poll(async () => (await roomVideo(guest.page)).src, { timeout: 15_000 }).toContain("shortClip03");
  await expect.poll(async () => (await roomVideo(guest.page)).paused, { timeout: 15_000 }).toBe(false);

  await guest.context.close();
  await host.context.close();
});

test("a discussion-break vote: the break counts down after the item, chat stays open, the host skips it", async ({ browser }) => {
  test.setTimeout(240_000);
  const host = await hostParty(browser, "https://www.youtube.com/watch?v=shortClip04", "Talk Short");
  await openRoomAsHost(host.page, host.partyId);
  const guest = await openRoomAsGuest(browser, host.partyId, "Break Bea");
  const hostQueue = (await openHostPanel(host.page)).getByRole("region", { name: "Edit queue" });
  await hostQueue.getByLabel("Video link").fill("https://youtu.be/shortClip05");
  await hostQueue.getByLabel("Title (optional)").fill("After The Break");
  await hostQueue.getByRole("button", { name: "Add" }).click();

  const form = host.page.getByRole("form", { name: "Open a poll" });
  await form.getByLabel("Vote on").selectOption("break");
  await form.getByLabel("Who votes").selectOption({ label: "Guests too, one vote per device" });
  await form.getByRole("button", { name: "Open poll" }).click();
  await closeHostPanel(host.page);
  const guestVote = guest.page.getByRole("region", { name: "Vote" });
  await guestVote.getByRole("radio", { name: "10 min break" }).check();
  await expect(host.page.getByRole("region", { name: "Vote" }).getByTestId("poll-tally").nth(2)).toContainText("1");
  await host.page.getByRole("region", { name: "Vote" }).getByRole("button", { name: "Close poll" }).click();
  await expect(guestVote.getByTestId("break-status")).toHaveText("A 10 min break follows this video.");

  // The item ends: the next one is loaded but waits, with a countdown everyone sees.
  await host.page.getByRole("button", { name: "Play", exact: true }).click();
  await expect(guestVote.getByTestId("break-status")).toContainText("Break — the next video starts in 9:", { timeout: 30_000 });
  await expect(guest.page.getByRole("region", { name: "Queue" }).getByTestId("now-playing")).toHaveText("After The Break");
  expect((await roomVideo(guest.page)).paused).toBe(true);
  // Chat stays open during the break.
  await guest.page.getByLabel("Chat message").fill("Loved that one");
  await guest.page.getByLabel("Chat message").press("Enter");
  await expect(host.page.getByText("Loved that one")).toBeVisible();

  await host.page.getByRole("region", { name: "Vote" }).getByRole("button", { name: "Skip break" }).click();
  await expect(guestVote.getByTestId("break-status")).toHaveCount(0);
  await expect.poll(async () => (await roomVideo(guest.page)).src, { timeout: 15_000 }).toContain("shortClip05");
  await expect.poll(async () => (await roomVideo(guest.page)).paused, { timeout: 15_000 }).toBe(false);

  await guest.context.close();
  await host.context.close();
});
