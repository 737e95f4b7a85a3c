"use client";
/** A host's public recordings on their public profile (unlisted and private ones never appear). */
import Link from "next/link";
import { linkClass } from "@/components/parties/styles";
import { ProfileSection } from "@/components/profile/profile-section";
import { usePublicRecordings } from "@/lib/api/use-recordings";
import { formatClock } from "@/lib/sync/format-clock";

export function PublicRecordings({ username }: { username: string }) {
  const { data } = usePublicRecordings(username);
  if (!data || data.recordings.length === 0) return null;
  return (
    <ProfileSection title="Recordings">
      <ul className="flex flex-col gap-2">
        {data.recordings.map((recording) => (
          <li key={recording.id} className="text-sm text-slate-300" data-testid="public-recording">
            <Link className={`${linkClass} font-semibold`} href={`/recordings/${recording.id}`}>
              {recording.title}
            </Link>{" "}
            · {formatClock(Math.round(recording.duration_ms / 1000))} · {new Date(recording.created_at).toLocaleDateString()}
          </li>
        ))}
      </ul>
    </ProfileSection>
  );
}
