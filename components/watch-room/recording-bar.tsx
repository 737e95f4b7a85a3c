/**
 * Everyone in the room sees that the party is being recorded, and whether chat is (or that drawings
 * and chat are left out for now: the recording's size budget for the minute is used). When a
 * recording stops by itself (its size or length limit, media that cannot be recorded), everyone is
 * told why and the host gets the link to what was saved. The host starts and stops it in the host
 * panel (recording-controls.tsx); `children` holds Stop for a starter who has handed the party over since.
 */
import Link from "next/link";
import type { ReactNode } from "react";
import { recordingNotice, recordingStopMessage, type RecordingState, type RecordingStop } from "@/lib/sync";
import { linkClass } from "@/components/parties/styles";
import { Badge } from "@/components/ui/card";

export function RecordingBar({ recording, stopped = null, isHost = false, children }: { recording: RecordingState | null; stopped?: RecordingStop | null; isHost?: boolean; children?: ReactNode }) {
  if (!recording && stopped) {
    return (
      <div className="flex flex-wrap items-center gap-2 rounded-lg border border-amber-700 bg-slate-900/70 px-3 py-2 text-sm" data-testid="recording-stopped">
        <span className="text-amber-100" role="status">
          {recordingStopMessage(stopped.reason)}
        </span>
        {isHost && (
          <Link className={`${linkClass} inline-flex min-h-11 items-center`} href={`/recordings/${stopped.id}`}>
            Open the recording
          </Link>
        )}
      </div>
    );
  }
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
