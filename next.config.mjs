/**
 * Security headers that never vary, on every response (pages, API, static files). The ones that
 * depend on the request (Content-Security-Policy with its nonce or hashes, HSTS) are set in proxy.ts.
 */
const SECURITY_HEADERS = [
  // Files are only ever what their Content-Type says (no script sniffed out of an upload or JSON).
  { key: "X-Content-Type-Options", value: "nosniff" },
  // Other sites see the origin only, never a profile or party path with its invite code.
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  // Powerful features the site never uses stay off for it and for every embedded player.
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=()" },
  // For browsers without CSP frame-ancestors: only the site itself may frame its pages.
  { key: "X-Frame-Options", value: "SAMEORIGIN" },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships WASM + data files that must be loaded from node_modules at run time, not bundled.
  // The Twitch chat client opens its WebSocket through `ws` (optional native add-ons): loaded as is.
  // proper-lockfile keeps the process's held locks and its exit hook in module state: one copy per
  // process, not one per bundle.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "ioredis", "@twurple/chat", "@twurple/auth", "ws", "proper-lockfile"],
  poweredByHeader: false,
  reactStrictMode: true,
  // A plain `next build` (and `npm start`'s) fails on type errors. `npm test` type-checks the whole
  // tree with tsc as its own step first and then sets VP_TYPES_CHECKED=1 for its build: repeating
  // the check there cost ~16 s of a ~40 s build.
  typescript: { ignoreBuildErrors: process.env.VP_TYPES_CHECKED === "1" },
  async headers() {
    return [{ source: "/:path*", headers: SECURITY_HEADERS }];
  },
};

export default nextConfig;
