import "server-only";
/**
 * The public list of live parties as an in-memory snapshot: everyone on the parties page polls it,
 * and each poll used to query the database (on the main thread with the embedded one). The snapshot
 * is dropped by every directory event (a party created, updated, resized, changing state or ended,
 * on any instance: they travel on the bus) and by a profile change on this instance (a host's name
 * or privacy shows in the list). What changes without either, e.g. a profile edited through
 * another instance, is at most SNAPSHOT_MAX_AGE_MS old.
 */
import type { ActiveParty, ActivePartiesQuery } from "@/lib/schemas/party";
import type { ApiOptions } from "@/lib/server/http/with-api";
import { getBus } from "@/lib/server/realtime/get-bus";
import { listActiveParties } from "./list-active-parties";
import { processState } from "@/lib/server/process-singleton";

/** The most parties the list ever returns (the query's largest `limit`). */
const SNAPSHOT_SIZE = 100;
const SNAPSHOT_MAX_AGE_MS = 1000;

interface SnapshotState {
  /** Bumped on every invalidation: a load that started before one is not kept. */
  generation: number;
  current?: { generation: number; takenAt: number; parties: ActiveParty[] };
  loading?: { generation: number; promise: Promise<ActiveParty[]> };
  unsubscribe?: Promise<() => void>;
  /** Encoded responses by query, for the current snapshot only. */
  encoded: Map<string, string>;
}

// On globalThis: Next may load this module once per route bundle, and they must share one snapshot.
const state = processState<SnapshotState>("activeSnapshot", () => ({ generation: 0, encoded: new Map() }));

export function invalidateActiveParties(): void {
  state.generation += 1;
  state.current = undefined;
  state.encoded.clear();
}

function listenForChanges(): Promise<unknown> {
  state.unsubscribe ??= getBus().then((bus) => bus.subscribeDirectory(invalidateActiveParties));
  return state.unsubscribe;
}

/** The public live parties, newest first, at most `limit`. */
export async function activeParties(limit: number): Promise<ActiveParty[]> {
  await listenForChanges();
  const { current } = state;
  if (current && current.generation === state.generation && Date.now() - current.takenAt < SNAPSHOT_MAX_AGE_MS) {
    return current.parties.slice(0, limit);
  }
  if (!state.loading || state.loading.generation !== state.generation) {
    const generation = state.generation;
    const takenAt = Date.now();
    const promise = listActiveParties(SNAPSHOT_SIZE);
    state.loading = { generation, promise };
    promise.then(
      (parties) => {
        if (state.loading?.promise === promise) state.loading = undefined;
        if (state.generation !== generation) return;
        state.current = { generation, takenAt, parties };
        state.encoded.clear();
      },
      () => {
        if (state.loading?.promise === promise) state.loading = undefined;
      },
    );
  }
  return (await state.loading.promise).slice(0, limit);
}

/**
 * An encoded answer for `key` (the query) made from the current snapshot, computed once per
 * snapshot: the same poll from every visitor is served the same bytes.
 */
export async function encodedActiveParties(key: string, limit: number, encode: (parties: ActiveParty[]) => string): Promise<string> {
  const parties = await activeParties(limit);
  const generation = state.generation;
  const cached = state.encoded.get(key);
  if (cached && state.current?.generation === generation) return cached;
  const body = encode(parties);
  if (state.current?.generation === generation && state.encoded.size < 64) state.encoded.set(key, body);
  return body;
}

/**
 * The same for every visitor, and polled by each of them every few seconds: a shared cache may keep
 * it for a second (the deltas stream carries anything sooner).
 */
/** The list's checks before it runs (withApi's, or the hot path's): public, no caller, no rate limit. */
export const ACTIVE_PARTIES_API = { auth: "none" } as const satisfies ApiOptions;

export const ACTIVE_PARTIES_CACHE_CONTROL = "public, max-age=1";

/** GET /api/v1/parties/active's body for a validated query: the snapshot, with only the fields asked for. */
export function activePartiesBody({ fields, limit }: ActivePartiesQuery): Promise<string> {
  return encodedActiveParties(`${fields?.join(",") ?? "*"}|${limit}`, limit, (parties) =>
    JSON.stringify(fields ? parties.map((party) => Object.fromEntries(fields.map((f) => [f, party[f]]))) : parties),
  );
}
