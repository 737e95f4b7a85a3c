/**
 * The site's Content-Security-Policy and the other response security headers that depend on the
 * request (HSTS). Pure: proxy.ts supplies the nonce, the script hashes and whether the request came
 * over https. Headers that never vary (nosniff, Referrer-Policy, Permissions-Policy) are set for every
 * path in next.config.mjs.
 *
 * Scripts: only the site's own files (`'self'`) and inline scripts that carry this response's nonce
 * (pages rendered per request) or whose sha256 is listed (pages prerendered at build time: their inline
 * scripts are fixed, so their hashes are computed from the prerendered HTML, and the pages stay
 * static). No `'unsafe-inline'`, so an injected `<script>` or `onerror=` attribute does not run.
 * JSON-LD blocks (`type="application/ld+json"`) are data, not scripts, and need neither.
 *
 * Styles allow `'unsafe-inline'`: React renders `style="…"` attributes (profile colours, next/image)
 * into the HTML, which neither a nonce nor a hash can cover; injected CSS cannot run code.
 */
import { createHash } from "node:crypto";
import type { CspSources } from "./csp-sources";

export interface PagePolicyOptions {
  /** Per-request nonce (base64) for pages rendered on demand; Next.js adds it to its own scripts. */
  nonce?: string;
  /** `sha256-…` sources for the inline scripts of prerendered pages. */
  scriptHashes: readonly string[];
  sources: CspSources;
  /** The site is served over https: upgrade any stray http subresource. */
  https: boolean;
  /** `next dev`: React's dev build evaluates code and hot reload uses a WebSocket. */
  dev: boolean;
}

function directive(name: string, values: readonly string[]): string {
  return [name, ...new Set(values)].join(" ");
}

export function pagePolicy({ nonce, scriptHashes, sources, https, dev }: PagePolicyOptions): string {
  return [
    directive("default-src", ["'self'"]),
    directive("script-src", ["'self'", ...(nonce ? [`'nonce-${nonce}'`] : []), ...scriptHashes.map((h) => `'${h}'`), ...sources.script, ...(dev ? ["'unsafe-eval'"] : [])]),
    directive("style-src", ["'self'", "'unsafe-inline'"]),
    directive("img-src", ["'self'", ...sources.img]),
    directive("font-src", ["'self'", "data:"]),
    directive("media-src", ["'self'", ...sources.media]),
    directive("connect-src", ["'self'", ...sources.connect, ...(dev ? ["ws:", "wss:"] : [])]),
    // Without embeds, no frames at all (an empty source list would not be valid syntax).
    directive("frame-src", sources.frame.length > 0 ? sources.frame : ["'none'"]),
    directive("object-src", ["'none'"]),
    directive("base-uri", ["'self'"]),
    directive("form-action", ["'self'"]),
    // Pages may be framed by the site itself only: no clickjacking of /profile and the forms.
    directive("frame-ancestors", ["'self'"]),
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** API responses are data: they load nothing and may not be framed. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** One year; subdomains of the site's own host included, no preload-list opt-in. */
export const HSTS_VALUE = "max-age=31536000; includeSubDomains";

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const DATA_TYPE = /\btype\s*=\s*["']?(?:application\/(?:ld\+)?json|text\/plain)["'\s>]/i;

/**
 * The `sha256-…` source of every inline script that a browser would run in this HTML (external
 * `src` scripts fall under `'self'`, and JSON data blocks are not run). The hash covers the exact text
 * between the tags, as CSP hashes it.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", body = ""] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || DATA_TYPE.test(`${attributes} `)) continue;
    hashes.add(`sha256-${createHash("sha256").update(body, "utf8").digest("base64")}`);
  }
  return [...hashes];
}

/** A fresh nonce per response: 128 random bits, base64. */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Buffer.from(bytes).toString("base64");
}
