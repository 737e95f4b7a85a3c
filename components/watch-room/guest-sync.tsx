"use client";
/**
 * A guest's own sync controls: "Sync now" (put my player on the host's position at once) and my
 * offset from the host (for a setup of my own, e.g. a TV behind a capture card), kept on this device.
 */
import { VIEWER_OFFSET_STEP_MS, viewerOffsetText } from "@/lib/party-client/status-text";
import { VIEWER_OFFSET_MAX_MS } from "@/lib/sync";
import { Button } from "@/components/ui/button";

export function GuestSync({ offsetMs, onSyncNow, onOffset }: { offsetMs: number; onSyncNow: () => void; onOffset: (offsetMs: number) => void }) {
  const step = (sign: 1 | -1) => onOffset(Math.round((offsetMs + sign * VIEWER_OFFSET_STEP_MS) / VIEWER_OFFSET_STEP_MS) * VIEWER_OFFSET_STEP_MS);
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm text-slate-300" role="group" aria-label="Your sync">
      <Button variant="secondary" size="sm" className="min-h-11" onClick={onSyncNow}>
        Sync now
      </Button>
      <span className="ml-auto">Your offset:</span>
      <Button variant="secondary" size="sm" className="min-h-11" onClick={() => step(-1)} disabled={offsetMs <= -VIEWER_OFFSET_MAX_MS} aria-label="Offset: 0.1 s more behind">
        −0.1 s
      </Button>
      <output className="min-w-40 text-center tabular-nums" aria-live="polite" data-testid="viewer-offset">
        {viewerOffsetText(offsetMs)}
      </output>
      <Button variant="secondary" size="sm" className="min-h-11" onClick={() => step(1)} disabled={offsetMs >= VIEWER_OFFSET_MAX_MS} aria-label="Offset: 0.1 s more ahead">
        +0.1 s
      </Button>
      {offsetMs !== 0 && (
        <Button variant="secondary" size="sm" className="min-h-11" onClick={() => onOffset(0)}>
          Reset offset
        </Button>
      )}
    </div>
  );
}
