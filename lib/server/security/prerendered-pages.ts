import "server-only";
/**
 * CSP hashes for pages served as prerendered HTML. Marketing, FAQ, blog and most app pages are
 * rendered at build time, so their inline scripts (Next's bootstrap and RSC payload) cannot carry a
 * per-request nonce; instead the policy lists the sha256 of each of those scripts, read from the very
 * HTML file Next serves (`<distDir>/server/app/<path>.html`). The file's mtime is the cache key, so a
 * rewritten file is hashed again.
 *
 * Pages Next renders on demand and then keeps: a path of a prerendered dynamic route that the build
 * did not generate (an unknown blog slug, answered "Post not found." with 404). The first request
 * renders it with that request's nonce; Next stores the HTML in its response cache
 * (`<distDir>/server/route-cache/APP_PAGE/<route>/$<path>.html`) and serves that copy, stale nonce and
 * all, to later visitors, whose policy has a new nonce. So for such paths the hashes of the cached
 * copy are listed too, and its scripts keep running without the page leaving Next's cache.
 *
 * Next's fallback documents (`_not-found`, `_global-error`) can be served for any path, so their
 * hashes are always included.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { inlineScriptHashes } from "@/lib/security/content-security-policy";
import { LRUCache } from "lru-cache";

const FALLBACK_DOCUMENTS = ["/_not-found", "/_global-error"];
const SAFE_PATH = /^\/[A-Za-z0-9._~\-/]*$/;

/** Bounded: on-demand pages (unknown blog slugs) could otherwise grow it without limit. */
const cache = new LRUCache<string, { mtimeMs: number; hashes: string[] }>({ max: 2_000 });

interface PrerenderManifest {
  routes: Record<string, unknown>;
  dynamicRoutes: Record<string, { routeRegex: string; fallback: string | null | false }>;
}

const manifests = new Map<string, { prerendered: Set<string>; onDemandRoutes: RegExp[] } | null>();

/** Which paths the build prerendered, and which routes render further paths on demand and keep them. */
function manifest(distDir: string) {
  if (!manifests.has(distDir)) {
    try {
      const raw = JSON.parse(readFileSync(path.join(distDir, "prerender-manifest.json"), "utf8")) as PrerenderManifest;
      manifests.set(distDir, {
        prerendered: new Set(Object.keys(raw.routes)),
        // fallback false: unknown params are a plain 404 and nothing is rendered on demand.
        onDemandRoutes: Object.values(raw.dynamicRoutes)
          .filter((route) => route.fallback !== false)
          .map((route) => new RegExp(route.routeRegex)),
      });
    } catch {
      manifests.set(distDir, null); // `next dev`: nothing is prerendered, every page gets the nonce
    }
  }
  return manifests.get(distDir) ?? null;
}

function normalized(pathname: string): string | null {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (!SAFE_PATH.test(trimmed) || trimmed.split("/").some((segment) => segment === ".." || segment === ".")) return null;
  return trimmed;
}

function inside(dir: string, file: string): string | null {
  return file.startsWith(dir + path.sep) ? file : null;
}

function buildFile(distDir: string, pathname: string): string | null {
  const appDir = path.join(distDir, "server", "app");
  return inside(appDir, path.join(appDir, `${pathname === "/" ? "/index" : pathname}.html`));
}

/** The copies Next keeps of pages it rendered on demand (one folder per route). */
function responseCacheFiles(distDir: string, pathname: string): string[] {
  const pagesDir = path.join(distDir, "server", "route-cache", "APP_PAGE");
  let routes: string[];
  try {
    routes = readdirSync(pagesDir);
  } catch {
    return []; // nothing rendered on demand yet
  }
  return routes.map((route) => inside(pagesDir, path.join(pagesDir, route, `$${pathname}.html`))).filter((f): f is string => f !== null);
}

function hashesOf(file: string): string[] {
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return []; // not prerendered: the page is rendered per request and uses the nonce
  }
  const hit = cache.get(file);
  if (hit && hit.mtimeMs === mtimeMs) return hit.hashes;
  const hashes = inlineScriptHashes(readFileSync(file, "utf8"));
  cache.set(file, { mtimeMs, hashes });
  return hashes;
}

/** `sha256-…` sources for the page at `pathname` (none when it is rendered per request) plus the fallbacks. */
export function prerenderedScriptHashes(distDir: string, pathname: string): string[] {
  const page = normalized(pathname);
  const files = FALLBACK_DOCUMENTS.map((p) => buildFile(distDir, p));
  if (page) {
    files.unshift(buildFile(distDir, page));
    const m = manifest(distDir);
    if (m && !m.prerendered.has(page) && m.onDemandRoutes.some((re) => re.test(page))) files.push(...responseCacheFiles(distDir, page));
  }
  return [...new Set(files.filter((f): f is string => f !== null).flatMap(hashesOf))];
}
