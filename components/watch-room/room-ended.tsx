"use client";
/**
 * The one screen a room shows once it is over for you: the party ended (for everyone) or you left
 * it. It says so once, offers the replay when the party was recorded (to those who may watch it: the
 * host always; others when the host made it public or unlisted), and where to go next.
 */
import Link from "next/link";
import { useEffect, useState } from "react";
import { ApiClient } from "@/lib/party-client/api-client";
import { buttonVariants } from "@/components/ui/button";
import { BROWSE_PARTIES_PATH, PARTY_ENDED_BY_YOU_TEXT, PARTY_ENDED_TEXT, PARTY_ENDED_TITLE, START_ROOM_LABEL, START_ROOM_PATH, YOU_LEFT_TITLE } from "@/lib/watch-room/room-texts";

interface RoomEndedProps {
  why: "ended" | "left";
  /** The viewer is the host (who ended it, or whose absence did). */
  isHost?: boolean;
  title: string;
  token: string;
  /** The latest recording the room saw, if any. */
  recordingId: string | null;
}

type Replay = { kind: "none" } | { kind: "checking" } | { kind: "visible"; id: string } | { kind: "hidden" };

export function RoomEnded({ why, isHost = false, title, token, recordingId }: RoomEndedProps) {
  const [replay, setReplay] = useState<Replay>(recordingId ? { kind: "checking" } : { kind: "none" });
  useEffect(() => {
    if (!recordingId) return;
    let live = true;
    // The recording's own privacy decides who is offered the replay (a private one: its owner only).
    new ApiClient(window.location.origin)
      .request("GET", `/api/v1/recordings/${encodeURIComponent(recordingId)}`, token)
      .then(
        (res) => live && setReplay(res.ok ? { kind: "visible", id: recordingId } : { kind: "hidden" }),
        () => live && setReplay({ kind: "hidden" }),
      );
    return () => {
      live = false;
    };
  }, [recordingId, token]);

  return (
    <section className="mx-auto max-w-2xl px-4 py-12" aria-labelledby="room-ended-title" data-testid="room-ended">
      <h1 id="room-ended-title" className="text-2xl font-bold text-white">
        {why === "ended" ? PARTY_ENDED_TITLE : YOU_LEFT_TITLE}
      </h1>
      {title && <p className="mt-2 truncate text-slate-300" title={title}>{title}</p>}
      {why === "ended" && <p className="mt-4 text-slate-300">{isHost ? PARTY_ENDED_BY_YOU_TEXT : PARTY_ENDED_TEXT}</p>}
      {replay.kind === "visible" && (
        <p className="mt-4 text-slate-200">
          This party was recorded.{" "}
          <Link className={buttonVariants({ variant: "secondary", size: "sm", className: "ml-1 min-h-11" })} href={`/recordings/${encodeURIComponent(replay.id)}`}>
            Watch the replay
          </Link>
        </p>
      )}
      {replay.kind === "hidden" && <p className="mt-4 text-slate-300">The host recorded this party: ask them for the replay&apos;s link.</p>}
      <div className="mt-6 flex flex-wrap gap-3">
        <Link href={START_ROOM_PATH} className={buttonVariants({ className: "min-h-11" })}>
          {START_ROOM_LABEL}
        </Link>
        <Link href={BROWSE_PARTIES_PATH} className={buttonVariants({ variant: "secondary", className: "min-h-11" })}>
          Browse parties
        </Link>
      </div>
    </section>
  );
}
