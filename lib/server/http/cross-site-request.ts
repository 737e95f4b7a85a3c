/**
 * Cross-site request forgery guard for API writes. A browser attaches the session cookie to a request
 * that another page makes, so any page the visitor opens could otherwise create parties or RSVPs in
 * their name. SameSite=Lax cookies do not help between pages of the same *site* (another port on
 * localhost, a sibling subdomain), and a body-less POST such as an RSVP needs no CORS preflight.
 *
 * The rule (the same as Go's net/http CrossOriginProtection, adapted to a configured site origin):
 * - Reads (GET, HEAD, OPTIONS) are never refused here: they must not change anything anyway.
 * - `Authorization: Bearer …` requests (the extension, guests, API clients) pass: a page on another
 *   origin cannot attach that header without a CORS preflight this API never grants, and browsers never
 *   add a bearer token on their own.
 * - `Sec-Fetch-Site: same-origin` or `none` (typed into the address bar, a bookmark) passes.
 * - An `Origin` header passes only when it is one of the site's origins (lib/server/http/site-origins.ts).
 * - Any other `Sec-Fetch-Site` (same-site, cross-site) or `Origin` is refused.
 * - A request with neither header passes: every browser that can send a credentialed cross-origin write
 *   (Chrome, Edge, Firefox, Safari of the last years) sends `Origin` on POST, PUT, PATCH and DELETE,
 *   so such a request comes from a non-browser client (curl, scripts, test runners) holding the cookie
 *   itself, which is no forgery.
 *
 * The check does not look at whether a cookie came along: a write that a browser says comes from
 * another site is refused even without one. Nothing legitimate is lost (the API sends no CORS headers,
 * so pages on other origins cannot use it), and the anonymous writes that *set* a session (token
 * exchange) cannot be used to sign a visitor in to someone else's account (login CSRF).
 *
 * Pure (headers in, verdict out) so the rule is unit-tested apart from the server.
 */

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export type CrossSiteVerdict = { allowed: true } | { allowed: false; reason: "origin" | "sec-fetch-site" };

/** `siteOrigins` must already be normalized (lib/server/http/site-origins.ts normalizeOrigin). */
export function checkCrossSiteWrite(method: string, headers: Pick<Headers, "get">, siteOrigins: readonly string[]): CrossSiteVerdict {
  if (SAFE_METHODS.has(method.toUpperCase())) return { allowed: true };
  if (/^Bearer\s+\S+$/i.test(headers.get("authorization") ?? "")) return { allowed: true };
  const fetchSite = headers.get("sec-fetch-site")?.trim().toLowerCase();
  if (fetchSite === "same-origin" || fetchSite === "none") return { allowed: true };
  const origin = headers.get("origin");
  if (origin !== null) {
    return siteOrigins.includes(origin.trim().replace(/\/+$/, "").toLowerCase()) ? { allowed: true } : { allowed: false, reason: "origin" };
  }
  if (fetchSite) return { allowed: false, reason: "sec-fetch-site" };
  return { allowed: true };
}
