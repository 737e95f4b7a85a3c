import "server-only";
/**
 * One member's SSE stream of a party: first a snapshot (or, with Last-Event-ID, exactly the events
 * missed, from the replay buffer), then every logged event once, in order.
 */
import { compareEventIds, encodeFrame, type LoggedEvent } from "./bus";
import { getBus } from "./get-bus";
import type { Room, StreamSubscriber } from "./room";
import { connectMember } from "./rooms";
import { sseResponse } from "./sse";

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

    const replay = resumeFrom ? await (await getBus()).since(room.id, resumeFrom) : null;
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
  });
}
