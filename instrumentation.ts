/** Runs once when the server starts; the work lives in a Node-only module (see lib/server/startup.ts). */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startServer } = await import("@/lib/server/startup");
    await startServer();
  }
}
