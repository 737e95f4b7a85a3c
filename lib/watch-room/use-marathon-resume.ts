"use client";
/**
 * The marathon picks up again when the queue was empty as the host's item ended and something is
 * queued afterwards (a DJ accepting a request after the last track): the host's room asks for the next
 * item then, as it would have at the end, if autoplay is on for its platform and the host's player is
 * still stopped at the end (a host who played or sought since is not overruled).
 */
import { useCallback, useEffect, useRef } from "react";
import type { SyncPlayer } from "@/lib/party-client/sync-player";
import { autoplays, PROTOCOL_VERSION, type QueueState } from "@/lib/sync";
import { playableMedia } from "./media-key";
import type { SendCommand } from "@/lib/party-client/types";

interface MarathonResume {
  isHost: boolean;
  mediaId: string | null;
  queue: QueueState;
  control: (SyncPlayer & { duration?(): number | null }) | null;
  send: SendCommand;
}

/** Returns the call to make when the host's item ended with nothing to play next. */
export function useMarathonResume({ isHost, mediaId, queue, control, send }: MarathonResume): (mediaId: string) => void {
  const endedRef = useRef<string | null>(null);
  const next = queue.items[0] ?? null;
  useEffect(() => {
    if (!isHost || !mediaId || endedRef.current !== mediaId || !next || !control) return;
    if (!autoplays(queue.settings, playableMedia(next.url)?.platform ?? null)) return;
    endedRef.current = null;
    const reading = control.read();
    const duration = control.duration?.() ?? null;
    if (!reading.paused || duration === null || reading.currentTime < duration - 1) return;
    send({ v: PROTOCOL_VERSION, type: "queue.next", fromMediaId: mediaId, auto: true }).catch(() => undefined);
  }, [isHost, mediaId, next, queue.settings, control, send]);
  return useCallback((ended: string) => {
    endedRef.current = ended;
  }, []);
}
