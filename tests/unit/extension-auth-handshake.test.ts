/** The /extension-auth handshake's outcomes and their texts. */
import { runExtensionHandshake, type HandshakeDeps } from "@/components/extension/run-extension-handshake";
import { ExtensionTimeoutError } from "@/lib/extension-bridge/request-extension";

const user = { id: "u1", name: "Ann A.", username: "ann" };
const deps = (overrides: Partial<HandshakeDeps> = {}): HandshakeDeps & { requests: unknown[] } => {
  const requests: unknown[] = [];
  return {
    requests,
    storedToken: () => "stored-token",
    exchangeSession: async () => "exchanged-token",
    request: async (message, timeoutMs) => {
      requests.push({ message, timeoutMs });
      return { success: true };
    },
    ...overrides,
  };
};

test("acknowledged: the stored token is sent once with the user's identity, waiting 5 s", async () => {
  const d = deps();
  expect(await runExtensionHandshake(user, { checkOnly: false, provider: null }, d)).toEqual({ kind: "acknowledged" });
  expect(d.requests).toEqual([
    {
      timeoutMs: 5000,
      message: {
        type: "AUTH_TOKEN",
        token: "stored-token",
        userId: "u1",
        username: "ann",
        displayName: "Ann A.",
        user: { id: "u1", username: "ann", displayName: "Ann A.", name: "Ann A." },
        checkOnly: false,
      },
    },
  ]);
});

test("without a stored token the session is exchanged; no token at all is 'Missing authentication data'", async () => {
  const d = deps({ storedToken: () => null });
  await runExtensionHandshake(user, { checkOnly: true, provider: null }, d);
  expect(d.requests[0]).toMatchObject({ message: { token: "exchanged-token", checkOnly: true } });
  const none = deps({
    storedToken: () => null,
    exchangeSession: async () => {
      throw new Error("401");
    },
  });
  expect(await runExtensionHandshake(user, { checkOnly: false, provider: null }, none)).toEqual({
    kind: "failed",
    error: "Missing authentication data. Please try logging in again.",
  });
  expect(none.requests).toEqual([]);
});

test("no answer in time: the token and user id for the manual fallback", async () => {
  const d = deps({
    request: async () => {
      throw new ExtensionTimeoutError();
    },
  });
  expect(await runExtensionHandshake(user, { checkOnly: false, provider: null }, d)).toEqual({
    kind: "no-ack",
    error: "No response from extension within 5 seconds",
    token: "stored-token",
    userId: "u1",
  });
});

test("a refusal, an exception, and a missing username or Twitch name are reported in the spec's words", async () => {
  expect(await runExtensionHandshake(user, { checkOnly: false, provider: null }, deps({ request: async () => ({ success: false, error: "bad token" }) }))).toEqual({
    kind: "refused",
    error: "Authentication failed: bad token",
  });
  expect(
    await runExtensionHandshake(user, { checkOnly: false, provider: null }, deps({ request: async () => Promise.reject(new Error("postMessage failed")) })),
  ).toEqual({ kind: "failed", error: "Exception sending token to extension: postMessage failed" });
  expect(await runExtensionHandshake({ id: "u1", name: "Ann" }, { checkOnly: false, provider: null }, deps())).toEqual({
    kind: "failed",
    error: "Could not obtain your ViewParty username. Please try again or contact support.",
  });
  expect(await runExtensionHandshake({ id: "u1", name: "" }, { checkOnly: false, provider: "twitch" }, deps())).toEqual({
    kind: "failed",
    error: "Could not obtain your Twitch username. Please try again or contact support.",
  });
});
