import "server-only";
/**
 * Server start: open (and so migrate) the database before the first request; stop with a clear
 * message when the embedded database is held by another process; seed demo content when asked;
 * watch the live parties nobody hosts (so they stop looking live); start the playlists' Twitch chat
 * bots that were connected when the server last stopped.
 */
import { getDb } from "@/lib/server/db";
import { getEnv } from "./env";
import { log } from "@/lib/server/log";

export async function startServer(): Promise<void> {
  try {
    await getDb();
  } catch (error) {
    log.error(`[viewparty] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  if (getEnv().VP_SEED_DEMO === "1") {
    const { seedDemoContent } = await import("@/lib/server/demo/seed-demo-content");
    await seedDemoContent().catch((error: unknown) => log.error({ err: error }, "[viewparty] demo seed failed"));
  }
  const { watchHostlessParties } = await import("@/lib/server/realtime/rooms");
  await watchHostlessParties().catch((error: unknown) => log.error({ err: error }, "[viewparty] live parties not watched"));
  const { twitchBots } = await import("@/lib/server/twitch-bot/bot-manager");
  twitchBots().start();
}
