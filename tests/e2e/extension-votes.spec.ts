/**
 * Polls in an extension party: the host (through the API, streaming so it counts as online) opens a
 * poll; a guest with the built extension joins from /parties, sees the poll in the overlay, votes and
 * changes the vote there, and sees the winner when the host closes it.
 */
import { expect, test } from "@playwright/test";
import {
  ensureExtensionBuild,
  launchWithExtension,
  openPopup,
  overlay,
  SITE_URL,
  startStaticServer,
  waitForVideoReady,
  type ExtensionBrowser,
  type StaticServer,
} from "./extension-helpers";

let server: StaticServer;
let extensionDir: string;
let guest: ExtensionBrowser | null = null;
const hostStream = new AbortController();

test.beforeAll(async () => {
  test.setTimeout(180_000);
  extensionDir = ensureExtensionBuild();
  server = await startStaticServer();
});

test.afterAll(async () => {
  hostStream.abort();
  await guest?.context.close().catch(() => undefined);
  await server?.close();
});

async function api(method: string, path: string, token: string, body?: unknown): Promise<Response> {
  return fetch(`${SITE_URL}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
}

test("a guest votes from the extension's overlay and sees the result", async () => {
  test.setTimeout(180_000);
  const guestRes = await fetch(`${SITE_URL}/api/v1/guests`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ username: "Poll Host" }) });
  const host = ((await guestRes.json()) as { token: string }).token;
  const title = `Vote Clip ${Date.now().toString(36)}`;
  const videoUrl = `${server.origin}/watch.html?title=${encodeURIComponent(title)}`;
  const created = await api("POST", "/api/v1/parties", host, { video_url: videoUrl, video_title: title, chat_provider: "builtin", visibility: "public", streamer_latency_ms: 0 });
  expect(created.status).toBe(201);
  const partyId = ((await created.json()) as { id: string }).id;
  // The host's stream stays open: the party is listed with its host online.
  const stream = await fetch(`${SITE_URL}/api/v1/parties/${partyId}/events`, { headers: { Authorization: `Bearer ${host}`, Accept: "text/event-stream" }, signal: hostStream.signal });
  expect(stream.status).toBe(200);

  guest = await launchWithExtension(extensionDir);
  const popup = await openPopup(guest);
  await popup.getByLabel("Guest username").fill("Overlay Olga");
  await popup.getByRole("button", { name: "Continue as guest" }).click();
  await expect(popup.locator('[data-vp="session"]')).toContainText("Overlay Olga (guest)");
  const site = await guest.context.newPage();
  await site.goto("/parties");
  const [page] = await Promise.all([guest.context.waitForEvent("page"), site.getByRole("button", { name: `Join Party: ${title}` }).click()]);
  await waitForVideoReady(page);
  await popup.close();
  await site.close();
  await page.bringToFront();
  await expect(overlay(page, "members")).toHaveText("2 watching", { timeout: 15_000 });
  await expect(overlay(page, "poll")).toBeHidden();

  const opened = await api("POST", `/api/v1/parties/${partyId}/commands`, host, {
    v: 1,
    type: "poll.open",
    // The guest votes: the host lets guests vote (one per device) in this poll.
    poll: { kind: "next", options: [{ title: "Heat" }, { title: "Ronin" }], durationSeconds: null, guestVotes: "one_per_device" },
  });
  expect(opened.status).toBe(200);
  await expect(overlay(page, "poll")).toBeVisible();
  await expect(overlay(page, "poll")).toContainText("What do we watch next?");
  await expect(overlay(page, "poll-status")).toHaveText("Open until the host closes it · 0 votes");

  const options = overlay(page, "poll-option");
  await options.filter({ hasText: "Heat" }).click();
  await expect(options.filter({ hasText: "Heat" })).toHaveAttribute("aria-pressed", "true");
  await options.filter({ hasText: "Ronin" }).click();
  await expect(options.filter({ hasText: "Ronin" })).toHaveAttribute("aria-pressed", "true");
  await expect(options.filter({ hasText: "Ronin" })).toContainText("1");
  const read = (await (await api("GET", `/api/v1/parties/${partyId}/poll`, host)).json()) as { poll: { id: string; tallies: number[] } };
  expect(read.poll.tallies).toEqual([0, 1]);

  expect((await api("POST", `/api/v1/parties/${partyId}/commands`, host, { v: 1, type: "poll.close", pollId: read.poll.id })).status).toBe(200);
  await expect(overlay(page, "poll-status")).toHaveText("Winner: Ronin");
  await expect(options.first()).toBeDisabled();
});
