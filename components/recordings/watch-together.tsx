"use client";
/**
 * Watch a recording together: starts a live party the viewer hosts, on the recording's first video,
 * and connects this page's replay player to it as the host's player. The sync engine then reports
 * every play, pause, seek and video change of the replay, so the guests in the watch room follow it
 * like any host.
 */
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import type { SyncPlayer } from "@/lib/party-client/sync-player";
import { linkClass } from "@/components/parties/styles";
import { sessionRoomToken } from "@/components/watch-room/room-access";
import type { RoomMedia } from "@/components/watch-room/room-player";
import { startRecordingParty } from "@/lib/api/use-recordings";
import { useWatchRoom } from "@/lib/watch-room/use-watch-room";
import { Button } from "@/components/ui/button";

interface WatchTogetherProps {
  recordingId: string;
  control: SyncPlayer | null;
  media: RoomMedia;
}

export function WatchTogether({ recordingId, control, media }: WatchTogetherProps) {
  const [party, setParty] = useState<{ id: string; token: string; inviteCode: string | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function start() {
    setBusy(true);
    setError(null);
    try {
      const detail = await startRecordingParty(recordingId);
      setParty({ id: detail.id, token: await sessionRoomToken(), inviteCode: detail.invite_code });
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : "That did not work. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="rounded-lg border border-slate-700 bg-slate-900/70 p-3 text-sm" aria-label="Watch together">
      {party ? (
        <HostedReplay party={party} control={control} media={media} />
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="secondary" size="sm" disabled={busy} onClick={() => void start()}>
            Watch together
          </Button>
          <span className="text-slate-300">Start a live party: your replay drives everyone&apos;s player.</span>
        </div>
      )}
      {error && (
        <p role="alert" className="mt-2 text-red-300">
          {error}
        </p>
      )}
    </section>
  );
}

function HostedReplay({ party, control, media }: { party: { id: string; token: string; inviteCode: string | null }; control: SyncPlayer | null; media: RoomMedia }) {
  const room = useWatchRoom(party.id, party.token);
  // The hook's functions are new on every render (they read refs): keep the latest without re-running.
  const roomRef = useRef(room);
  useEffect(() => {
    roomRef.current = room;
  });
  const connected = room.model?.role === "host";
  useEffect(() => {
    if (!connected) return;
    roomRef.current.setPlayer(control);
    return () => roomRef.current.setPlayer(null);
  }, [control, connected]);
  useEffect(() => {
    if (connected) roomRef.current.showing(media.url, media.title);
  }, [media.url, media.title, connected]);
  const members = room.model?.members ?? 0;
  return (
    <p className="text-slate-200" role="status" data-testid="watch-together">
      Live party started: share <Link className={linkClass} href={`/watch/${party.id}`}>the watch room</Link>
      {party.inviteCode ? ` (invite code ${party.inviteCode})` : ""}. {members} watching.
    </p>
  );
}
