/**
 * Security headers that never vary, on every response (pages, API, static files). next.config.mjs
 * declares them for every path; the app server's hot path (lib/server/hot-path) sets the same ones on
 * what it serves itself. The ones that depend on the request (Content-Security-Policy with its nonce
 * or hashes, HSTS) are set in proxy.ts. Plain JavaScript: next.config.mjs imports it as is.
 */
export const STATIC_SECURITY_HEADERS = Object.freeze([
  // Files are only ever what their Content-Type says (no script sniffed out of an upload or JSON).
  { key: "X-Content-Type-Options", value: "nosniff" },
  // Other sites see the origin only, never a profile or party path with its invite code.
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  // Powerful features the site never uses stay off for it and for every embedded player. The camera and
  // microphone are the site's own (voice in the watch room, asked for on Join voice), never a player's.
  { key: "Permissions-Policy", value: "camera=(self), microphone=(self), geolocation=(), payment=(), usb=()" },
  // For browsers without CSP frame-ancestors: only the site itself may frame its pages.
  { key: "X-Frame-Options", value: "SAMEORIGIN" },
]);
