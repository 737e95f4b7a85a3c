import "server-only";
/**
 * One member's SSE stream of a party: first a snapshot (or, with Last-Event-ID, exactly the events
 * missed, from the replay buffer), then every logged event once, in order. When the bus's store
 * (Redis) stops answering, the stream ends with an `unavailable` notice (lib/sync/stream-notice.ts)
 * rather than going silent: the client reconnects, and says why meanwhile.
 */

const encoder = new TextEncoder();

/** The `unavailable` notice; `retry:` also holds back an EventSource client's own reconnect. */
function unavailableFrame(detail: string): Uint8Array {
  const notice: StreamUnavailable = { detail, retry_after: DEPENDENCY_RETRY_AFTER_SECONDS };
  return encoder.encode(`event: ${STREAM_UNAVAILABLE_EVENT}\nretry: ${DEPENDENCY_RETRY_AFTER_SECONDS * 1000}\ndata: ${JSON.stringify(notice)}\n\n`);
}
import { STREAM_UNAVAILABLE_EVENT, type StreamUnavailable } from "@/lib/sync";
import { ApiError, DEPENDENCY_DOWN_DETAIL, DEPENDENCY_RETRY_AFTER_SECONDS } from "@/lib/server/http/api-error";
import { compareEventIds, encodeFrame, type LoggedEvent } from "./bus";
import { getBus } from "./get-bus";
import type { Room, StreamSubscriber } from "./room";
import { connectMember } from "./rooms";
import { sseResponse, type SseSink } from "./sse";

export interface StreamMember {
  id: string;
  displayName: string;
  /** A guest (a name only) rather than an account. */
  guest: boolean;
}

export function lastEventIdOf(req: Request): string | null {
  return req.headers.get("last-event-id") ?? new URL(req.url).searchParams.get("lastEventId");
}

export function openPartyStream(req: Request, room: Room, member: StreamMember): Response {
  const resumeFrom = lastEventIdOf(req);
  return sseResponse(req, async (sink) => {
    const bus = await getBus();
    const endUnavailable = (detail: string) => {
      sink.write(unavailableFrame(detail));
      sink.close();
    };
    const stopWatching = bus.onUnavailable?.(() => endUnavailable(DEPENDENCY_DOWN_DETAIL.redis)) ?? (() => {});
    try {
      const cleanup = await openStream(sink);
      return () => {
        stopWatching();
        cleanup();
      };
    } catch (error) {
      stopWatching();
      // Headers are out (200): the failure is told in the stream, as a 503 would have said it.
      if (error instanceof ApiError && error.code === "service_unavailable") {
        endUnavailable(error.detail);
        return () => {};
      }
      throw error;
    }
  });

  async function openStream(sink: SseSink): Promise<() => void> {
    let sentUpTo: string | null = null;
    let ready = false;
    /**
     * Set once a live event followed what the snapshot or the replay covered: the replica hands over
     * events in increasing order, so from then on none can repeat one already sent (until then, the
     * replay may have run ahead of the replica).
     */
    let inOrder = false;
    const pending: LoggedEvent[] = [];
    const send = (event: LoggedEvent) => {
      if (!inOrder) {
        if (sentUpTo !== null && compareEventIds(event.id, sentUpTo) <= 0) return;
        inOrder = ready;
      }
      sentUpTo = event.id;
      sink.write(event.frame);
    };
    const subscriber: StreamSubscriber = {
      push: (event) => (ready ? send(event) : pending.push(event)),
      close: () => sink.close(),
      memberId: member.id,
    };
    // Subscribe before reading the replica or the buffer, so nothing falls between them.
    room.subscribers.add(subscriber);

    let replay: LoggedEvent[] | null = null;
    try {
      replay = resumeFrom ? await (await getBus()).since(room.id, resumeFrom) : null;
    } catch (error) {
      room.subscribers.delete(subscriber);
      throw error;
    }
    // Poll entries name voters and reports name reporters: neither is replayed to everyone, so a gap
    // holding one is served a snapshot (which holds what this member may see of them).
    const missed = replay && !replay.some((logged) => logged.event.type === "poll.entry" || logged.event.type === "chat.report") ? replay : null;
    if (missed) {
      sentUpTo = resumeFrom;
      for (const event of missed) send(event);
    } else {
      const snapshot = room.snapshotFor({ userId: member.id, displayName: member.displayName }, Date.now());
      sentUpTo = room.lastEventId;
      sink.write(encodeFrame(room.lastEventId ?? "0", snapshot));
    }
    ready = true;
    for (const event of pending.splice(0)) send(event);
    // The party ended before this stream started: the member has its final state, nothing follows.
    if (room.meta.state === "ENDED") {
      room.subscribers.delete(subscriber);
      sink.close();
      return () => {};
    }

    const disconnect = await connectMember(room, { id: member.id, displayName: member.displayName, guest: member.guest });
    return () => {
      room.subscribers.delete(subscriber);
      disconnect();
    };
  }
}
