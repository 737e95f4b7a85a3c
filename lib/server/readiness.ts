import "server-only";
/**
 * Whether this instance should be sent work (GET /api/v1/ready): its database and, with REDIS_URL, Redis
 * answer a round trip, and it is not draining (shutting down: lib/server/lifecycle.ts). Only reads: the
 * round trips are a `select 1` and a PING.
 */
import type { ErrorCode } from "@/lib/schemas/error-code";
import { pingDb } from "@/lib/server/db";
import { DEPENDENCY_RETRY_AFTER_SECONDS, type Dependency } from "@/lib/server/http/api-error";
import { isDraining } from "@/lib/server/lifecycle";
import { getBus } from "@/lib/server/realtime/get-bus";

/** What keeps the instance from taking work. */
export type NotReady = Dependency | "draining";

export interface Refusal {
  body: { detail: string; code: ErrorCode; unavailable: NotReady[] };
  retryAfterSeconds: number;
}

const DRAINING_DETAIL = "This server instance is shutting down; another one takes the work. Retry shortly.";

/** The database's round trip is bounded by its pool's connect timeout; Redis's by its command timeout. */
async function dependenciesDown(): Promise<Dependency[]> {
  const [database, redis] = await Promise.allSettled([pingDb(), getBus().then((bus) => bus.ping?.())]);
  const down: Dependency[] = [];
  if (database.status === "rejected") down.push("database");
  if (redis.status === "rejected") down.push("redis");
  return down;
}

/** null when ready; else the 503's body and Retry-After. */
export async function readiness(): Promise<Refusal | null> {
  // A draining instance refuses at once: no round trip, whatever its dependencies say.
  if (isDraining()) {
    return { body: { detail: DRAINING_DETAIL, code: "draining", unavailable: ["draining"] }, retryAfterSeconds: DEPENDENCY_RETRY_AFTER_SECONDS };
  }
  const down = await dependenciesDown();
  if (down.length === 0) return null;
  return {
    body: { detail: `Not ready: ${down.join(" and ")} not answering.`, code: "service_unavailable", unavailable: down },
    retryAfterSeconds: DEPENDENCY_RETRY_AFTER_SECONDS,
  };
}
