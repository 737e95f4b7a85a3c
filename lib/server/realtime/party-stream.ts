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
import { idParamSchema } from "@/lib/schemas/common";
import { ApiError, DEPENDENCY_DOWN_DETAIL, DEPENDENCY_RETRY_AFTER_SECONDS, forbidden, partyEnded } from "@/lib/server/http/api-error";
import type { ApiOptions, SessionUser } from "@/lib/server/http/with-api";
import { findPartyOrThrow } from "@/lib/server/parties/find-party";
import { partyCaller } from "@/lib/server/parties/member-caller";
import { isPartyMember } from "@/lib/server/parties/membership";
import { assertNotRemoved } from "@/lib/server/parties/party-moderation";
import { compareEventIds, encodeFrame, type LoggedEvent } from "./bus";
import { getBus } from "./get-bus";
import { tallies } from "@/lib/server/metrics/tallies";
import type { Room, StreamSubscriber } from "./room";
import { connectMember, getRoom, loadedRoom } from "./rooms";
import type { SseSink, SseSource } from "./sse-frames";

export interface StreamMember {
  id: string;
  displayName: string;
  /** A guest (a name only) rather than an account. */
  guest: boolean;
}

/** Where a reconnecting client resumes: its Last-Event-ID header, or `?lastEventId=` (a fresh EventSource cannot set the header). */
export function lastEventIdOf(req: { headers: Pick<Headers, "get">; url: string }): string | null {
  return req.headers.get("last-event-id") ?? new URL(req.url).searchParams.get("lastEventId");
}

/** `GET /api/v1/parties/{id}/events`'s checks before it runs (withApi's, or the hot path's). */
export const PARTY_STREAM_API = { auth: "required", allowGuests: true, rateLimit: { windowSeconds: 60, max: 60 } } as const satisfies ApiOptions;

/** What a caller who is not in the party is told: joining is its own, explicit request. */
const JOIN_BEFORE_STREAM = "Join the party (POST /api/v1/parties/{id}/join) before opening its stream.";

export interface PartyStreamRequest {
  /** The party's id or invite code, as the path gave it (validated here). */
  partyId: unknown;
  user: SessionUser;
  /** The last event the client saw (Last-Event-ID), or null for a fresh stream. */
  lastEventId: string | null;
}

/**
 * `GET /api/v1/parties/{id}/events` after its caller is resolved, whichever server serves it: checks
 * that the caller may open the stream (throwing the ApiError the request is answered with) and
 * returns the stream's source, which the transport writes to its response.
 */
export async function openPartyStream({ partyId, user, lastEventId }: PartyStreamRequest): Promise<SseSource> {
  const { id } = idParamSchema.parse({ id: partyId });
  // A public party this instance already serves needs no database read (a crowd joining opens
  // thousands of streams); anything else (an invite code, a private party, a party not loaded here)
  // is looked up as the caller may see it.
  const live = loadedRoom(id);
  const room = live?.meta.visibility === "public" ? live : await findRoom(id, user.id);
  if (room.meta.state === "ENDED") throw partyEnded();
  // Opening the stream only reads. It used to join the party for a caller not in it, and a GET is
  // neither CSRF-checked nor kept from other sites (a SameSite=Lax cookie rides a top-level
  // navigation, an <img> on a same-site page): any page could move a signed-in visitor into a
  // party of its choosing. Joining is POST .../join; the stream is for members (the host, anyone
  // who joined, a member reconnecting with Last-Event-ID). The stream's role is the replica's (the
  // host role can be handed over while it is open).
  if (!(await isPartyMember(room, user.id))) {
    await assertNotRemoved(room.id, user.id); // a kicked or banned member is told so, not told to join
    throw forbidden(JOIN_BEFORE_STREAM, "not_member");
  }
  const caller = partyCaller(user);
  return partyStreamSource(room, { id: caller.id, displayName: caller.displayName, guest: user.isGuest === true }, lastEventId);
}

async function findRoom(idOrCode: string, callerId: string): Promise<Room> {
  const { row } = await findPartyOrThrow(idOrCode, callerId);
  return getRoom(row.id, row);
}

function partyStreamSource(room: Room, member: StreamMember, resumeFrom: string | null): SseSource {
  return async (sink) => {
    const bus = await getBus();
    const endUnavailable = (detail: string) => {
      sink.write(unavailableFrame(detail));
      sink.close();
    };
    const stopWatching = bus.onUnavailable?.(() => endUnavailable(DEPENDENCY_DOWN_DETAIL.redis)) ?? (() => {});
    try {
      const cleanup = await openStream(sink);
      tallies.partyStreams += 1;
      return () => {
        tallies.partyStreams -= 1;
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
  };

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
    /** Voice signals that came before the snapshot or replay was written: they follow it. */
    const pendingSignals: Uint8Array[] = [];
    const send = (event: LoggedEvent) => {
      if (!inOrder) {
        if (sentUpTo !== null && compareEventIds(event.id, sentUpTo) <= 0) return;
        inOrder = ready;
      }
      sentUpTo = event.id;
      if (sink.write(event.frame)) tallies.eventsDelivered += 1;
    };
    const subscriber: StreamSubscriber = {
      push: (event) => (ready ? send(event) : pending.push(event)),
      send: (frame) => (ready ? sink.write(frame) : pendingSignals.push(frame)),
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
    for (const frame of pendingSignals.splice(0)) sink.write(frame);
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
