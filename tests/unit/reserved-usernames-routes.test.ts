/**
 * `/{username}` is the public profile, so every route folder of the site must be a reserved username:
 * a user named after a route (say "recordings") would otherwise own a profile nobody can open.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { isReservedUsername } from "@/lib/reserved-usernames";

const APP = join(__dirname, "../../app");

/** Top-level URL segments: folders of app/, looking through route groups "(name)"; dynamic ones skipped. */
function routeSegments(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith("[") && !entry.name.startsWith("_"))
    .flatMap((entry) => (entry.name.startsWith("(") ? routeSegments(join(dir, entry.name)) : [entry.name]));
}

test("every top-level route of the site is a reserved username", () => {
  const segments = routeSegments(APP);
  expect(segments).toEqual(expect.arrayContaining(["parties", "profile", "watch", "recordings", "faqs", "api"]));
  expect(segments.filter((segment) => !isReservedUsername(segment))).toEqual([]);
});
