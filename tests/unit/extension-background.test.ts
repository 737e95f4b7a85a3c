/**
 * The background controller against a fake browser and a fake API: the site handshake (origin
 * checked), guest sign-in, the popup's view and its clear errors, start/join/leave, which tab gets the
 * party, and the party port (SSE forwarded, commands answered, closed with the tab).
 */
import { BackgroundController } from "@/extension/src/background/controller";
import { NOT_SIGNED_IN } from "@/extension/src/background/errors";
import { sendRequest } from "@/extension/src/messaging/messenger";
import { MESSAGE_CHANNEL, PARTY_PORT, type BackgroundProtocol, type PortToContent } from "@/extension/src/messaging/protocol";
import { STORAGE_KEYS } from "@/extension/src/storage/schema";
import { FakeApiServer } from "@/tests/support/extension/fake-api-server";
import { fakeExtension, type FakePort } from "@/tests/support/extension/fake-extension";
import { fakeBrowser } from "wxt/testing/fake-browser";
import { PROTOCOL_VERSION } from "@/lib/sync";
import { partyDetail } from "./helpers/party-detail";

const SITE = "http://localhost:3000";
const VIDEO = "https://www.youtube.com/watch?v=abcdefghijk";
const ME = { id: "u1", username: "ann", display_name: "Ann" };
const DETAIL = partyDetail({ host_video_url: VIDEO });

const until = async (check: () => boolean | Promise<boolean>, ms = 2000) => {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 5));
  }
};

/** Every tab's URL (WXT's fake browser also has a blank tab 0). */
const tabUrls = async () => (await fakeBrowser.tabs.query({})).flatMap((t) => (t.url ? [t.url] : []));

async function setup() {
  const fake = fakeExtension();
  const server = new FakeApiServer()
    .json("GET", "/api/v1/health", { status: "ok" })
    .on("GET", "/api/v1/users/me", (req) =>
      req.headers.get("Authorization") === "Bearer good" ? Response.json(ME) : Response.json({ detail: "Authentication required." }, { status: 401 }),
    );
  const controller = new BackgroundController(fake.browser, { defaultServerUrl: SITE, fetch: server.fetch });
  await controller.start();
  const siteTab = await fakeBrowser.tabs.create({ url: `${SITE}/extension-auth?mode=viewparty` });
  const site = fake.asContent({ id: fakeBrowser.runtime.id, url: `${SITE}/extension-auth?mode=viewparty`, tab: siteTab });
  const popup = (type: keyof BackgroundProtocol & string, data: unknown) =>
    sendRequest<BackgroundProtocol, typeof type>(fake.browser.runtime, type, data as never);
  return { fake, server, controller, site, siteTab, popup };
}

const authMessage = (token: string | null, extra: Record<string, unknown> = {}) => ({
  source: "viewparty-auth",
  type: "AUTH_TOKEN",
  requestId: "r1",
  token,
  userId: "u1",
  username: "ann",
  displayName: "Ann",
  user: null,
  checkOnly: false,
  ...extra,
});

test("AUTH_TOKEN from the site is checked with the API and kept; other origins and wrong users are refused", async () => {
  const { fake, site, controller } = await setup();
  const send = (runtime: typeof site.runtime, message: unknown) => sendRequest<BackgroundProtocol, "site:authToken">(runtime, "site:authToken", message as never);

  const evil = fake.asContent({ id: fakeBrowser.runtime.id, url: "https://evil.example/x", tab: { id: 77, url: "https://evil.example/x" } });
  expect(await send(evil.runtime, authMessage("good"))).toEqual({ success: false, error: "Not the ViewParty site." });
  expect(await controller.store.session()).toBeNull();

  expect(await send(site.runtime, authMessage("bad"))).toEqual({ success: false, error: "Authentication required." });
  expect(await send(site.runtime, authMessage("good", { userId: "someone-else" }))).toMatchObject({ success: false });
  expect(await send(site.runtime, authMessage(null, { checkOnly: true }))).toEqual({ success: false });

  expect(await send(site.runtime, authMessage("good"))).toEqual({ success: true });
  expect(await controller.store.session()).toEqual({ kind: "account", token: "good", userId: "u1", username: "ann", displayName: "Ann", expiresAt: null });
  expect(await send(site.runtime, authMessage(null, { checkOnly: true }))).toEqual({ success: true });
  expect(await send(site.runtime, authMessage(null))).toEqual({ success: false, error: "Missing authentication data. Please try logging in again." });
});

test("the popup's view: not signed in, server unreachable, unsupported and video-less tabs, a revoked token", async () => {
  const { fake, server, popup, controller } = await setup();
  const chromeTab = await fakeBrowser.tabs.create({ url: "chrome://extensions" });
  let view = (await popup("popup:view", { tabId: chromeTab.id })) as BackgroundProtocol["popup:view"]["res"];
  expect(view).toMatchObject({ serverUrl: SITE, serverError: null, session: null, party: null, tab: { status: "unsupported" } });

  const plain = await fakeBrowser.tabs.create({ url: "https://example.com/article" });
  view = (await popup("popup:view", { tabId: plain.id })) as typeof view;
  expect(view.tab).toEqual({ status: "unreachable" }); // no content script answered
  fake.tabHandlers.set(plain.id!, async () => ({ ok: true, value: { status: "no-video", platform: "Web video" } }));
  view = (await popup("popup:view", { tabId: plain.id })) as typeof view;
  expect(view.tab).toEqual({ status: "no-video", platform: "Web video" });

  server.reachable = false;
  view = (await popup("popup:view", { tabId: null })) as typeof view;
  expect(view.serverError).toBe("Can't reach the ViewParty server at http://localhost:3000. Check your connection, or that the server is running.");
  server.reachable = true;

  // A token revoked at logout on the site is forgotten.
  await controller.store.setSession({ kind: "account", token: "revoked", userId: "u1", username: "ann", displayName: "Ann", expiresAt: null });
  view = (await popup("popup:view", { tabId: null })) as typeof view;
  expect(view.session).toBeNull();
  expect(await controller.store.session()).toBeNull();
});

test("the popup's party: live details from the server, the stored party with its invite link when offline, the host role as the server says, forgotten once ended", async () => {
  const { server, popup, controller } = await setup();
  await controller.store.setSession({ kind: "account", token: "good", userId: "u1", username: "ann", displayName: "Ann", expiresAt: null });
  const binding = { id: "p1", inviteCode: "ABC123", role: "guest" as const, videoUrl: VIDEO, title: "Trailer", platform: "YouTube", tabId: 3 };
  await controller.store.setParty(binding);
  server.json("GET", "/api/v1/parties/p1", { ...DETAIL, role: "host", party_size: 4 });
  const view = async () => ((await popup("popup:view", { tabId: null })) as BackgroundProtocol["popup:view"]["res"]).party;

  // The host role was handed over: the server's answer wins and is kept.
  expect(await view()).toEqual({ ...binding, role: "host", inviteUrl: `${SITE}/parties?invite=ABC123`, members: 4, state: "ACTIVE", hostDisplayName: "Ann" });
  expect((await controller.store.party())?.role).toBe("host");

  server.reachable = false;
  expect(await view()).toEqual({ ...binding, role: "host", inviteUrl: `${SITE}/parties?invite=ABC123`, members: null, state: null, hostDisplayName: null });
  server.reachable = true;

  server.json("GET", "/api/v1/parties/p1", { ...DETAIL, state: "ENDED" });
  expect(await view()).toBeNull();
  expect(await controller.store.party()).toBeNull();
});

test("guest username sign-in; starting a party needs a session and a video; the host's tab is bound", async () => {
  const { fake, server, popup, controller } = await setup();
  const tab = await fakeBrowser.tabs.create({ url: VIDEO });
  fake.tabHandlers.set(tab.id!, async () => ({
    ok: true,
    value: { status: "ready", url: VIDEO, title: "Trailer", platform: "YouTube", platformDomain: "youtube.com" },
  }));
  const start = { tabId: tab.id, visibility: "private", chatProvider: "twitch", twitchChannel: "ann_tv", streamerLatencyMs: 3000 };
  await expect(popup("popup:startParty", start)).rejects.toThrow(NOT_SIGNED_IN);

  server.json("POST", "/api/v1/guests", { token: "vpg.x", expires_at: new Date(Date.now() + 3600_000).toISOString(), expires_in_seconds: 3600, user: { id: "guest:1", username: null, display_name: "Gail", is_guest: true } }, 201);
  expect(await popup("popup:signInGuest", { username: "Gail" })).toEqual({ kind: "guest", displayName: "Gail", username: null });

  server.on("POST", "/api/v1/parties", () => Response.json(DETAIL, { status: 201 }));
  const party = await popup("popup:startParty", start);
  expect(party).toMatchObject({ id: "p1", role: "host", tabId: tab.id, inviteCode: "ABC123", inviteUrl: `${SITE}/parties?invite=ABC123` });
  const create = server.requests.find((r) => r.method === "POST" && r.path === "/api/v1/parties")!;
  expect(create.headers.get("Authorization")).toBe("Bearer vpg.x");
  expect(create.body).toEqual({
    video_url: VIDEO,
    video_title: "Trailer",
    platform_domain: "youtube.com",
    chat_provider: "twitch",
    chat_identifier: "ann_tv",
    visibility: "private",
    streamer_latency_ms: 3000,
  });
  expect(await controller.store.party()).toMatchObject({ id: "p1", tabId: tab.id });

  // A page with no video cannot host.
  fake.tabHandlers.set(tab.id!, async () => ({ ok: true, value: { status: "no-video", platform: "YouTube" } }));
  await expect(popup("popup:startParty", start)).rejects.toThrow("No video found on this page.");
});

test("JOIN_PARTY opens the party's video (or focuses a tab already on it) and binds that tab; only it gets the party", async () => {
  const { fake, server, site, siteTab, controller } = await setup();
  await controller.store.setSession({ kind: "account", token: "good", userId: "u2", username: "bob", displayName: "Bob", expiresAt: null });
  server.json("POST", "/api/v1/parties/ABC123/join", { ...DETAIL, role: "guest", party_size: 2 });
  const join = () => sendRequest<BackgroundProtocol, "site:joinParty">(site.runtime, "site:joinParty", { partyId: "ABC123" });

  expect(await join()).toEqual({ success: true, partyId: "p1", vp_party_id: "p1" });
  const opened = (await fakeBrowser.tabs.query({ url: VIDEO }))[0]!;
  expect(await controller.store.party()).toMatchObject({ id: "p1", role: "guest", tabId: opened.id, videoUrl: VIDEO });

  // Joining again focuses the open tab (same video, other URL details) instead of opening another.
  await fakeBrowser.tabs.update(opened.id!, { url: `${VIDEO}&t=42s` });
  const focusWindow = jest.spyOn(fakeBrowser.windows, "update");
  await join();
  expect((await tabUrls()).filter((url) => url.includes("youtube"))).toHaveLength(1);
  expect(focusWindow.mock.calls).toEqual([[opened.windowId, { focused: true }]]);
  focusWindow.mockRestore();

  const other = await fakeBrowser.tabs.create({ url: "https://example.com/" });
  const hello = (tabId: number, url: string) =>
    sendRequest<BackgroundProtocol, "player:hello">(fake.asContent({ id: fakeBrowser.runtime.id, url, tab: { id: tabId, url, title: "t" } }).runtime, "player:hello", { frameUrl: url });
  expect(await hello(other.id!, "https://example.com/")).toBeNull();
  expect(await hello(opened.id!, `${VIDEO}&t=42s`)).toEqual({ partyId: "p1", role: "guest", tabUrl: `${VIDEO}&t=42s`, tabTitle: "t", serverUrl: SITE });

  // Not signed in: a clear error (and the sign-in page opens).
  await controller.store.setSession(null);
  expect(await join()).toEqual({ success: false, error: NOT_SIGNED_IN });
  const signInTabs = await fakeBrowser.tabs.query({ url: `${SITE}/extension-auth?mode=viewparty` });
  expect(signInTabs.some((t) => t.id !== siteTab.id)).toBe(true);
});

test("the party port: SSE events reach the tab, commands are answered, closing the tab closes the stream", async () => {
  const { fake, server, controller } = await setup();
  await controller.store.setSession({ kind: "account", token: "good", userId: "u1", username: "ann", displayName: "Ann", expiresAt: null });
  const tab = await fakeBrowser.tabs.create({ url: VIDEO });
  await controller.store.setParty({ id: "p1", inviteCode: "ABC123", role: "host", videoUrl: VIDEO, title: "Trailer", platform: "YouTube", tabId: tab.id! });
  server.sse(/\/parties\/p1\/events$/).json("POST", "/api/v1/parties/p1/commands", { id: "3" });

  // Another tab is turned away.
  const stranger = fake.connect(PARTY_PORT, { id: fakeBrowser.runtime.id, tab: { id: 999, url: "https://example.com/" } });
  const strangerGot: unknown[] = [];
  stranger.onMessage.addListener((m) => strangerGot.push(m));
  await until(() => strangerGot.length > 0);
  expect(strangerGot[0]).toEqual({ kind: "detached", reason: "This tab is not the party's tab." });

  const port: FakePort = fake.connect(PARTY_PORT, { id: fakeBrowser.runtime.id, tab: { id: tab.id, url: VIDEO } });
  const got: PortToContent[] = [];
  port.onMessage.addListener((m) => got.push(m as PortToContent));
  port.postMessage({ kind: "command", command: { v: PROTOCOL_VERSION, type: "chat", text: "hi" }, reqId: 1 });
  await until(() => server.streams.length === 1);
  server.streams[0]!.send("1", { v: PROTOCOL_VERSION, type: "presence", members: 3, hostOnline: true });
  await until(() => got.some((m) => m.kind === "event") && got.some((m) => m.kind === "result"));
  expect(got).toContainEqual({ kind: "connection", state: "open" });
  expect(got).toContainEqual({ kind: "event", event: { v: PROTOCOL_VERSION, type: "presence", members: 3, hostOnline: true } });
  expect(got).toContainEqual({ kind: "result", reqId: 1, ok: true });

  await fakeBrowser.tabs.onUpdated.trigger(tab.id!, { title: "New title" }, { ...tab, title: "New title" });
  await until(() => got.some((m) => m.kind === "tab"));
  expect(got).toContainEqual({ kind: "tab", url: VIDEO, title: "New title" });

  await fake.closeTab(tab.id!);
  port.disconnect();
  await until(() => server.streams[0]!.closed);
  await until(async () => (await controller.store.party())?.tabId === null);
});

test("leaving tells the server, forgets the party and detaches the tab", async () => {
  const { fake, server, controller, popup } = await setup();
  await controller.store.setSession({ kind: "account", token: "good", userId: "u2", username: "bob", displayName: "Bob", expiresAt: null });
  const tab = await fakeBrowser.tabs.create({ url: VIDEO });
  await controller.store.setParty({ id: "p1", inviteCode: "ABC123", role: "guest", videoUrl: VIDEO, title: "Trailer", platform: "YouTube", tabId: tab.id! });
  server.sse(/\/events$/).on("DELETE", "/api/v1/users/me/leave-party", () => new Response(null, { status: 204 }));
  const port = fake.connect(PARTY_PORT, { id: fakeBrowser.runtime.id, tab: { id: tab.id, url: VIDEO } });
  const got: PortToContent[] = [];
  port.onMessage.addListener((m) => got.push(m as PortToContent));
  await until(() => server.streams.length === 1);

  expect(await popup("popup:leaveParty", {})).toBeNull();
  expect(server.requests.some((r) => r.method === "DELETE" && r.path === "/api/v1/users/me/leave-party")).toBe(true);
  expect(await fakeBrowser.storage.local.get(STORAGE_KEYS.party)).toEqual({});
  await until(() => got.some((m) => m.kind === "detached"));
  await until(() => server.streams[0]!.closed);
  expect(MESSAGE_CHANNEL).toBe("viewparty");
});

test("another server set in the popup: new identity, the site bridge registered for its origin (and removed when back)", async () => {
  const { fake, controller, popup } = await setup();
  await controller.store.setSession({ kind: "account", token: "good", userId: "u1", username: "ann", displayName: "Ann", expiresAt: null });
  await expect(popup("popup:setServerUrl", { serverUrl: "ftp://nope" })).rejects.toThrow("Enter an http(s) address");
  expect(await popup("popup:setServerUrl", { serverUrl: "https://watch.example.org/some/page" })).toBe("https://watch.example.org");
  expect(await controller.store.settings()).toEqual({ serverUrl: "https://watch.example.org" });
  expect(await controller.store.session()).toBeNull();
  expect([...fake.registeredScripts.values()]).toEqual([
    { id: "viewparty-site-runtime", matches: ["https://watch.example.org/*"], js: ["content-scripts/site.js"], runAt: "document_start" },
  ]);
  await popup("popup:setServerUrl", { serverUrl: SITE });
  expect(fake.registeredScripts.size).toBe(0);
});

test("an outage behind the server keeps the stored session: a 503 from the account check or from health forgets nothing", async () => {
  const { server, popup, controller } = await setup();
  const session = { kind: "account" as const, token: "good", userId: "u1", username: "ann", displayName: "Ann", expiresAt: null };
  await controller.store.setSession(session);
  const down = { detail: "The server can't reach its database right now. You are still signed in; retrying shortly.", code: "service_unavailable" };
  server.on("GET", "/api/v1/users/me", () => Response.json(down, { status: 503, headers: { "Retry-After": "5" } }));
  let view = (await popup("popup:view", { tabId: null })) as BackgroundProtocol["popup:view"]["res"];
  expect(view.session).toMatchObject({ username: "ann" });
  expect(await controller.store.session()).toEqual(session);

  server.json("GET", "/api/v1/health", { ...down, unavailable: ["database"] }, 503);
  view = (await popup("popup:view", { tabId: null })) as typeof view;
  expect(view.serverError).toBe(down.detail);
  expect(view.session).toMatchObject({ username: "ann" });
  expect(await controller.store.session()).toEqual(session);
});
