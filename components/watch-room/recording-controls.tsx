"use client";
/**
 * The recording controls: in the host panel, the host of a YouTube party starts and stops recording
 * (choosing whether chat goes in) and gets a link to the recording once it is saved. A recording is
 * its starter's: after a hand-over the new host is told so instead of offered Stop, and the starter,
 * now a member, finds Stop beside the room's recording notice (recording-bar.tsx).
 */
import Link from "next/link";
import { useState } from "react";
import type { SendCommand } from "@/lib/party-client/types";
import { linkClass } from "@/components/parties/styles";
import { PROTOCOL_VERSION, type RecordingCommand, type RecordingState } from "@/lib/sync";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/card";

interface RecordingControlsProps {
  /** The room's one way to its party (SyncSession.send): the answer names the recording. */
  send: SendCommand;
  recording: RecordingState | null;
  /** The host's account may record (guests cannot own a recording) a YouTube video. */
  canRecord: boolean;
  /** The viewer's member id: Stop is offered to whoever started the recording. */
  youId: string | null;
}

/** Whether `youId` may stop `recording`: its starter (a recording from before `startedBy` was sent: the host). */
export function startedRecording(recording: RecordingState, youId: string | null): boolean {
  return recording.startedBy === undefined || recording.startedBy === youId;
}

/** Sends a recording command through the room's session; `saved` is the recording a stop saved. */
function useRecordingCommand(sendCommand: SendCommand) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  async function send(command: RecordingCommand) {
    setBusy(true);
    setError(null);
    try {
      const answer = (await sendCommand(command)) as { recordingId?: unknown } | null;
      setSaved(command.type === "recording.stop" && typeof answer?.recordingId === "string" ? answer.recordingId : null);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : "That did not work. Please try again.");
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, saved, send };
}

/** Stop for the member who started the recording and handed the party over since (beside the room's notice). */
export function StopOwnRecording({ send: sendCommand }: { send: SendCommand }) {
  const { busy, error, send } = useRecordingCommand(sendCommand);
  return (
    <>
      <Button variant="secondary" size="sm" className="min-h-11" disabled={busy} onClick={() => void send({ v: PROTOCOL_VERSION, type: "recording.stop" })}>
        Stop my recording
      </Button>
      {error && (
        <span role="alert" className="text-red-300">
          {error}
        </span>
      )}
    </>
  );
}

export function RecordingControls({ send: sendCommand, recording, canRecord, youId }: RecordingControlsProps) {
  const [includeChat, setIncludeChat] = useState(true);
  const { busy, error, saved, send } = useRecordingCommand(sendCommand);

  if (!canRecord && !recording && !saved) return <p className="text-sm text-slate-400">Recording is for YouTube parties hosted from an account.</p>;
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm" data-testid="recording-controls">
      {recording && (
        <>
          <Badge tone="live">● Recording</Badge>
          <span className="text-slate-200">{recording.includeChat ? "Chat included." : "Chat not included."}</span>
        </>
      )}
      {canRecord && !recording && (
        <>
          <Button size="sm" className="min-h-11" disabled={busy} onClick={() => void send({ v: PROTOCOL_VERSION, type: "recording.start", includeChat })}>
            Record
          </Button>
          <label className="flex min-h-11 items-center gap-2 text-slate-200">
            <input type="checkbox" className="size-6 accent-cyan-300" checked={includeChat} onChange={(e) => setIncludeChat(e.target.checked)} /> Include chat
          </label>
        </>
      )}
      {recording && startedRecording(recording, youId) && (
        <Button variant="secondary" size="sm" className="min-h-11" disabled={busy} onClick={() => void send({ v: PROTOCOL_VERSION, type: "recording.stop" })}>
          Stop recording
        </Button>
      )}
      {recording && !startedRecording(recording, youId) && (
        <span className="text-slate-300">Another member started this recording: only they can stop it (or the party&apos;s end).</span>
      )}
      {saved && !recording && (
        <span className="text-slate-200" role="status">
          Recording saved. <Link className={`${linkClass} inline-flex min-h-11 items-center`} href={`/recordings/${saved}`}>Open the recording</Link>
        </span>
      )}
      {error && (
        <span role="alert" className="text-red-300">
          {error}
        </span>
      )}
    </div>
  );
}
