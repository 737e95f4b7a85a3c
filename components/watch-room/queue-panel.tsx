"use client";
/**
 * Now playing and Up next, live for everyone. The host edits the queue in the host panel
 * (queue-editor.tsx).
 */
import type { QueueState } from "@/lib/sync";

interface QueuePanelProps {
  queue: QueueState;
  nowPlaying: string | null;
  /** Seconds until the current item starts (an intermission), or null. */
  startsIn: number | null;
  /** Off in music mode, whose stage shows "Now playing" big. */
  showNowPlaying?: boolean;
}

export function QueuePanel({ queue, nowPlaying, startsIn, showNowPlaying = true }: QueuePanelProps) {
  const { items } = queue;
  return (
    <section aria-label="Queue" className="flex flex-col gap-3 rounded-lg border border-slate-700 bg-slate-900/70 p-3 text-sm text-slate-200">
      {showNowPlaying && (
        <div>
          <h2 className="font-semibold text-white">Now playing</h2>
          <p className="mt-1 break-words" data-testid="now-playing">
            {nowPlaying || "—"}
          </p>
          {startsIn !== null && (
            <p className="mt-1 text-amber-200" role="status">
              Starts in {startsIn} s
            </p>
          )}
        </div>
      )}
      <div>
        <h2 className="font-semibold text-white">Up next</h2>
        {items.length === 0 ? (
          <p className="mt-1 text-slate-400">Nothing queued yet.</p>
        ) : (
          <ol className="mt-2 space-y-2" data-testid="up-next">
            {items.map((item, index) => (
              <li key={item.id} className="rounded-md bg-slate-950/60 px-2 py-1.5 break-words">
                {index + 1}. {item.title}
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
