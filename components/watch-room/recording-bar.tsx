"use client";
/**
 * Recording in the watch room: everyone sees the "Recording" badge and that chat is recorded; the
 * host of a YouTube party starts and stops it (choosing whether chat goes in), and gets a link to the
 * recording once it is saved.
 */
import Link from "next/link";
import { useState } from "react";
import { ApiClient } from "@/extension/src/background/api-client";
import { linkClass } from "@/components/parties/styles";
import { PROTOCOL_VERSION, recordingNotice, type RecordingCommand, type RecordingState } from "@/lib/sync";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/card";

interface RecordingBarProps {
  partyId: string;
  token: string;
  recording: RecordingState | null;
  isHost: boolean;
  /** The host's account may record (guests cannot own a recording) a YouTube video. */
  canRecord: boolean;
}

export function RecordingBar({ partyId, token, recording, isHost, canRecord }: RecordingBarProps) {
  const [includeChat, setIncludeChat] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  async function send(command: RecordingCommand) {
    setBusy(true);
    setError(null);
    try {
      const { recordingId } = await new ApiClient(window.location.origin).record(token, partyId, command);
      setSaved(command.type === "recording.stop" ? recordingId : null);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : "That did not work. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  if (!recording && !(isHost && canRecord) && !saved) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-700 bg-slate-900/70 px-3 py-2 text-sm" data-testid="recording-bar">
      {recording && (
        <>
          <Badge tone="live" data-testid="recording-badge">
            ● Recording
          </Badge>
          <span className="text-slate-200" role="status" data-testid="recording-notice">
            {recordingNotice(recording)}
          </span>
        </>
      )}
      {isHost && canRecord && !recording && (
        <>
          <Button size="sm" disabled={busy} onClick={() => void send({ v: PROTOCOL_VERSION, type: "recording.start", includeChat })}>
            Record
          </Button>
          <label className="flex items-center gap-1 text-slate-200">
            <input type="checkbox" checked={includeChat} onChange={(e) => setIncludeChat(e.target.checked)} /> Include chat
          </label>
        </>
      )}
      {isHost && recording && (
        <Button variant="secondary" size="sm" disabled={busy} onClick={() => void send({ v: PROTOCOL_VERSION, type: "recording.stop" })}>
          Stop recording
        </Button>
      )}
      {saved && !recording && (
        <span className="text-slate-200" role="status">
          Recording saved. <Link className={linkClass} href={`/recordings/${saved}`}>Open the recording</Link>
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
