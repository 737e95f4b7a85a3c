import "server-only";
/**
 * The metrics that are a state rather than a count of happenings, read when the metrics are scraped
 * (every 15 s or so) instead of being kept up to date on the paths that change them.
 */
import { dbPoolStats } from "@/lib/server/db";
import { isDraining } from "@/lib/server/lifecycle";
import { countLiveParties } from "@/lib/server/parties/count-live-parties";
import { loadedRooms } from "@/lib/server/realtime/rooms";
import { recordingsInProgress } from "@/lib/server/recordings/recorder";
import { TWITCH_BOT_STATUSES } from "@/lib/schemas/playlist";
import { twitchBots } from "@/lib/server/twitch-bot/bot-manager";
import type { Metrics } from "./metrics";

/** Where the hot path's installer keeps the command sockets (lib/server/hot-path/install-hot-path.ts). */
const COMMAND_SOCKETS = Symbol.for("viewparty.commandSockets");

export async function collectGauges(m: Metrics): Promise<void> {
  m.partiesServed.set(loadedRooms().length);
  m.commandSockets.set((globalThis as { [COMMAND_SOCKETS]?: { size(): number } })[COMMAND_SOCKETS]?.size() ?? 0);
  m.recordings.set(recordingsInProgress());
  m.draining.set(isDraining() ? 1 : 0);
  const bots = twitchBots().statusCounts();
  for (const status of TWITCH_BOT_STATUSES) m.twitchBots.set({ status }, bots.get(status) ?? 0);
  // The database's figures only while it answers; a scrape never waits on an outage beyond the pool's connect bound.
  const [live, pool] = await Promise.allSettled([countLiveParties(), dbPoolStats()]);
  if (live.status === "fulfilled") m.livePartiesTotal.set(live.value);
  if (pool.status === "fulfilled" && pool.value) {
    m.dbPool.set({ state: "total" }, pool.value.total);
    m.dbPool.set({ state: "idle" }, pool.value.idle);
    m.dbPool.set({ state: "waiting" }, pool.value.waiting);
  }
}
