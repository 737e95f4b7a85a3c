/**
 * Room addresses (lib/schemas/room.ts): what a person may pick, what reads as a reserved word or as
 * another address, and a streamer's default address from their username.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { defaultSlugFor, reservedSlugFor, roomCreateSchema, roomSlugSchema, slugSkeleton } from "@/lib/schemas/room";

const problem = (slug: unknown) => {
  const checked = roomSlugSchema.safeParse(slug);
  return checked.success ? null : checked.error.issues[0]!.message;
};

test("addresses are lowercased and trimmed; letters, digits and single inner hyphens only, 3 to 32 long", () => {
  expect(roomSlugSchema.parse("  Friday-Films ")).toBe("friday-films");
  expect(problem("abc")).toBeNull();
  expect(problem("a".repeat(32))).toBeNull();
  expect(problem("ab")).toBe("Address must be 3 to 32 characters.");
  expect(problem("a".repeat(33))).toBe("Address must be 3 to 32 characters.");
  for (const bad of ["a b c", "a_b-c", "-abc", "abc-", "ab--c", "héllo", "abc/def", "a.bc", "abc\u0000"]) {
    expect({ bad, message: problem(bad) }).toEqual({ bad, message: "Address may use only lowercase letters, digits and single hyphens between them." });
  }
  expect(problem(undefined)).toBe("Pick an address for the room.");
});

test("every top-level route of the site is reserved, and so is anything that reads like one", () => {
  const appDir = path.resolve(__dirname, "../../app");
  const segments = readdirSync(appDir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith("(") && !e.name.startsWith("["))
    .map((e) => e.name.toLowerCase())
    .filter((name) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(name) && name.length >= 3);
  expect(segments).toEqual(expect.arrayContaining(["parties", "profile", "api", "watch"]));
  for (const name of segments) expect({ name, message: problem(name) }).toEqual({ name, message: "That address is reserved for the site. Please pick another." });
  for (const lookalike of ["adm1n", "pr0file", "vlewparty", "viewparty", "parti3s", "watc-h"]) {
    expect({ lookalike, reserved: reservedSlugFor(lookalike) }).not.toEqual({ lookalike, reserved: null });
  }
  expect(reservedSlugFor("friday-films")).toBeNull();
});

test("lookalikes share a skeleton: 0/o, 1/l/i, 5/s, rn/m, vv/w and hyphens do not tell addresses apart", () => {
  expect(slugSkeleton("movie-night")).toBe(slugSkeleton("m0vie-nlght"));
  expect(slugSkeleton("movienight")).toBe(slugSkeleton("movie-night"));
  expect(slugSkeleton("modern")).toBe(slugSkeleton("rnodern"));
  expect(slugSkeleton("wave")).toBe(slugSkeleton("vvave"));
  expect(slugSkeleton("sams-club")).toBe(slugSkeleton("5ams-c1ub"));
  expect(slugSkeleton("movie-night")).not.toBe(slugSkeleton("movie-nights"));
});

test("a streamer's default address is their username, when that makes a valid one", () => {
  expect(defaultSlugFor("Rey_Streams")).toBe("rey-streams");
  expect(defaultSlugFor("rey.streams_")).toBe("rey-streams");
  expect(defaultSlugFor("ab")).toBeNull();
  expect(defaultSlugFor("profile")).toBeNull();
  expect(defaultSlugFor(null)).toBeNull();
  expect(defaultSlugFor("x".repeat(30))).toBe("x".repeat(30));
});

test("a room's title is required; privacy is public, unlisted or members", () => {
  expect(roomCreateSchema.parse({ title: " Films ", description: "  " })).toEqual({ title: "Films", description: null, privacy: "public" });
  expect(roomCreateSchema.safeParse({ title: "   " }).success).toBe(false);
  expect(roomCreateSchema.safeParse({ title: "Films", privacy: "secret" }).success).toBe(false);
  expect(roomCreateSchema.safeParse({ title: "Films", owner_id: "x" }).success).toBe(false);
});
