import { STATIC_SECURITY_HEADERS } from "./lib/security/static-headers.mjs";

/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships WASM + data files that must be loaded from node_modules at run time, not bundled.
  // The Twitch chat client opens its WebSocket through `ws` (optional native add-ons): loaded as is.
  // proper-lockfile keeps the process's held locks and its exit hook in module state: one copy per
  // process, not one per bundle.
  // prom-client keeps its default collectors' state per module copy: one per process.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "ioredis", "@twurple/chat", "@twurple/auth", "ws", "proper-lockfile", "prom-client"],
  poweredByHeader: false,
  reactStrictMode: true,
  // A plain `next build` (and `npm start`'s) fails on type errors. `npm test` type-checks the whole
  // tree with tsc as its own step first and then sets VP_TYPES_CHECKED=1 for its build: repeating
  // the check there cost ~16 s of a ~40 s build.
  typescript: { ignoreBuildErrors: process.env.VP_TYPES_CHECKED === "1" },
  async headers() {
    return [{ source: "/:path*", headers: [...STATIC_SECURITY_HEADERS] }];
  },
};

export default nextConfig;
