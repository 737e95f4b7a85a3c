"use client";
/**
 * One viewer's connection to a live party from the watch room: the same pieces the extension runs
 * (PartyConnection: the SSE stream with Last-Event-ID resume and the command queue, commands over the
 * command socket when the server offers it and by POST otherwise; SyncSession: the lib/sync engine
 * wired to a player), with the room's embedded player as the SyncPlayer. The room renders the
 * session's model (the party's state as the session folded it: queue and moderation included) and
 * sends every command through the session: nothing here folds an event or posts a command itself.
 */
import { startTransition, useEffect, useMemo, useRef, useState } from "react";
import { ApiClient } from "@/lib/party-client/api-client";
import { PartyConnection, statusNote } from "@/lib/party-client/party-connection";
import { SyncSession, type PartyViewModel, type VoiceSignalListener } from "@/lib/party-client/sync-session";
import { watchPageLeaving } from "@/lib/party-client/page-leaving";
import type { SyncPlayer } from "@/lib/party-client/sync-player";
import type { PartyCommand } from "@/lib/party-client/types";
import { roomMediaKey } from "./media-key";
import { STORAGE_KEYS } from "@/lib/constants";

export interface WatchRoomHandle {
  model: PartyViewModel | null;
  /** Any command (the protocol's, moderation, recording); resolves with the answer body, rejects with ApiRequestError. */
  send(command: PartyCommand): Promise<unknown>;
  sendChat(text: string): Promise<void>;
  /** Reports someone else's chat message to the host; rejects with the server's message. */
  reportMessage(messageId: string): Promise<void>;
  /** Votes in the open poll (or changes the vote); rejects with the server's message. */
  vote(pollId: string, option: number): Promise<void>;
  setPlayer(player: SyncPlayer | null): void;
  /** The embed now shows this media (the session compares it with the party's). */
  showing(url: string, title: string): void;
  /** The estimated server time now (ms), or null before the first clock sample. */
  serverNow(): number | null;
  /** A guest's "Sync now". */
  syncNow(): void;
  /** This viewer's own offset from the host (ms, positive: ahead), kept on this device. */
  setViewerOffset(offsetMs: number): void;
  /** Voice signals for this member (the voice mesh); returns the unsubscribe. */
  onVoiceSignal(listener: VoiceSignalListener): () => void;
}

export function useWatchRoom(partyId: string, token: string | null): WatchRoomHandle {
  const [model, setModel] = useState<PartyViewModel | null>(null);
  const sessionRef = useRef<SyncSession | null>(null);

  useEffect(() => {
    if (!token) return;
    const api = new ApiClient(window.location.origin);
    let connection: PartyConnection | null = null;
    const session = new SyncSession(
      {
        now: () => performance.timeOrigin + performance.now(),
        setTimeout: (fn, ms) => window.setTimeout(fn, ms),
        clearTimeout: (handle) => window.clearTimeout(handle as number),
        send: async (command) => {
          if (!connection) throw new Error("Not connected to the party.");
          return connection.send(command);
        },
        // The room's player follows the party's media itself (see WatchRoom): nothing to open.
        navigate: () => undefined,
        // A transition: the room re-renders on every event and clock sample (a burst of them while
        // joining), and the first one builds the whole room. Rendered urgently, each was one long
        // task on a phone's CPU; as a transition React renders in slices, yields to input, and
        // folds a burst of models into the latest one.
        render: (next) => {
          // Diagnostics for support and the resume checks: the sync status as the engine just decided
          // it, with the player action it took (the rendered status follows a transition later).
          document.documentElement.dataset.vpSync = next.status;
          startTransition(() => setModel({ ...next }));
        },
        mediaKeyOf: roomMediaKey,
      },
      { url: "", title: "" },
    );
    connection = new PartyConnection({
      api,
      token,
      partyId,
      onEvent: (event) => session.receive(event),
      onStatus: (status) => session.setConnection(status.state, statusNote(status)),
    });
    session.setViewerOffset(readViewerOffset());
    sessionRef.current = session;
    connection.start();
    const online = () => session.resetClock();
    window.addEventListener("online", online);
    const stopWatchingLeave = watchPageLeaving(window, session);
    return () => {
      stopWatchingLeave();
      delete document.documentElement.dataset.vpSync;
      window.removeEventListener("online", online);
      connection?.stop();
      session.dispose();
      sessionRef.current = null;
    };
  }, [partyId, token]);

  // The handle's functions read the refs only: one set for the room's life, so the panels that take
  // them (memoised) re-render when their own data changes, not on every model.
  const actions = useMemo<Omit<WatchRoomHandle, "model">>(
    () => ({
      send: async (command) => {
        const session = sessionRef.current;
        if (!session) throw new Error("Not connected to the party.");
        return session.send(command);
      },
      sendChat: async (text) => {
        await sessionRef.current?.sendChat(text);
      },
      reportMessage: async (messageId) => {
        const session = sessionRef.current;
        if (!session) throw new Error("Not connected to the party.");
        await session.reportMessage(messageId);
      },
      vote: async (pollId, option) => {
        const session = sessionRef.current;
        if (!session) throw new Error("Not connected to the party.");
        await session.vote(pollId, option);
      },
      setPlayer: (player) => sessionRef.current?.setPlayer(player),
      showing: (url, title) => sessionRef.current?.setTab(url, title),
      syncNow: () => sessionRef.current?.syncNow(),
      onVoiceSignal: (listener) => sessionRef.current?.onVoiceSignal(listener) ?? (() => undefined),
      setViewerOffset: (offsetMs) => {
        const session = sessionRef.current;
        if (!session) return;
        session.setViewerOffset(offsetMs);
        writeViewerOffset(session.model.viewerOffsetMs ?? 0);
      },
      serverNow: () => {
        const clock = sessionRef.current?.client.clock;
        return clock && clock.sampleCount > 0 ? clock.toServerTime(performance.timeOrigin + performance.now()) : null;
      },
    }),
    [],
  );
  return { model, ...actions };
}

/** The viewer's offset is their device's (a TV behind a capture card), so it is kept in this browser. */
function readViewerOffset(): number {
  try {
    const stored = Number(window.localStorage.getItem(STORAGE_KEYS.viewerOffsetMs));
    return Number.isFinite(stored) ? stored : 0;
  } catch {
    return 0;
  }
}

function writeViewerOffset(offsetMs: number): void {
  try {
    if (offsetMs === 0) window.localStorage.removeItem(STORAGE_KEYS.viewerOffsetMs);
    else window.localStorage.setItem(STORAGE_KEYS.viewerOffsetMs, String(offsetMs));
  } catch {
    // Storage refused (private mode): the offset holds for this visit only.
  }
}
