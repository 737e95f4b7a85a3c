import "server-only";
/**
 * With several app instances (REDIS_URL), one playlist's bot must run on exactly one of them, or
 * every viewer's "!add" would be added once per instance. The instance that runs a bot holds a Redis
 * key for it (SET NX PX: taken only if free, with an expiry) and renews it on every sweep; the key
 * names the holder, so renewing and releasing touch only the holder's own claim (a small Lua
 * compare-and-set). An instance that dies stops renewing: its claim expires and the next instance
 * to sweep takes the bot over. Without Redis there is one instance, and every claim succeeds.
 */
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { getEnv } from "@/lib/server/env";

export interface BotLock {
  /** Takes (or keeps) the claim on `playlistId`'s bot; false when another instance holds it. */
  claim(playlistId: string): Promise<boolean>;
  release(playlistId: string): Promise<void>;
}

const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;

class RedisBotLock implements BotLock {
  /** This process, as written in the keys it holds (the pid tells an operator which instance runs a bot). */
  private readonly holder = `${process.pid}:${randomBytes(6).toString("hex")}`;
  private readonly redis: Redis;
  /** When each claim was last confirmed; a claim not confirmed within the expiry may be someone else's. */
  private readonly confirmedAt = new Map<string, number>();

  constructor(
    url: string,
    private readonly prefix: string,
    private readonly ttlMs: number,
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 2000 });
    this.redis.on("error", () => undefined);
  }

  private key(playlistId: string): string {
    return `${this.prefix}:twitch-bot:${playlistId}`;
  }

  async claim(playlistId: string): Promise<boolean> {
    const key = this.key(playlistId);
    try {
      const renewed = this.confirmedAt.has(playlistId) && (await this.redis.eval(RENEW, 1, key, this.holder, this.ttlMs)) === 1;
      const taken = renewed || (await this.redis.set(key, this.holder, "PX", this.ttlMs, "NX")) === "OK";
      if (taken) this.confirmedAt.set(playlistId, Date.now());
      else this.confirmedAt.delete(playlistId);
      return taken;
    } catch {
      // Redis unreachable: keep a claim until it would have expired, never take a new one blind.
      const at = this.confirmedAt.get(playlistId);
      return at !== undefined && Date.now() - at < this.ttlMs;
    }
  }

  async release(playlistId: string): Promise<void> {
    this.confirmedAt.delete(playlistId);
    await this.redis.eval(RELEASE, 1, this.key(playlistId), this.holder).catch(() => undefined);
  }
}

const alwaysMine: BotLock = { claim: async () => true, release: async () => undefined };

export function createBotLock(): BotLock {
  const env = getEnv();
  return env.REDIS_URL ? new RedisBotLock(env.REDIS_URL, env.VP_REDIS_PREFIX, env.VP_TWITCH_BOT_LOCK_MS) : alwaysMine;
}
