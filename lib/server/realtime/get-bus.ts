import "server-only";
/** The process's party bus: Redis when REDIS_URL is set, else in-process. */
import { getEnv } from "@/lib/server/env";
import type { PartyBus } from "./bus";
import { MemoryBus } from "./memory-bus";
import { processState } from "@/lib/server/process-singleton";

const held = processState("bus", () => ({ bus: undefined as PartyBus | undefined }));

/** The bus once getBus has made it (undefined before): the command path reads it without a promise. */
export function readyBus(): PartyBus | undefined {
  return held.bus;
}

export async function getBus(): Promise<PartyBus> {
  if (!held.bus) {
    const env = getEnv();
    if (env.REDIS_URL) {
      const { RedisBus } = await import("./redis-bus");
      held.bus ??= new RedisBus(env.REDIS_URL, env.VP_REDIS_PREFIX);
    } else {
      held.bus ??= new MemoryBus();
    }
  }
  return held.bus;
}
