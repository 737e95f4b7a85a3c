/**
 * The routes module against the app/ folder it describes. `/{username}` is the public profile, so every
 * top-level route of the site must be a reserved username: a user named after a route (say "recordings")
 * would otherwise own a profile nobody can open. And every link the header, footer or sitemap derive
 * from the module must lead to a page that exists.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { isReservedUsername } from "@/lib/reserved-usernames";
import { FOOTER_LINKS, HEADER_LINKS, ROUTE_SEGMENTS, SITEMAP_PAGES } from "@/lib/routes";

const APP = join(__dirname, "../../app");

/** Files in app/ that Next serves under a URL of their own (metadata routes), by the URL's name. */
const METADATA_FILES: Record<string, string> = { "sitemap.ts": "sitemap.xml", "robots.ts": "robots.txt" };
/** Static metadata files (icons, images, manifest) are served under their own file name. */
const STATIC_METADATA = /^(?:icon|apple-icon|favicon|opengraph-image|twitter-image|manifest)\.[a-z0-9]+$/;

function metadataUrl(file: string): string | undefined {
  return METADATA_FILES[file] ?? (STATIC_METADATA.test(file) ? file : undefined);
}

/**
 * Top-level URL segments: folders of app/, looking through route groups "(name)"; dynamic folders
 * ("[username]") and private ones ("_lib") are not URLs of their own.
 */
function routeSegments(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (!entry.isDirectory()) {
      const url = metadataUrl(entry.name);
      return url ? [url] : [];
    }
    if (entry.name.startsWith("[") || entry.name.startsWith("_")) return [];
    return entry.name.startsWith("(") ? routeSegments(join(dir, entry.name)) : [entry.name];
  });
}

/** Whether `path` is served by a page.tsx, directly or inside a route group. */
function hasPage(path: string, dir = APP): boolean {
  const here = join(dir, ...path.split("/").filter(Boolean));
  if (existsSync(join(here, "page.tsx"))) return true;
  return readdirSync(dir, { withFileTypes: true }).some(
    (entry) => entry.isDirectory() && entry.name.startsWith("(") && hasPage(path, join(dir, entry.name)),
  );
}

describe("every route of the site", () => {
  const segments = routeSegments(APP);

  it("finds the routes inside groups and the metadata files (the scan itself works)", () => {
    expect(segments).toEqual(
      expect.arrayContaining(["parties", "profile", "watch", "recordings", "faqs", "about", "api", "sitemap.xml", "robots.txt", "icon.svg"]),
    );
    expect(segments).not.toContain("(marketing)");
    expect(segments).not.toContain("[username]");
  });

  it("is a reserved username, whatever its case", () => {
    expect(segments.filter((segment) => !isReservedUsername(segment))).toEqual([]);
    expect(segments.filter((segment) => !isReservedUsername(segment.toUpperCase()))).toEqual([]);
  });

  it("is listed in lib/routes, and lib/routes lists no route that is gone", () => {
    expect([...segments].sort()).toEqual([...ROUTE_SEGMENTS].sort());
  });
});

describe("links derived from lib/routes", () => {
  it("header: the six sections, in order", () => {
    expect(HEADER_LINKS.map((link) => [link.label, link.href])).toEqual([
      ["Getting Started", "/getting-started"],
      ["Streaming Guide", "/streaming-guide"],
      ["Watch Parties", "/parties"],
      ["Blogs", "/blogs"],
      ["FAQs", "/faqs"],
      ["About", "/about"],
    ]);
  });

  it("footer: the five links, in order", () => {
    expect(FOOTER_LINKS.map((link) => [link.label, link.href])).toEqual([
      ["Streaming Guide", "/streaming-guide"],
      ["About Us", "/about"],
      ["Contact Us", "/contact"],
      ["Terms of Service", "/terms-of-service"],
      ["Privacy Policy", "/privacy-policy"],
    ]);
  });

  it("every header, footer and sitemap link opens a page", () => {
    const targets = [...HEADER_LINKS.map((l) => l.href), ...FOOTER_LINKS.map((l) => l.href), ...SITEMAP_PAGES.map((p) => p.path)];
    expect(targets.filter((path) => !hasPage(path))).toEqual([]);
  });
});
