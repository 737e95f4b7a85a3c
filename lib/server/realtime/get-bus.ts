import "server-only";
/** The process's party bus: Redis when REDIS_URL is set, else in-process. */
import { getEnv } from "@/lib/server/env";
import type { PartyBus } from "./bus";
import { MemoryBus } from "./memory-bus";

const globalForBus = globalThis as unknown as { __vpBus?: PartyBus };

/** The bus once getBus has made it (undefined before): the command path reads it without a promise. */
export function readyBus(): PartyBus | undefined {
  return globalForBus.__vpBus;
}

export async function getBus(): Promise<PartyBus> {
  if (!globalForBus.__vpBus) {
    const env = getEnv();
    if (env.REDIS_URL) {
      const { RedisBus } = await import("./redis-bus");
      globalForBus.__vpBus ??= new RedisBus(env.REDIS_URL, env.VP_REDIS_PREFIX);
    } else {
      globalForBus.__vpBus ??= new MemoryBus();
    }
  }
  return globalForBus.__vpBus;
}
