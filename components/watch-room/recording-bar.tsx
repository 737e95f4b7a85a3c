/**
 * Everyone in the room sees that the party is being recorded, and whether chat is. The host starts
 * and stops it in the host panel (recording-controls.tsx); `children` holds Stop for a starter who
 * has handed the party over since.
 */
import type { ReactNode } from "react";
import { recordingNotice, type RecordingState } from "@/lib/sync";
import { Badge } from "@/components/ui/card";

export function RecordingBar({ recording, children }: { recording: RecordingState | null; children?: ReactNode }) {
  if (!recording) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-700 bg-slate-900/70 px-3 py-2 text-sm" data-testid="recording-bar">
      <Badge tone="live" data-testid="recording-badge">
        ● Recording
      </Badge>
      <span className="text-slate-200" role="status" data-testid="recording-notice">
        {recordingNotice(recording)}
      </span>
      {children}
    </div>
  );
}
