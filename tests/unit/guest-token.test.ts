/**
 * Guest tokens: what verification answers, the first time a token is seen and every time after (a
 * verified token is remembered, so a guest's commands do not recheck its signature): expiry still
 * refuses, a forged or altered token is refused, and a token signed with another secret is refused.
 */
import { resetEnvForTests } from "@/lib/server/env";
import { GUEST_TOKEN_TTL_MS, issueGuestToken, verifyGuestToken } from "@/lib/server/guests/guest-token";

const savedEnv = { ...process.env };

function useSecret(secret: string): void {
  process.env = { ...savedEnv, VP_DATA_DIR: "/tmp/vp-unit-guest-token", BETTER_AUTH_SECRET: secret };
  resetEnvForTests();
}

beforeEach(() => useSecret("a".repeat(32)));
afterAll(() => {
  process.env = savedEnv;
  resetEnvForTests();
});

test("a token names its guest on every use, until it expires; once expired it is refused every time", () => {
  const issuedAt = Date.now();
  const { token, guest } = issueGuestToken("Ada", issuedAt);
  for (let use = 0; use < 3; use++) expect(verifyGuestToken(token, issuedAt + 1000)).toEqual(guest);
  const expired = issuedAt + GUEST_TOKEN_TTL_MS;
  expect(verifyGuestToken(token, expired)).toBeNull();
  expect(verifyGuestToken(token, expired)).toBeNull();
  // Time passing is the only thing that expires it: an earlier clock still accepts it.
  expect(verifyGuestToken(token, issuedAt + 2000)).toEqual(guest);
});

test("a token with an altered payload or signature is refused, even after the real one was accepted", () => {
  const { token, guest } = issueGuestToken("Grace");
  expect(verifyGuestToken(token)).toEqual(guest);
  const [prefix, body, signature] = token.split(".") as [string, string, string];
  const otherBody = Buffer.from(JSON.stringify({ ...guest, name: "Mallory" })).toString("base64url");
  expect(verifyGuestToken(`${prefix}.${otherBody}.${signature}`)).toBeNull();
  const flipped = `${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`;
  expect(verifyGuestToken(`${prefix}.${body}.${flipped}`)).toBeNull();
  expect(verifyGuestToken(`${prefix}.${body}`)).toBeNull();
});

test("a token accepted under one secret is refused once the server runs with another", () => {
  const { token, guest } = issueGuestToken("Linus");
  expect(verifyGuestToken(token)).toEqual(guest);
  useSecret("b".repeat(32));
  expect(verifyGuestToken(token)).toBeNull();
});
