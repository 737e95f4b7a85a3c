/**
 * The notice a party stream ends with when the server cannot keep it going (its realtime store is
 * down): an SSE event named `unavailable`, so it never reads as a party event (EventSource clients
 * that do not listen for it ignore it), carrying what a 503 would say. The client shows `detail`
 * while it reconnects, no sooner than `retry_after` seconds later. One definition for the server that
 * sends it and the clients (extension background, watch room) that read it.
 *
 * Imports inside lib/sync stay relative (see protocol.ts).
 */
import { z } from "zod";

export const STREAM_UNAVAILABLE_EVENT = "unavailable";

export const streamUnavailableSchema = z.object({
  detail: z.string(),
  retry_after: z.number().int().min(0),
});
export type StreamUnavailable = z.infer<typeof streamUnavailableSchema>;
