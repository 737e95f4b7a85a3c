/** @jest-environment jsdom */
/**
 * The in-page overlay: isolated in a shadow root on a zero-footprint host; shows members, host,
 * "Reconnecting..." and the sync status; chat as text; draw tools for the host only; keys typed in
 * the overlay never reach the page's shortcuts.
 */
import type { PartyViewModel } from "@/lib/party-client/sync-session";
import { Overlay } from "@/extension/src/overlay/overlay";
import { adsText, bufferingText, connectionBadge, partyAdsText, syncStatusText, viewerOffsetText } from "@/lib/party-client/status-text";

const party = {
  id: "p1",
  state: "ACTIVE" as const,
  title: "T",
  hostUserId: "h",
  hostDisplayName: "Hank",
  platformDomain: "example.com",
  chatProvider: "builtin" as const,
  chatChannel: null,
  visibility: "public" as const,
  streamerLatencyMs: 0,
  media: { id: "m0", url: "https://example.com/v", title: "T", duration: null },
};

const model = (overrides: Partial<PartyViewModel> = {}): PartyViewModel => ({
  role: "guest",
  you: { userId: "g", displayName: "Gail" },
  party,
  members: 3,
  roster: null,
  hostOnline: true,
  connection: "open",
  connectionError: null,
  status: "synced",
  driftMs: 4,
  chat: [],
  strokes: [],
  notice: null,
  ...overrides,
});

function mount() {
  const handlers = { onChat: jest.fn(async () => undefined), onStroke: jest.fn(), onClear: jest.fn() };
  const overlay = new Overlay(document, handlers);
  const q = (name: string) => overlay.host.shadowRoot!.querySelector<HTMLElement>(`[data-vp="${name}"]`)!;
  return { overlay, handlers, q };
}

beforeAll(() => {
  // jsdom has no 2D canvas; the drawing itself is covered by extension-geometry and the e2e.
  jest.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(null);
});

afterEach(() => {
  document.documentElement.querySelectorAll("viewparty-overlay").forEach((n) => n.remove());
});

test("members, host, status; 'Reconnecting...' when our stream or the host's is down", () => {
  const { overlay, q } = mount();
  overlay.render(model());
  expect(q("members").textContent).toBe("3 watching");
  expect(q("host").textContent).toBe("Host: Hank");
  expect(q("badge").textContent).toBe("Live");
  expect(q("sync-status").textContent).toBe("In sync with the host (+4 ms)");
  overlay.render(model({ hostOnline: false }));
  expect(q("badge").textContent).toBe("Reconnecting...");
  overlay.render(model({ party: { ...party, state: "AWAITING_RECONNECT" } }));
  expect(q("badge").textContent).toBe("Reconnecting...");
  overlay.render(model({ connection: "reconnecting" }));
  expect(q("badge").textContent).toBe("Reconnecting...");
  overlay.render(model({ party: { ...party, state: "ENDED" } }));
  expect(q("badge").textContent).toBe("The party has ended.");
  // The page's layout is untouched: the host is fixed and the UI lives in its shadow root.
  expect(overlay.host.parentElement).toBe(document.documentElement);
  expect(document.body.children).toHaveLength(0);
  overlay.dispose();
  expect(document.querySelector("viewparty-overlay")).toBeNull();
});

test("chat is rendered as text and sent on submit; the host alone gets the drawing tools", async () => {
  const { overlay, q, handlers } = mount();
  overlay.render(model({ chat: [{ id: "1", userId: "x", displayName: "<b>Eve</b>", text: "<img src=x onerror=alert(1)>", at: 1 }] }));
  expect(q("chat-messages").querySelector("img")).toBeNull();
  expect(q("chat-messages").textContent).toContain("<img src=x onerror=alert(1)>");
  expect(q("draw-tools").hidden).toBe(true);
  overlay.render(model({ role: "host" }));
  expect(q("draw-tools").hidden).toBe(false);
  expect(q("host").textContent).toBe("Host: you");

  const input = q("chat-input") as HTMLInputElement;
  input.value = "hello";
  q("chat-form").dispatchEvent(new Event("submit", { cancelable: true, bubbles: true }));
  expect(handlers.onChat).toHaveBeenCalledWith("hello");
  q("clear").click();
  expect(handlers.onClear).toHaveBeenCalled();
  overlay.dispose();
});

test("keys typed in the overlay do not reach the page; the page's own keys are untouched", () => {
  const { overlay, q } = mount();
  overlay.render(model());
  const seen: string[] = [];
  document.addEventListener("keydown", (event) => seen.push(event.key));
  q("chat-input").dispatchEvent(new KeyboardEvent("keydown", { key: " ", bubbles: true, composed: true }));
  document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "k", bubbles: true }));
  expect(seen).toEqual(["k"]);
  overlay.dispose();
});

test("the Twitch chat embed replaces the built-in chat for a streamer's party", () => {
  const { overlay, q } = mount();
  overlay.render(model({ party: { ...party, chatProvider: "twitch", chatChannel: "ann_tv" } }));
  const frame = q("twitch-chat") as HTMLIFrameElement;
  expect(frame.src).toBe("https://www.twitch.tv/embed/ann_tv/chat?parent=localhost&darkpopout");
  expect(q("chat-form").hidden).toBe(true);
  overlay.dispose();
});

test("status texts", () => {
  expect(syncStatusText({ status: "media", driftMs: null, role: "guest" })).toBe("Waiting for the party's video…");
  expect(syncStatusText({ status: "correcting", driftMs: -12.4, role: "guest" })).toBe("Fine-tuning sync… (−12 ms)");
  expect(syncStatusText({ status: "host", driftMs: null, role: "host" })).toBe("You are the host: everyone follows your player");
  expect(connectionBadge(model({ connection: "closed", connectionError: "Party not found." }))).toEqual({ text: "Party not found.", tone: "error" });
  // Reconnecting because a service behind the server is down: the server's reason goes with it.
  const down = "The server can't reach its realtime service (Redis) right now. Retrying shortly.";
  expect(connectionBadge(model({ connection: "reconnecting", connectionError: down }))).toEqual({ text: `Reconnecting... ${down}`, tone: "warn" });
  expect(connectionBadge(model({ connection: "reconnecting", connectionError: null }))).toEqual({ text: "Reconnecting...", tone: "warn" });
  expect(syncStatusText({ status: "host-buffering", driftMs: 0, role: "guest" })).toBe("The host's video is buffering: waiting for it…");
  expect(viewerOffsetText(0)).toBe("In step with the host");
  expect(viewerOffsetText(40)).toBe("In step with the host");
  expect(viewerOffsetText(500)).toBe("0.5 s ahead of the host");
  expect(viewerOffsetText(-10_000)).toBe("10.0 s behind the host");
  const who = (...names: string[]) => names.map((displayName, i) => ({ memberId: `m${i}`, displayName }));
  expect(bufferingText(who())).toBeNull();
  expect(bufferingText(who("Gail"))).toBe("Gail is buffering");
  expect(bufferingText(who("Gail", "Sam"))).toBe("Gail and Sam are buffering");
  expect(bufferingText(who("Gail", "Sam", "Ann"))).toBe("Gail and 2 others are buffering");
});

test("the host sees who is buffering (and whether everyone waits), and switches the policy; guests do not", async () => {
  const onWaitForEveryone = jest.fn(async () => undefined);
  const overlay = new Overlay(document, { onChat: jest.fn(async () => undefined), onStroke: jest.fn(), onClear: jest.fn(), onWaitForEveryone });
  const q = (name: string) => overlay.host.shadowRoot!.querySelector<HTMLElement>(`[data-vp="${name}"]`)!;
  const buffering = [{ memberId: "g", displayName: "Gail" }];
  overlay.render(model({ role: "host", buffering }));
  expect(q("buffering").hidden).toBe(false);
  expect(q("buffering").textContent).toBe("Gail is buffering");
  expect(q("wait-for-everyone").textContent).toBe("Wait for everyone: off");
  q("wait-for-everyone").click();
  expect(onWaitForEveryone).toHaveBeenCalledWith(true);
  overlay.render(model({ role: "host", buffering, waitForEveryone: true, waitingForBuffering: true }));
  expect(q("wait-for-everyone").getAttribute("aria-pressed")).toBe("true");
  expect(q("buffering").textContent).toBe("Gail is buffering: everyone waits (up to 30 s)");
  overlay.render(model({ role: "host", buffering: [] }));
  expect(q("buffering").hidden).toBe(true);
  overlay.render(model({ role: "guest", buffering }));
  expect(q("buffering").hidden).toBe(true);
  overlay.dispose();
});

test("ad texts: who is watching one (the host named as such), your own, and for the host whether everyone waits", () => {
  const who = (...names: string[]) => names.map((displayName, i) => ({ memberId: `m${i}`, displayName }));
  expect(adsText(who())).toBeNull();
  expect(adsText(who("Gail"))).toBe("Gail is watching an ad");
  expect(adsText(who("Gail", "Sam"))).toBe("Gail and Sam are watching ads");
  expect(adsText(who("Gail", "Sam", "Ann"))).toBe("Gail and 2 others are watching ads");
  expect(adsText([{ memberId: "h", displayName: "Hank" }, ...who("Sam")], "h")).toBe("The host and Sam are watching ads");
  const gail = who("Gail");
  expect(partyAdsText(model({ ads: gail }))).toBe("Gail is watching an ad");
  expect(partyAdsText(model({ ads: [] }))).toBeNull();
  expect(partyAdsText(model({ role: "host", ads: gail }))).toBe("Gail is watching an ad");
  expect(partyAdsText(model({ role: "host", ads: gail, waitingForAds: true }))).toBe("Gail is watching an ad: everyone waits (up to 3 min)");
  expect(partyAdsText(model({ role: "host", inAd: true }))).toBe("You're watching an ad: everyone waits for you");
  expect(partyAdsText(model({ role: "host", inAd: true, ads: gail }))).toBe("You're watching an ad: everyone waits for you. Gail is watching an ad");
  // A guest's own ad is their sync status; the party held by the host's ad says so.
  expect(syncStatusText({ status: "ad", driftMs: null, role: "guest" })).toBe("You're watching an ad: back in sync when it ends");
  expect(syncStatusText(model({ status: "host-buffering", ads: [{ memberId: "h", displayName: "Hank" }] }))).toBe("The host is watching an ad: waiting for it…");
  expect(syncStatusText(model({ status: "host-buffering", ads: gail }))).toBe("The host's video is buffering: waiting for it…");
});

test("everyone sees who is watching an ad; the host switches Pause for ads; a guest has no such switch", () => {
  const onPauseForAds = jest.fn(async () => undefined);
  const overlay = new Overlay(document, { onChat: jest.fn(async () => undefined), onStroke: jest.fn(), onClear: jest.fn(), onPauseForAds });
  const q = (name: string) => overlay.host.shadowRoot!.querySelector<HTMLElement>(`[data-vp="${name}"]`)!;
  const ads = [{ memberId: "s", displayName: "Sam" }];
  overlay.render(model({ ads }));
  expect(q("ads").hidden).toBe(false);
  expect(q("ads").textContent).toBe("Sam is watching an ad");
  expect(q("draw-tools").hidden).toBe(true);
  overlay.render(model({ role: "host", ads }));
  expect(q("pause-for-ads").hidden).toBe(false);
  expect(q("pause-for-ads").textContent).toBe("Pause for ads: off");
  q("pause-for-ads").click();
  expect(onPauseForAds).toHaveBeenCalledWith(true);
  overlay.render(model({ role: "host", ads, pauseForAds: true, waitingForAds: true }));
  expect(q("pause-for-ads").getAttribute("aria-pressed")).toBe("true");
  expect(q("ads").textContent).toBe("Sam is watching an ad: everyone waits (up to 3 min)");
  q("pause-for-ads").click();
  expect(onPauseForAds).toHaveBeenLastCalledWith(false);
  overlay.render(model({ role: "host", ads: [] }));
  expect(q("ads").hidden).toBe(true);
  overlay.dispose();
  // Without the handler (a page that cannot send it) the switch stays hidden.
  const { overlay: plain, q: pq } = mount();
  plain.render(model({ role: "host" }));
  expect(pq("pause-for-ads").hidden).toBe(true);
});

test("while the party is recorded everyone sees it, and whether chat is recorded", () => {
  const { overlay, q } = mount();
  overlay.render(model());
  expect(q("recording").hidden).toBe(true);
  overlay.render(model({ recording: { id: "r1", startedAt: 1, includeChat: true } }));
  expect(q("recording").hidden).toBe(false);
  expect(q("recording").textContent).toBe("● Recording · This party is being recorded, chat included.");
  overlay.render(model({ recording: { id: "r1", startedAt: 1, includeChat: false } }));
  expect(q("recording").textContent).toBe("● Recording · This party is being recorded (chat is not).");
  overlay.render(model({ recording: null }));
  expect(q("recording").hidden).toBe(true);
});

function mountWithHostTools() {
  const handlers = {
    onChat: jest.fn(async () => undefined),
    onStroke: jest.fn(),
    onClear: jest.fn(),
    onRecord: jest.fn(async (_on: boolean) => undefined),
    onTwitchVotes: jest.fn(async (_on: boolean) => undefined),
    onReport: jest.fn(async (_id: string) => undefined),
  };
  const overlay = new Overlay(document, handlers);
  const q = (name: string) => overlay.host.shadowRoot!.querySelector<HTMLButtonElement>(`[data-vp="${name}"]`)!;
  return { overlay, handlers, q };
}

const youtubeParty = { ...party, platformDomain: "youtube.com", media: { ...party.media, url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" } };

test("the host of a YouTube party records from the overlay: Record, then Stop recording", () => {
  const { overlay, handlers, q } = mountWithHostTools();
  overlay.render(model({ role: "host", you: { userId: "h", displayName: "Hank" }, party: youtubeParty }));
  expect(q("record").hidden).toBe(false);
  expect(q("record").textContent).toBe("Record");
  q("record").click();
  expect(handlers.onRecord).toHaveBeenLastCalledWith(true);

  overlay.render(model({ role: "host", you: { userId: "h", displayName: "Hank" }, party: youtubeParty, recording: { id: "r1", startedAt: 1, includeChat: true } }));
  expect(q("record").textContent).toBe("Stop recording");
  q("record").click();
  expect(handlers.onRecord).toHaveBeenLastCalledWith(false);

  // Another site's video cannot be recorded (the recording replays over the YouTube embed); guests never get the tools.
  overlay.render(model({ role: "host", you: { userId: "h", displayName: "Hank" } }));
  expect(q("record").hidden).toBe(true);
  overlay.render(model({ party: youtubeParty }));
  expect(q("draw-tools").hidden).toBe(true);
});

test("the host of a Twitch-chat party turns !vote from Twitch chat on and off; other parties have no such switch", () => {
  const { overlay, handlers, q } = mountWithHostTools();
  const twitchParty = { ...party, chatProvider: "twitch" as const, chatChannel: "streamer" };
  overlay.render(model({ role: "host", you: { userId: "h", displayName: "Hank" }, party: twitchParty, twitchVotes: false }));
  expect(q("twitch-votes").hidden).toBe(false);
  expect(q("twitch-votes").getAttribute("aria-pressed")).toBe("false");
  q("twitch-votes").click();
  expect(handlers.onTwitchVotes).toHaveBeenLastCalledWith(true);
  overlay.render(model({ role: "host", you: { userId: "h", displayName: "Hank" }, party: twitchParty, twitchVotes: true }));
  expect(q("twitch-votes").getAttribute("aria-pressed")).toBe("true");
  expect(q("twitch-votes").textContent).toBe("Twitch !vote: on");
  q("twitch-votes").click();
  expect(handlers.onTwitchVotes).toHaveBeenLastCalledWith(false);

  overlay.render(model({ role: "host", you: { userId: "h", displayName: "Hank" } }));
  expect(q("twitch-votes").hidden).toBe(true);
});

test("others' messages can be reported (a second press confirms); one you reported shows as reported", () => {
  const { overlay, handlers } = mountWithHostTools();
  const chat = [
    { id: "m1", userId: "g", displayName: "Gail", text: "mine", at: 1 },
    { id: "m2", userId: "b", displayName: "Bob", text: "something rude", at: 2 },
  ];
  overlay.render(model({ chat }));
  const root = overlay.host.shadowRoot!;
  expect(root.querySelector('[aria-label="Report message from Gail"]')).toBeNull();
  const report = root.querySelector<HTMLButtonElement>('[aria-label="Report message from Bob"]')!;
  report.click();
  expect(handlers.onReport).not.toHaveBeenCalled();
  expect(report.textContent).toBe("Confirm report");
  report.click();
  expect(handlers.onReport).toHaveBeenCalledWith("m2");

  overlay.render(model({ chat, reports: [{ messageId: "m2", reporterId: "g", reporterName: "Gail", authorId: "b", authorName: "Bob", text: "something rude", at: 3 }] }));
  const messages = root.querySelector('[data-vp="chat-messages"]')!;
  expect(messages.textContent).toContain("Message from Bob reported");
  expect(messages.textContent).not.toContain("something rude");
});

test("a guest gets Sync now and their own offset (0.1 s steps); the host does not", () => {
  const onSyncNow = jest.fn();
  const onViewerOffset = jest.fn();
  const overlay = new Overlay(document, { onChat: jest.fn(async () => undefined), onStroke: jest.fn(), onClear: jest.fn(), onSyncNow, onViewerOffset });
  const q = (name: string) => overlay.host.shadowRoot!.querySelector<HTMLElement>(`[data-vp="${name}"]`)!;
  overlay.render(model({ viewerOffsetMs: 0 }));
  expect(q("guest-sync").hidden).toBe(false);
  expect(q("viewer-offset").textContent).toBe("In step with the host");
  q("sync-now").click();
  expect(onSyncNow).toHaveBeenCalledTimes(1);
  q("offset-up").click();
  expect(onViewerOffset).toHaveBeenLastCalledWith(100);
  overlay.render(model({ viewerOffsetMs: -1200 }));
  expect(q("viewer-offset").textContent).toBe("1.2 s behind the host");
  q("offset-down").click();
  expect(onViewerOffset).toHaveBeenLastCalledWith(-1300);
  overlay.render(model({ role: "host", viewerOffsetMs: 0 }));
  expect(q("guest-sync").hidden).toBe(true);
  overlay.dispose();
});
