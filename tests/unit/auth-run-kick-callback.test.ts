/**
 * The Kick callback's sequence with a fake popup window: it consumes the stored attempt, posts
 * exactly one message to its opener addressed to its own origin, closes, and words failures as the
 * spec does ("Backend Error", "Could not sign you in with Kick.", "Critical error").
 */
import { ApiClientError } from "@/lib/api/client";

const exchangeKickCode = jest.fn();
jest.mock("@/lib/auth-client", () => ({
  exchangeKickCode: (...args: unknown[]) => exchangeKickCode(...args),
  exchangeToken: jest.fn(),
  refreshSession: jest.fn(),
}));

// Imported after the mock is in place.
import { runKickCallback } from "@/components/auth/run-kick-callback";

function fakeWindow(search: string, stored: Record<string, string>, pathname = "/auth/kick/callback") {
  const storage = new Map(Object.entries(stored));
  const opener = { postMessage: jest.fn() };
  const win = {
    location: { origin: "https://vp.example", search, pathname },
    opener,
    close: jest.fn(),
    sessionStorage: {
      getItem: (k: string) => storage.get(k) ?? null,
      removeItem: (k: string) => void storage.delete(k),
    },
  };
  return { win: win as unknown as Parameters<typeof runKickCallback>[0], opener, storage };
}

const attempt = { kick_oauth_state: "st", kick_code_verifier: "v".repeat(64) };

beforeEach(() => exchangeKickCode.mockReset());

test("success: the token goes to the opener on our origin only, the popup closes, the attempt is gone", async () => {
  exchangeKickCode.mockResolvedValue("kick-token");
  const { win, opener, storage } = fakeWindow("?code=c&state=st", attempt, "/kick-auth-callback");
  const statuses: string[] = [];
  await runKickCallback(win, (s) => statuses.push(s));
  expect(exchangeKickCode).toHaveBeenCalledWith({ code: "c", codeVerifier: "v".repeat(64), redirectPath: "/kick-auth-callback" });
  expect(opener.postMessage).toHaveBeenCalledTimes(1);
  expect(opener.postMessage).toHaveBeenCalledWith({ type: "kickAuthSuccess", token: "kick-token" }, "https://vp.example");
  expect(win.close).toHaveBeenCalled();
  expect(storage.size).toBe(0);
  expect(statuses).toEqual(["Exchanging code...", "Signed in with Kick. This window will close."]);
});

test.each([
  ["a server detail", new ApiClientError("x", 400, { detail: "Kick did not accept the sign-in code." }), "Error: Could not sign you in with Kick. Kick did not accept the sign-in code."],
  ["no detail", new ApiClientError("API error", 502, null), "Backend Error"],
  ["a network failure", new TypeError("Failed to fetch"), "Error: Critical error during Kick login: Failed to fetch"],
])("exchange failure with %s", async (_name, error, text) => {
  exchangeKickCode.mockRejectedValue(error);
  const { win, opener } = fakeWindow("?code=c&state=st", attempt);
  await runKickCallback(win, () => {});
  expect(opener.postMessage).toHaveBeenCalledWith({ type: "kickAuthError", error: text }, "https://vp.example");
  expect(win.close).toHaveBeenCalled();
});

test("a wrong state never reaches the server", async () => {
  const { win, opener, storage } = fakeWindow("?code=c&state=forged", attempt);
  await runKickCallback(win, () => {});
  expect(exchangeKickCode).not.toHaveBeenCalled();
  expect(opener.postMessage).toHaveBeenCalledWith(
    { type: "kickAuthError", error: "Error: Invalid state or code. Please try logging in again." },
    "https://vp.example",
  );
  expect(storage.size).toBe(0);
});
