/** Runs once when the server starts; the work lives in Node-only modules (see lib/server/startup.ts). */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startServer } = await import("@/lib/server/startup");
    const { log } = await import("@/lib/server/log");
    await startServer();
    // scripts/server.mjs (production and `npm run dev` alike) serves the realtime routes on the raw
    // Node request. Not awaited: Next holds requests until this hook returns, and it serves those
    // routes itself with their route handlers until the hot path is in place.
    void import("@/lib/server/hot-path/install-hot-path")
      .then(({ installHotPath }) => installHotPath())
      .catch((error: unknown) => log.error({ err: error }, "[viewparty] realtime hot path not installed"));
  }
}
