import "server-only";
import type { ApiOptions } from "@/lib/server/http/with-api";
import { tallies } from "@/lib/server/metrics/tallies";
import { getBus } from "./get-bus";
import { sharedSseFrame, type SseSource } from "./sse-frames";

/** The deltas' checks before they run (withApi's defaults: an optional caller, no rate limit for a read). */
export const DIRECTORY_STREAM_API = {} as const satisfies ApiOptions;

/**
 * `GET /api/v1/parties/active/deltas`, whichever server serves it: the changes to the public list
 * ({type, payload}: PARTY_CREATED, PARTY_UPDATED, PARTY_SIZE, PARTY_STATE, PARTY_ENDED), one shared
 * frame per change.
 */
export async function openDirectoryStream(): Promise<SseSource> {
  const bus = await getBus();
  return (sink) => {
    const unsubscribe = bus.subscribeDirectory((message) => sink.write(sharedSseFrame(message)));
    tallies.directoryStreams += 1;
    return () => {
      tallies.directoryStreams -= 1;
      unsubscribe();
    };
  };
}
