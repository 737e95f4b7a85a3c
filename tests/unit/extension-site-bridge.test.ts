/** @jest-environment jsdom */
/**
 * The site bridge (content script on the ViewParty site): answers AUTH_TOKEN and JOIN_PARTY posted by
 * this window with the site's origin; ignores other origins, other windows and malformed messages.
 */
import { installSiteBridge } from "@/extension/src/site/site-bridge";

const ORIGIN = "http://localhost";

function setup(origin: string | Promise<string> = ORIGIN) {
  const sent: unknown[] = [];
  const runtime = {
    sendMessage: async (message: unknown) => {
      sent.push(message);
      const type = (message as { type: string }).type;
      return { ok: true, value: type === "site:joinParty" ? { success: true, partyId: "p1" } : { success: true } };
    },
  };
  const replies: unknown[] = [];
  const postMessage = jest.spyOn(window, "postMessage").mockImplementation((message: unknown, target?: unknown) => {
    replies.push({ message, target });
  });
  const uninstall = installSiteBridge(window, runtime, origin);
  const post = (data: unknown, init: { origin?: string; source?: unknown } = {}) =>
    window.dispatchEvent(new MessageEvent("message", { data, origin: init.origin ?? ORIGIN, source: ("source" in init ? init.source : window) as Window | null }));
  return { sent, replies, post, uninstall, restore: () => postMessage.mockRestore() };
}

const flush = () => new Promise((r) => setTimeout(r, 0));
const join = { source: "viewparty-auth", type: "JOIN_PARTY", requestId: "r1", partyId: "ABC123" };
const auth = { source: "viewparty-auth", type: "AUTH_TOKEN", requestId: "r2", token: "t", userId: "u", username: "ann", displayName: "Ann", user: null, checkOnly: false };

test("JOIN_PARTY and AUTH_TOKEN from this window and origin are forwarded and answered to the site origin only", async () => {
  const s = setup(Promise.resolve(ORIGIN));
  s.post(join);
  s.post(auth);
  await flush();
  await flush();
  expect(s.sent).toEqual([
    { channel: "viewparty", type: "site:joinParty", data: { partyId: "ABC123" } },
    { channel: "viewparty", type: "site:authToken", data: auth },
  ]);
  expect(s.replies).toEqual([
    { message: { source: "viewparty-extension", type: "JOIN_PARTY_RESPONSE", requestId: "r1", data: { success: true, partyId: "p1" } }, target: ORIGIN },
    { message: { source: "viewparty-extension", type: "AUTH_TOKEN_RESPONSE", requestId: "r2", data: { success: true } }, target: ORIGIN },
  ]);
  s.uninstall();
  s.restore();
});

test("another origin, another window, a malformed or foreign message: ignored", async () => {
  const s = setup();
  s.post(join, { origin: "https://evil.example" });
  s.post(join, { source: null });
  s.post({ ...join, partyId: "" });
  s.post({ source: "someone-else", type: "JOIN_PARTY" });
  s.post("hello");
  await flush();
  expect(s.sent).toEqual([]);
  expect(s.replies).toEqual([]);
  s.uninstall();
  s.restore();
});

test("on a page that is not the configured site, nothing is answered", async () => {
  const s = setup("https://viewparty.example");
  s.post(join, { origin: ORIGIN });
  await flush();
  expect(s.sent).toEqual([]);
  s.uninstall();
  s.restore();
});
