/** Runs once when the server starts; the work lives in Node-only modules (see lib/server/startup.ts). */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startServer } = await import("@/lib/server/startup");
    await startServer();
    // The built app behind scripts/server.mjs serves its realtime routes on the raw Node request;
    // `next dev` keeps serving them through the route handlers. Not awaited: Next holds requests
    // until this hook returns, and it serves those routes itself until the fast path is in place.
    if (process.env.NODE_ENV === "production") {
      void import("@/lib/server/fast-path/install-fast-path")
        .then(({ installFastPath }) => installFastPath())
        .catch((error: unknown) => console.error("[viewparty] realtime fast path not installed", error));
    }
  }
}
