/**
 * The Kick popup's pieces: the callback's checks and texts, the opener's message
 * filter (own origin, own popup, known shapes only) and the PKCE challenge.
 */
import { createHash } from "node:crypto";
import { checkKickCallback } from "@/components/auth/check-kick-callback";
import { pkceChallenge, randomUrlSafe, readKickMessage } from "@/components/auth/kick-oauth";

const stored = { state: "the-state", verifier: "v".repeat(64) };
const params = (p: Partial<Record<"code" | "state" | "error" | "errorDescription", string>>) => ({
  code: p.code ?? null,
  state: p.state ?? null,
  error: p.error ?? null,
  errorDescription: p.errorDescription ?? null,
});

describe("checkKickCallback", () => {
  test("matching state, code and a stored verifier pass", () => {
    expect(checkKickCallback(params({ code: "c", state: "the-state" }), stored)).toEqual({ ok: true, code: "c", verifier: stored.verifier });
  });

  test.each([
    ["wrong state", params({ code: "c", state: "other" }), stored],
    ["no state", params({ code: "c" }), stored],
    ["no code", params({ state: "the-state" }), stored],
    ["nothing stored", params({ code: "c", state: "the-state" }), { state: null, verifier: null }],
  ])("%s → the invalid state text", (_name, p, s) => {
    expect(checkKickCallback(p, s)).toEqual({ ok: false, message: "Error: Invalid state or code. Please try logging in again." });
  });

  test("no stored verifier → the verifier text", () => {
    expect(checkKickCallback(params({ code: "c", state: "the-state" }), { state: "the-state", verifier: null })).toEqual({
      ok: false,
      message: "Error: Code verifier missing. Please try logging in again.",
    });
  });

  test("a provider error with our state names the provider's reason; with another state it is an invalid state", () => {
    expect(checkKickCallback(params({ error: "access_denied", errorDescription: "Declined.", state: "the-state" }), stored)).toEqual({
      ok: false,
      message: "Error: Could not sign you in with Kick. Declined.",
    });
    expect(checkKickCallback(params({ error: "access_denied", state: "forged" }), stored)).toEqual({
      ok: false,
      message: "Error: Invalid state or code. Please try logging in again.",
    });
  });
});

describe("readKickMessage", () => {
  const popup = {};
  const expected = { origin: "https://viewparty.example", source: popup };

  test("accepts the two message types from the popup on our origin", () => {
    expect(readKickMessage({ origin: expected.origin, source: popup as MessageEventSource, data: { type: "kickAuthSuccess", token: "t" } }, expected)).toEqual({
      type: "kickAuthSuccess",
      token: "t",
    });
    expect(readKickMessage({ origin: expected.origin, source: popup as MessageEventSource, data: { type: "kickAuthError", error: "e" } }, expected)).toEqual({
      type: "kickAuthError",
      error: "e",
    });
  });

  test("ignores other origins, other windows and other shapes", () => {
    const success = { type: "kickAuthSuccess", token: "t" };
    expect(readKickMessage({ origin: "https://evil.example", source: popup as MessageEventSource, data: success }, expected)).toBeNull();
    expect(readKickMessage({ origin: expected.origin, source: {} as MessageEventSource, data: success }, expected)).toBeNull();
    expect(readKickMessage({ origin: expected.origin, source: popup as MessageEventSource, data: { type: "kickAuthSuccess" } }, expected)).toBeNull();
    expect(readKickMessage({ origin: expected.origin, source: popup as MessageEventSource, data: "kickAuthSuccess" }, expected)).toBeNull();
  });
});

test("PKCE S256 is base64url(sha256(verifier)) (RFC 7636); random values are URL-safe", async () => {
  const verifier = randomUrlSafe(48);
  expect(await pkceChallenge(verifier)).toBe(createHash("sha256").update(verifier).digest("base64url"));
  expect(verifier).toMatch(/^[A-Za-z0-9_-]{64}$/);
  expect(randomUrlSafe(48)).not.toBe(verifier);
});
