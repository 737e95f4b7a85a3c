/**
 * The watch room's queue: the host queues YouTube links, everyone sees Now playing and Up next live,
 * and the items play one after another for everyone (a marathon) on the local YouTube stand-in,
 * whose "short…" ids are 6 s clips. Plus the queue API's refusals.
 */
import { expect, test } from "@playwright/test";
import { closeHostPanel, expectRoomInSync, hostParty, openHostPanel, openRoomAsGuest, openRoomAsHost, roomVideo } from "./watch-room-helpers";

test("a 3-item queue plays through with autoplay, the guest advancing with the host", async ({ browser }) => {
  test.setTimeout(240_000);
  const host = await hostParty(browser, "https://www.youtube.com/watch?v=shortClip01", "First Short");
  await openRoomAsHost(host.page, host.partyId);
  const guest = await openRoomAsGuest(browser, host.partyId, "Marathon Mo");
  const guestQueue = guest.page.getByRole("region", { name: "Queue" });
  await expect(guestQueue.getByTestId("now-playing")).toHaveText("First Short");
  await expect(guestQueue).toContainText("Nothing queued yet.");
  // Guests see the queue but cannot edit it.
  await expect(guestQueue.getByLabel("Video link")).toHaveCount(0);
  await expect(guest.page.getByRole("button", { name: "Host tools" })).toHaveCount(0);
  // The host edits it in the host panel.
  const hostQueue = (await openHostPanel(host.page)).getByRole("region", { name: "Edit queue" });

  // A link the room cannot play is refused with a message, and nothing is added.
  await hostQueue.getByLabel("Video link").fill("https://vimeo.com/76979871");
  await hostQueue.getByRole("button", { name: "Add" }).click();
  await expect(hostQueue.getByRole("alert")).toHaveText("Only YouTube and TikTok video links can be queued in this party.");
  await expect(hostQueue).toContainText("Nothing queued yet.");

  await hostQueue.getByLabel("Video link").fill("https://youtu.be/shortClip02");
  await hostQueue.getByLabel("Title (optional)").fill("Second Short");
  await hostQueue.getByRole("button", { name: "Add" }).click();
  await hostQueue.getByLabel("Video link").fill("https://www.youtube.com/shorts/shortClip03");
  await hostQueue.getByLabel("Title (optional)").fill("Third Short");
  await hostQueue.getByRole("button", { name: "Add" }).click();
  await expect(guestQueue.getByTestId("up-next").getByRole("listitem")).toHaveText(["1. Second Short", "2. Third Short"]);
  await closeHostPanel(host.page);

  await host.page.getByRole("button", { name: "Play", exact: true }).click();
  await expect.poll(async () => (await roomVideo(guest.page)).paused, { timeout: 15_000 }).toBe(false);

  // Item 2 starts for everyone when item 1 ends.
  await expect(guestQueue.getByTestId("now-playing")).toHaveText("Second Short", { timeout: 20_000 });
  await expect.poll(async () => (await roomVideo(guest.page)).src, { timeout: 15_000 }).toContain("shortClip02");
  await expect.poll(async () => (await roomVideo(guest.page)).paused, { timeout: 15_000 }).toBe(false);
  await expect(guestQueue.getByTestId("up-next").getByRole("listitem")).toHaveText(["1. Third Short"]);

  // Then item 3, and the queue is empty.
  await expect(guestQueue.getByTestId("now-playing")).toHaveText("Third Short", { timeout: 20_000 });
  await expect.poll(async () => (await roomVideo(guest.page)).src, { timeout: 15_000 }).toContain("shortClip03");
  await expect.poll(async () => (await roomVideo(guest.page)).paused, { timeout: 15_000 }).toBe(false);
  await expect(guestQueue).toContainText("Nothing queued yet.");
  await expectRoomInSync(host.page, guest.page);

  await guest.context.close();
  await host.context.close();
});

test("the queue API: host only, links checked, all or nothing, not after the party ended", async ({ browser, request }) => {
  test.setTimeout(90_000);
  const host = await hostParty(browser, "https://www.youtube.com/watch?v=e2eQueueApi", "Queue API");
  const path = `/api/v1/parties/${host.partyId}/queue`;

  const guest = await request.post("/api/v1/guests", { data: { username: "Queue Quinn" } });
  const guestToken = ((await guest.json()) as { token: string }).token;
  const byGuest = await request.post(path, { data: { items: [{ url: "https://youtu.be/aaaaaaaaaaa" }] }, headers: { Authorization: `Bearer ${guestToken}` } });
  expect(byGuest.status()).toBe(403);
  expect(await byGuest.json()).toMatchObject({ detail: "Only the host can change the queue." });

  const mixed = await host.page.request.post(path, { data: { items: [{ url: "https://youtu.be/aaaaaaaaaaa" }, { url: "https://vm.tiktok.com/ZMabc123/" }] } });
  expect(mixed.status()).toBe(422);
  expect(((await mixed.json()) as { detail: string }).detail).toMatch(/^Item 2: TikTok short links can't be played here/);
  expect(((await (await host.page.request.get(path)).json()) as { items: unknown[] }).items).toEqual([]);

  const added = await host.page.request.post(path, {
    data: { items: [{ url: "https://youtu.be/aaaaaaaaaaa", title: "A" }, { url: "https://www.tiktok.com/@someone/video/7300000000000000001" }] },
  });
  expect(added.status()).toBe(201);
  const queue = (await added.json()) as { items: { url: string; title: string }[] };
  expect(queue.items.map((i) => [i.url, i.title])).toEqual([
    ["https://www.youtube.com/watch?v=aaaaaaaaaaa", "A"],
    ["https://www.tiktok.com/player/v1/7300000000000000001", "TikTok video 7300000000000000001"],
  ]);

  const empty = await host.page.request.post(path, { data: { items: [] } });
  expect(empty.status()).toBe(422);
  expect(await empty.json()).toMatchObject({ detail: expect.stringContaining("Add at least one link.") });

  expect((await host.page.request.delete(`/api/v1/parties/${host.partyId}`)).status()).toBe(204);
  const afterEnd = await host.page.request.post(path, { data: { items: [{ url: "https://youtu.be/bbbbbbbbbbb" }] } });
  expect(afterEnd.status()).toBe(409);
  expect(await afterEnd.json()).toMatchObject({ detail: "This party has ended." });
  await host.context.close();
});
