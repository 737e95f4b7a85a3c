"use client";
/**
 * Music mode's audio-first view around the room's player: the player shrinks to a thumbnail (it keeps
 * playing and stays in sync: it is the same element, only its box changes), and the track takes the
 * stage — a big "Now playing" with its progress, sound on, and what is up next. Out of music mode the
 * wrapper steps aside and the player has the full width as before.
 */
import { Icon } from "@/components/ui/icon";
import type { ReactNode } from "react";
import type { SyncPlayer } from "@/lib/party-client/sync-player";
import { usePlayerReading } from "@/lib/watch-room/use-player-reading";
import { formatClock } from "@/lib/sync/format-clock";

type StageControl = SyncPlayer & { setMuted(muted: boolean): void; readonly muted: boolean };

interface MusicStageProps {
  active: boolean;
  nowPlaying: string | null;
  upNext: string | null;
  /** Seconds until the current track starts (an intermission), or null. */
  startsIn: number | null;
  control: StageControl | null;
  duration(): number | null;
  children: ReactNode;
}

export function MusicStage({ active, nowPlaying, upNext, startsIn, control, duration, children }: MusicStageProps) {
  return (
    <div
      data-testid="music-stage"
      data-active={active}
      className={
        active
          ? "flex flex-col gap-4 rounded-lg border border-fuchsia-800/70 bg-gradient-to-br from-fuchsia-950/70 via-slate-900 to-slate-900 p-4 sm:flex-row sm:items-center"
          : "contents"
      }
    >
      {/* The player's box: a thumbnail in music mode. Always the same element, so the player is never rebuilt. */}
      <div className={active ? "w-full max-w-[13rem] shrink-0 self-center sm:self-auto" : "w-full"}>{children}</div>
      {active && (
        <section aria-label="Music" className="flex min-w-0 flex-1 flex-col gap-2">
          <p className="text-xs font-semibold uppercase tracking-widest text-fuchsia-200">
            <Icon name="music" className="mr-1 inline h-3.5 w-3.5 align-[-2px]" />
            Now playing
          </p>
          <p className="break-words text-2xl font-bold leading-tight text-white sm:text-3xl" data-testid="music-now-playing">
            {nowPlaying || "—"}
          </p>
          {startsIn !== null && (
            <p className="text-amber-200" role="status">
              Starts in {startsIn} s
            </p>
          )}
          <TrackProgress control={control} duration={duration} />
          <p className="text-sm text-slate-300">
            <span className="font-semibold text-slate-100">Up next: </span>
            <span data-testid="music-up-next">{upNext ?? "nothing queued yet — request a track below."}</span>
          </p>
        </section>
      )}
    </div>
  );
}

function TrackProgress({ control, duration }: { control: StageControl | null; duration(): number | null }) {
  const reading = usePlayerReading(control, duration);
  if (!control) return null;
  const total = reading.duration;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center gap-2 text-xs tabular-nums text-slate-300">
        <span>{formatClock(reading.time)}</span>
        <progress
          className="h-1.5 min-w-0 flex-1 overflow-hidden rounded-full accent-fuchsia-300 [&::-webkit-progress-bar]:bg-slate-700 [&::-webkit-progress-value]:bg-fuchsia-300"
          aria-label="Track progress"
          max={total ?? 1}
          value={total ? Math.min(reading.time, total) : 0}
        />
        <span>{total ? formatClock(total) : "–:–"}</span>
      </div>
      {reading.muted && (
        <button
          type="button"
          className="min-h-11 self-start rounded-full bg-fuchsia-300 px-4 py-2 text-sm font-semibold text-slate-950 hover:bg-fuchsia-200"
          onClick={() => control.setMuted(false)}
        >
          <Icon name="volume" className="mr-1 inline h-4 w-4 align-[-3px]" />
          Turn the sound on
        </button>
      )}
    </div>
  );
}
