"use client";
/**
 * The id of the latest recording this room saw running. A recording's state is null again once it
 * stops (and when the party ends), so the end screen needs it remembered to offer the replay.
 */
import { useState } from "react";
import type { RecordingState } from "@/lib/sync";

export function useLastRecording(recording: RecordingState | null): string | null {
  const [last, setLast] = useState<string | null>(null);
  // Adjusted during render (not in an effect): the end screen can render in the same pass.
  if (recording && recording.id !== last) setLast(recording.id);
  return recording?.id ?? last;
}
