/** Usernames for provider sign-ups: derived from the provider's name, valid, not reserved, unique. */
import { pickFreeUsername, usernameBase } from "@/lib/server/accounts/derive-username";
import { isReservedUsername, USERNAME_MAX_LENGTH, USERNAME_PATTERN } from "@/lib/reserved-usernames";

test.each([
  [["Ada Lovelace"], "ada_lovelace"],
  [["StreamQueen"], "streamqueen"],
  [["José Núñez"], "jose_nunez"],
  [["  --Dots..and__spaces  "], "dots_and_spaces"],
  [["", "someone@example.com"], "someone"],
  [["스트리머", "kick-12@users.noreply.invalid"], "kick_12"],
  [["x"], "x_user"],
  [[null, undefined], "user"],
])("usernameBase(%j) → %s", (sources, expected) => {
  expect(usernameBase(...sources)).toBe(expected);
});

test("a very long name is cut so a suffix still fits under the maximum", () => {
  const base = usernameBase("a".repeat(80));
  expect(`${base}_a1b2c3`.length).toBeLessThanOrEqual(USERNAME_MAX_LENGTH);
  expect(USERNAME_PATTERN.test(base)).toBe(true);
});

test("taken names get _2, _3 …; a reserved base is never used as is", async () => {
  const taken = new Set(["ada", "ada_2"]);
  expect(await pickFreeUsername("ada", async (n) => taken.has(n))).toBe("ada_3");
  expect(isReservedUsername("admin")).toBe(true);
  expect(await pickFreeUsername("admin", async () => false)).toBe("admin_2");
});

test("when every numbered name is taken a random suffix is used", async () => {
  const name = await pickFreeUsername("busy", async (n) => /^busy(_\d+)?$/.test(n));
  expect(name).toMatch(/^busy_[0-9a-f]{6}$/);
});
