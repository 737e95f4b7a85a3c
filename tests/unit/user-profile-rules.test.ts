/**
 * The shared display-name and picture rules (Edit Info, sign-up) and how a provider's profile is made
 * storable when a provider sign-in creates the account (cut and cleaned rather than refused).
 */
import { displayNameSchema, profileImageUrlSchema, toStorableDisplayName, toStorableImageUrl } from "@/lib/schemas/user";

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? "ok" : result.error?.issues[0]?.message);

test.each([
  ["Bob", "ok"],
  ["  Zoë  ", "ok"],
  ["👨‍👩‍👧 family", "ok"],
  ["x".repeat(50), "ok"],
  ["x".repeat(51), "Display name must be at most 50 characters."],
  ["x".repeat(1_000_000), "Display name must be at most 50 characters."],
  ["   ", "Display name is required."],
  ["a\u0000b", "Display name must not contain control characters."],
  ["line\nbreak", "Display name must not contain control characters."],
  ["\u202Egnp.exe", "Display name must not contain control characters."],
  ["iso\u2066late", "Display name must not contain control characters."],
].map(([name, expected]) => [name!.length > 60 ? `${name!.slice(0, 10)}… (${name!.length} chars)` : name, expected, name]))(
  "display name %j → %s",
  (_label, expected, name) => {
    expect(messageOf(displayNameSchema.safeParse(name))).toBe(expected);
  },
);

test.each([
  ["https://cdn.example.test/a.png", "ok"],
  ["http://example.test/a.png", "ok"],
  ["javascript:alert(1)", "Profile image must be an http(s) URL."],
  ["JavaScript:alert(1)", "Profile image must be an http(s) URL."],
  ["data:image/svg+xml;base64,PHN2Zz4=", "Profile image must be an http(s) URL."],
  ["//evil.example/x.png", "Profile image must be an http(s) URL."],
  [`https://example.test/${"a".repeat(2100)}`, "Profile image URL must be at most 2048 characters."],
].map(([url, expected]) => [url!.length > 60 ? `${url!.slice(0, 40)}… (${url!.length} chars)` : url, expected, url]))(
  "picture %j → %s",
  (_label, expected, url) => {
    expect(messageOf(profileImageUrlSchema.safeParse(url))).toBe(expected);
  },
);

test("a provider's name is cleaned and cut to a storable display name", () => {
  expect(toStorableDisplayName("  Ada\u0000 \nLovelace\u202E ")).toBe("Ada Lovelace");
  // A name that already passes the rule is kept as it is (trimmed).
  expect(toStorableDisplayName(" Ada  Lovelace ")).toBe("Ada  Lovelace");
  const long = toStorableDisplayName("y".repeat(1_000_000));
  expect(long).toBe("y".repeat(50));
  expect(displayNameSchema.safeParse(long).success).toBe(true);
  // Never half an emoji at the cut.
  const emoji = toStorableDisplayName(`${"a".repeat(49)}😀`);
  expect(emoji).toBe("a".repeat(49));
});

test("a provider's picture is kept only when it is an http(s) URL", () => {
  expect(toStorableImageUrl("https://static.example.test/me.jpg")).toBe("https://static.example.test/me.jpg");
  expect(toStorableImageUrl("javascript:alert(1)")).toBeNull();
  expect(toStorableImageUrl(42)).toBeNull();
});
