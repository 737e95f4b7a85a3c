import "server-only";
/**
 * Runs this instance's share of the playlists' Twitch chat bots. The database says which bots
 * should run (the owner pressed Connect, `bot_enabled`); a sweep, at start, right after an owner's
 * change on this instance and, when the database is shared, every VP_TWITCH_BOT_SWEEP_MS, makes the
 * running bots match it:
 * - an enabled bot not running anywhere is started here once this instance claims it (bot-lock);
 * - a running bot whose playlist was disconnected or deleted is stopped, and one whose settings
 *   changed is restarted with the new ones;
 * - a running bot whose claim was lost (another instance took it after a Redis outage) is stopped.
 * So a change made through another instance reaches the bot within one sweep, and a crashed
 * instance's bots move to another within the lock expiry plus one sweep. The embedded database is
 * this process's alone (db/lock.mjs), so every change to it came through here and swept at once: a
 * periodic sweep would only repeat the last one, a query every few seconds on the main thread (about
 * 2 ms of CPU a second while the server is otherwise idle), and it is not run.
 */
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { playlist, playlistTwitch } from "@/db/schema";
import { getEnv } from "@/lib/server/env";
import { openSecret } from "@/lib/server/playlists/secret-box";
import { createBotLock, type BotLock } from "./bot-lock";
import { TwitchBotRunner, type BotConfig } from "./bot-runner";
import { writeBotStatus } from "./bot-status";
import { periodicSweepMs } from "./sweep-schedule";
import { processState } from "@/lib/server/process-singleton";
import type { TwitchBotStatus } from "@/lib/schemas/playlist";
import { log } from "@/lib/server/log";
import { whenDraining } from "@/lib/server/lifecycle";

interface Running {
  runner: TwitchBotRunner;
  /** The settings row's updated_at when the bot started: a newer one means restart. */
  version: number;
}

class TwitchBotManager {
  private readonly running = new Map<string, Running>();
  private readonly lock: BotLock = createBotLock();
  private timer: NodeJS.Timeout | null = null;
  private current: Promise<void> | null = null;
  private next: Promise<void> | null = null;

  private started = false;
  /** Draining: no sweep starts a bot here any more. */
  private draining = false;

  /** The bots this instance runs, by status (metrics). */
  statusCounts(): Map<TwitchBotStatus, number> {
    const counts = new Map<TwitchBotStatus, number>();
    for (const { runner } of this.running.values()) counts.set(runner.currentStatus, (counts.get(runner.currentStatus) ?? 0) + 1);
    return counts;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    // The instance drains (SIGTERM): its bots stop and their claims are released, so the next
    // instance to sweep takes them over at once instead of after the claims expire.
    whenDraining(() => this.stopAll());
    const every = periodicSweepMs(getEnv());
    if (every !== null) {
      this.timer = setInterval(() => void this.sweep(), every);
      this.timer.unref();
    }
    void this.sweep();
  }

  /**
   * Reconciles now. A call during a sweep waits for one more sweep after it, so a change committed
   * just before the call is always applied when the returned promise settles.
   */
  sweep(): Promise<void> {
    if (this.draining) return Promise.resolve();
    if (this.current) {
      this.next ??= this.current.then(() => {
        this.next = null;
        return this.sweep();
      });
      return this.next;
    }
    this.current = this.reconcile()
      .catch((error: unknown) => log.error({ err: error }, "[viewparty] twitch bots: sweep failed"))
      .finally(() => {
        this.current = null;
      });
    return this.current;
  }

  private async reconcile(): Promise<void> {
    const db = await getDb();
    const rows = await db
      .select({ settings: playlistTwitch, ownerId: playlist.ownerId })
      .from(playlistTwitch)
      .innerJoin(playlist, eq(playlist.id, playlistTwitch.playlistId))
      .where(eq(playlistTwitch.botEnabled, true));
    const wanted = new Map(rows.map((row) => [row.settings.playlistId, row]));

    for (const [playlistId, bot] of this.running) {
      const row = wanted.get(playlistId);
      if (!row || row.settings.updatedAt.getTime() !== bot.version) await this.stop(playlistId);
    }
    for (const [playlistId, row] of wanted) {
      if (!(await this.lock.claim(playlistId))) {
        // Another instance runs it (or took it over): never run it twice.
        if (this.running.has(playlistId)) await this.stop(playlistId, { keepClaim: true });
        continue;
      }
      if (!this.running.has(playlistId)) this.launch(row.settings, row.ownerId);
    }
  }

  private launch(settings: typeof playlistTwitch.$inferSelect, ownerId: string): void {
    const { playlistId } = settings;
    const token = settings.oauthTokenEncrypted ? openSecret(settings.oauthTokenEncrypted) : null;
    if (!settings.channel || !settings.botUsername || !token) {
      const detail = settings.oauthTokenEncrypted && !token
        ? "The saved OAuth token can no longer be read (the server's secret changed). Enter it again."
        : "Set the channel, the bot username and the OAuth token, then connect again.";
      // Written once, not on every sweep.
      if (settings.botStatus !== "error" || settings.botError !== detail) void writeBotStatus(playlistId, "error", detail).catch(() => undefined);
      return;
    }
    const config: BotConfig = {
      playlistId,
      ownerId,
      channel: settings.channel,
      botUsername: settings.botUsername,
      oauthToken: token,
      commandPrefix: settings.commandPrefix,
      repliesEnabled: settings.repliesEnabled,
      cooldownSeconds: settings.cooldownSeconds,
    };
    const runner = new TwitchBotRunner(config, () => void this.sweep());
    this.running.set(playlistId, { runner, version: settings.updatedAt.getTime() });
    runner.start();
  }

  private async stopAll(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.draining = true;
    await this.current;
    await Promise.allSettled([...this.running.keys()].map((playlistId) => this.stop(playlistId)));
  }

  private async stop(playlistId: string, options: { keepClaim?: boolean } = {}): Promise<void> {
    const bot = this.running.get(playlistId);
    this.running.delete(playlistId);
    bot?.runner.stop();
    if (!options.keepClaim) await this.lock.release(playlistId);
  }
}

/** The process's bot manager (one per process: Next may load this module once per route bundle). */
export function twitchBots(): TwitchBotManager {
  return processState("twitchBots", () => new TwitchBotManager());
}
