/** @jest-environment jsdom */
/**
 * The in-page overlay: isolated in a shadow root on a zero-footprint host; shows members, host,
 * "Reconnecting..." and the sync status; chat as text; draw tools for the host only; keys typed in
 * the overlay never reach the page's shortcuts.
 */
import type { PartyViewModel } from "@/extension/src/content/sync-session";
import { Overlay } from "@/extension/src/overlay/overlay";
import { connectionBadge, syncStatusText } from "@/extension/src/overlay/status-text";

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
