"use client";
/**
 * My Recordings on /profile: every recording of the signed-in host with its replay link, and its
 * settings (rename, privacy, delete with confirmation). Self-contained: the profile page only places it.
 */
import Link from "next/link";
import { useSWRConfig } from "swr";
import { linkClass } from "@/components/parties/styles";
import { ProfileSection } from "@/components/profile/profile-section";
import { MY_RECORDINGS_PATH, useMyRecordings } from "@/lib/api/use-recordings";
import { formatClock } from "@/lib/sync/format-clock";
import { RecordingSettings } from "./recording-settings";

export const NO_RECORDINGS = "No recordings yet. Host a YouTube party and press Record in the watch room.";

export function MyRecordings() {
  const { data, error } = useMyRecordings();
  const { mutate } = useSWRConfig();
  const refresh = () => void mutate(MY_RECORDINGS_PATH);

  return (
    <ProfileSection title="My Recordings">
      {error ? (
        <p role="alert" className="text-red-300">Failed to load your recordings.</p>
      ) : !data ? (
        <p className="text-slate-300">Loading your recordings...</p>
      ) : data.recordings.length === 0 ? (
        <p className="text-slate-300">{NO_RECORDINGS}</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {data.recordings.map((recording) => (
            <li key={recording.id} className="flex flex-col gap-2 border-b border-slate-800 pb-4 last:border-0" data-testid="my-recording">
              <p className="text-sm text-slate-300">
                <Link className={`${linkClass} font-semibold`} href={`/recordings/${recording.id}`}>
                  {recording.title}
                </Link>{" "}
                · {formatClock(Math.round(recording.duration_ms / 1000))} · {new Date(recording.created_at).toLocaleString()}
                {recording.status === "recording" ? " · recording now" : ""}
              </p>
              <RecordingSettings recording={recording} onChanged={refresh} onDeleted={refresh} />
            </li>
          ))}
        </ul>
      )}
    </ProfileSection>
  );
}
