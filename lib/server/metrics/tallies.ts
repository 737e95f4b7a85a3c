/**
 * Counts kept as plain numbers, for what happens once per guest per event (an event written to a
 * stream) or per stream: a property increment costs nothing measurable where a prom-client counter
 * allocates per call. The registry (metrics.ts) reads them when scraped. One object per process
 * (Next bundles each route with its own copy of this module).
 */
import { processState } from "@/lib/server/process-singleton";

export interface Tallies {
  /** Logged events written to party streams, summed over streams. */
  eventsDelivered: number;
  /** Open party event streams on this instance. */
  partyStreams: number;
  /** Open public-list delta streams on this instance. */
  directoryStreams: number;
}

export const tallies: Tallies = processState<Tallies>("metrics.tallies", () => ({ eventsDelivered: 0, partyStreams: 0, directoryStreams: 0 }));
