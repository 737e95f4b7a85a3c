import "server-only";
/**
 * The process's Prometheus metrics (prom-client), served by GET /api/v1/metrics. Kept only when
 * VP_METRICS_TOKEN is set (`metrics()` is null otherwise, and every observation is skipped). One
 * registry per process, in the process registry: Next bundles each route with its own copy of this
 * module, and each copy must record into the same histograms.
 *
 * What is counted where it happens: command handling time (run-party-command.ts), delivery latency
 * (the room's fan-out, room.ts), rate-limit refusals (rate-limit.ts), database query time (db.ts),
 * Redis command round trips (redis-bus.ts). What is a state is read when scraped (collect-gauges.ts).
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { getEnv } from "@/lib/server/env";
import { isDatabaseUnreachable } from "@/lib/server/http/error-response";
import { processState } from "@/lib/server/process-singleton";
import { tallies } from "./tallies";

/** How a command ended: answered, refused (a 4xx: the caller's doing), a dependency down (503), or a server fault. */
export type CommandOutcome = "ok" | "refused" | "unavailable" | "error";

export interface Metrics {
  registry: Registry;
  livePartiesTotal: Gauge;
  partiesServed: Gauge;
  eventStreams: Gauge<"stream">;
  commandSockets: Gauge;
  commandSeconds: Histogram<"outcome">;
  deliverySeconds: Histogram;
  rateLimitRefusals: Counter<"limit" | "route">;
  dbPool: Gauge<"state">;
  dbQuerySeconds: Histogram<"outcome">;
  redisSeconds: Histogram;
  twitchBots: Gauge<"status">;
  recordings: Gauge;
  draining: Gauge;
}

/** Seconds, 0.5 ms to 5 s: handling a command and a database query share one scale (one dashboard panel style). */
const HANDLING_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const PREFIX = "viewparty_";

function create(): Metrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry, prefix: PREFIX });
  const tallied = (name: string, help: string, read: () => number) =>
    new Counter({
      name,
      help,
      registers,
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  tallied(`${PREFIX}events_delivered_total`, "Logged party events written to event streams (one per stream an event reaches).", () => tallies.eventsDelivered);
  return {
    registry,
    livePartiesTotal: new Gauge({ name: `${PREFIX}live_parties`, help: "Live parties (not ended) in the database, deployment-wide: the last count read.", registers }),
    partiesServed: new Gauge({ name: `${PREFIX}parties_served`, help: "Live parties this instance holds a replica of.", registers }),
    eventStreams: new Gauge({
      name: `${PREFIX}event_streams_open`,
      help: "Open server-sent event streams on this instance: party streams and public-list delta streams.",
      labelNames: ["stream"],
      registers,
      collect() {
        this.set({ stream: "party" }, tallies.partyStreams);
        this.set({ stream: "directory" }, tallies.directoryStreams);
      },
    }),
    commandSockets: new Gauge({ name: `${PREFIX}command_sockets_open`, help: "Open party command sockets (WebSocket) on this instance.", registers }),
    commandSeconds: new Histogram({
      name: `${PREFIX}command_duration_seconds`,
      help: "Time to handle one party command (POST or command socket), from its caller being admitted to its answer, by outcome.",
      labelNames: ["outcome"],
      buckets: HANDLING_BUCKETS,
      registers,
    }),
    deliverySeconds: new Histogram({
      name: `${PREFIX}delivery_latency_seconds`,
      help: "From an event's append to the party log to its write to the last of this instance's streams (on Redis the append time is Redis's clock).",
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    rateLimitRefusals: new Counter({
      name: `${PREFIX}rate_limit_refusals_total`,
      help: "Requests and commands refused by a rate limit (429), by limit and, for the API's limits, route.",
      labelNames: ["limit", "route"],
      registers,
    }),
    dbPool: new Gauge({
      name: `${PREFIX}db_pool_connections`,
      help: "PostgreSQL pool: connections open (total), idle, and queries waiting for one (waiting). Absent on the embedded database.",
      labelNames: ["state"],
      registers,
    }),
    dbQuerySeconds: new Histogram({
      name: `${PREFIX}db_query_duration_seconds`,
      help: "Database query time, by outcome (ok, error).",
      labelNames: ["outcome"],
      buckets: HANDLING_BUCKETS,
      registers,
    }),
    redisSeconds: new Histogram({
      name: `${PREFIX}redis_round_trip_seconds`,
      help: "Round trip of the realtime bus's Redis commands that were answered (a command that fails marks the bus down instead).",
      buckets: [0.0002, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2],
      registers,
    }),
    twitchBots: new Gauge({ name: `${PREFIX}twitch_bots`, help: "Twitch chat bots run by this instance, by status (connecting, connected, error, disconnected).", labelNames: ["status"], registers }),
    recordings: new Gauge({ name: `${PREFIX}recordings_in_progress`, help: "Recordings this instance is writing.", registers }),
    draining: new Gauge({ name: `${PREFIX}draining`, help: "1 while this instance drains (shutting down), else 0.", registers }),
  };
}

const slot = processState<{ metrics?: Metrics | null }>("metrics", () => ({}));

/** The process's metrics; null when VP_METRICS_TOKEN is unset (nothing is recorded then). */
export function metrics(): Metrics | null {
  if (slot.metrics === undefined) slot.metrics = getEnv().VP_METRICS_TOKEN ? create() : null;
  return slot.metrics;
}

/**
 * An event's delivery on this instance, observed once its fan-out wrote it to every stream here: from
 * its append to the log until now. A Redis stream id starts with the append's time (ms, Redis's
 * clock); the in-process bus fans out while appending, so its events count from `fanOutStartedAt`.
 */
export function observeDelivery(eventId: string, fanOutStartedAt: number): void {
  const m = metrics();
  if (!m) return;
  const dash = eventId.indexOf("-");
  const appendedAt = dash > 0 ? Number(eventId.slice(0, dash)) : fanOutStartedAt;
  m.deliverySeconds.observe(Math.max(0, Date.now() - appendedAt) / 1000);
}

const OUTCOME_LABELS: Record<CommandOutcome, { outcome: CommandOutcome }> = {
  ok: { outcome: "ok" },
  refused: { outcome: "refused" },
  unavailable: { outcome: "unavailable" },
  error: { outcome: "error" },
};

/**
 * How a failed command ended, as its answer's status says it (told by shape: Next bundles each route
 * with its own copy of the error classes, so `instanceof` may not hold across them).
 */
export function commandOutcome(error: unknown): CommandOutcome {
  const { name, status } = (error ?? {}) as { name?: unknown; status?: unknown };
  if (name === "ZodError") return "refused";
  if (name === "ApiError" && typeof status === "number") return status === 503 ? "unavailable" : status < 500 ? "refused" : "error";
  return isDatabaseUnreachable(error) ? "unavailable" : "error";
}

/** Times `running` (a command being handled since `startedAt`, performance.now()) into the command histogram. */
export function timeCommand<T>(m: Metrics, startedAt: number, running: Promise<T>): Promise<T> {
  return running.then(
    (result) => {
      m.commandSeconds.observe(OUTCOME_LABELS.ok, (performance.now() - startedAt) / 1000);
      return result;
    },
    (error: unknown) => {
      m.commandSeconds.observe(OUTCOME_LABELS[commandOutcome(error)], (performance.now() - startedAt) / 1000);
      throw error;
    },
  );
}
