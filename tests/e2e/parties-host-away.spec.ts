/**
 * A party whose host is away is not shown live: a host starts a party and never connects; once the
 * away grace is over (4 s on the e2e server, VP_HOST_AWAY_MS; a minute by default) /parties shows it
 * as "Host away", below the live ones, and the live count leaves it out. The host connecting makes it
 * live again.
 */
import { expect, test, type Page } from "@playwright/test";
import { signUpViaApi, uniqueUser } from "./helpers";

/** What the list shows at one instant: the heading's count, and each row's title and status badge. */
async function listState(page: Page) {
  return page.evaluate(() => {
    const rows = [...document.querySelectorAll('[data-testid="live-party-row"]')].map((row) => {
      const cells = row.querySelectorAll("td");
      return { title: cells[3]?.textContent ?? "", status: (cells[5]?.textContent ?? "").replace(/^Status/, "").trim() };
    });
    return { count: document.querySelector('[data-testid="live-count"]')?.textContent ?? "", rows };
  });
}

test("a party with its host away is not shown live, and is live again once the host connects", async ({ browser }) => {
  const context = await browser.newContext();
  const host = await context.newPage();
  await signUpViaApi(host, uniqueUser("awayhost"));
  const title = `Abandoned ${Date.now().toString(36)}`;
  const created = await host.request.post("/api/v1/parties", {
    data: { video_url: "https://www.netflix.com/watch/80100172", video_title: title, chat_provider: "builtin", visibility: "public", streamer_latency_ms: 0 },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  const viewer = await browser.newPage();
  await viewer.goto("/parties");
  const row = viewer.getByTestId("live-party-row").filter({ hasText: title });
  await expect(row.getByText("Host away", { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(row.getByText("Live", { exact: true })).toHaveCount(0);

  // The count is of the parties live now: every row but the host-away ones (other specs share the server).
  const seen = await listState(viewer);
  const mine = seen.rows.find((r) => r.title.startsWith(title));
  expect(mine?.status).toBe("Host away");
  const live = seen.rows.filter((r) => r.status !== "Host away").length;
  expect(seen.count).toBe(`${live} live now`);
  // Host-away parties come after every live one.
  const firstAway = seen.rows.findIndex((r) => r.status === "Host away");
  expect(seen.rows.slice(firstAway).every((r) => r.status === "Host away")).toBe(true);

  // The host opens the party's stream (as the room or the extension does): live again, and counted.
  await host.goto("/parties");
  await host.evaluate((partyId) => {
    (window as unknown as { hostStream: EventSource }).hostStream = new EventSource(`/api/v1/parties/${partyId}/events`);
  }, id);
  await expect(row.getByText("Live", { exact: true })).toBeVisible({ timeout: 20_000 });
  const after = await listState(viewer);
  expect(after.count).toBe(`${after.rows.filter((r) => r.status !== "Host away").length} live now`);
  await context.close();
});
