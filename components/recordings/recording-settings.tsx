"use client";
/**
 * The owner's settings of one recording: rename, privacy (public: on the profile; unlisted: only
 * whoever has the link; private: the owner alone) and, with `onDelete`, delete after an in-page
 * confirmation.
 */
import { useState, type FormEvent } from "react";
import { deleteRecording, updateRecording } from "@/lib/api/use-recordings";
import type { Recording, RecordingPrivacy } from "@/lib/schemas/recording";
import { RECORDING_PRIVACY, RECORDING_TITLE_MAX } from "@/lib/sync/recording-limits";
import { Button } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/field";

const PRIVACY_LABEL: Record<RecordingPrivacy, string> = { public: "Public", unlisted: "Unlisted (link only)", private: "Private" };

interface RecordingSettingsProps {
  recording: Recording;
  onChanged?(recording: Recording): void;
  /** Offer "Delete" (with confirmation); called once it is gone. */
  onDeleted?(): void;
}

export function RecordingSettings({ recording, onChanged, onDeleted }: RecordingSettingsProps) {
  const [title, setTitle] = useState(recording.title);
  const [privacy, setPrivacy] = useState<RecordingPrivacy>(recording.privacy);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);

  async function run(action: () => Promise<void>, done: string | null) {
    setBusy(true);
    setMessage(null);
    try {
      await action();
      if (done) setMessage({ error: false, text: done });
    } catch (cause) {
      setMessage({ error: true, text: cause instanceof Error ? cause.message : "That did not work. Please try again." });
    } finally {
      setBusy(false);
    }
  }

  function rename(event: FormEvent) {
    event.preventDefault();
    void run(async () => {
      const updated = await updateRecording(recording.id, { title });
      setTitle(updated.title);
      onChanged?.(updated);
    }, "Saved.");
  }

  function changePrivacy(next: RecordingPrivacy) {
    const previous = privacy;
    setPrivacy(next);
    void run(async () => {
      try {
        onChanged?.(await updateRecording(recording.id, { privacy: next }));
      } catch (error) {
        setPrivacy(previous);
        throw error;
      }
    }, "Saved.");
  }

  return (
    <div className="flex flex-col gap-2" data-testid="recording-settings">
      <div className="flex flex-wrap items-center gap-2">
        <form className="flex flex-1 flex-wrap items-center gap-2" onSubmit={rename}>
          <Input
            className="min-w-48 flex-1"
            aria-label={`Title of ${recording.title}`}
            value={title}
            maxLength={RECORDING_TITLE_MAX}
            required
            onChange={(e) => setTitle(e.target.value)}
          />
          <Button type="submit" size="sm" disabled={busy || title.trim() === recording.title}>
            Rename
          </Button>
        </form>
        <Select aria-label={`Privacy of ${recording.title}`} value={privacy} disabled={busy} onChange={(e) => changePrivacy(e.target.value as RecordingPrivacy)}>
          {RECORDING_PRIVACY.map((value) => (
            <option key={value} value={value}>
              {PRIVACY_LABEL[value]}
            </option>
          ))}
        </Select>
        {onDeleted && !confirming && (
          <Button variant="secondary" size="sm" disabled={busy} onClick={() => setConfirming(true)}>
            Delete
          </Button>
        )}
      </div>
      {onDeleted && confirming && (
        <div className="flex flex-wrap items-center gap-2 rounded-md bg-red-950/60 px-3 py-2 text-sm text-red-100" role="group" aria-label="Confirm deletion">
          <span>Delete &quot;{recording.title}&quot; for good?</span>
          <Button variant="danger" size="sm" disabled={busy} onClick={() => void run(async () => { await deleteRecording(recording.id); onDeleted(); }, null)}>
            Yes, delete
          </Button>
          <Button variant="secondary" size="sm" disabled={busy} onClick={() => setConfirming(false)}>
            Keep it
          </Button>
        </div>
      )}
      {message && (
        <p role={message.error ? "alert" : "status"} className={`text-sm ${message.error ? "text-red-300" : "text-emerald-300"}`}>
          {message.text}
        </p>
      )}
    </div>
  );
}
