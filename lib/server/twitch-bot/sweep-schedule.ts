import type { ServerEnv } from "@/lib/server/env";

/**
 * How often to reconcile unasked: every VP_TWITCH_BOT_SWEEP_MS when another process may change the
 * database (PostgreSQL, DATABASE_URL) or hold a bot's claim (Redis, whose claims are renewed by the
 * sweep); never with the embedded database alone.
 */
export function periodicSweepMs(env: Pick<ServerEnv, "DATABASE_URL" | "REDIS_URL" | "VP_TWITCH_BOT_SWEEP_MS">): number | null {
  return env.DATABASE_URL || env.REDIS_URL ? env.VP_TWITCH_BOT_SWEEP_MS : null;
}
