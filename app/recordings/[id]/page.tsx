// /recordings/{id} – replay a recorded party over its YouTube video (private: the owner only; unlisted: by link)
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { RecordingReplay } from "@/components/recordings/recording-replay";
import { RecordingSettings } from "@/components/recordings/recording-settings";
import { embedPlayers } from "@/lib/server/embed-players";
import { ApiError } from "@/lib/server/http/api-error";
import { getVisibleRecordingOrThrow, toRecording } from "@/lib/server/recordings/recording-row";
import { getViewerId } from "@/lib/server/users/get-viewer-id";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

const load = cache(async (id: string) => {
  const viewer = await getViewerId();
  try {
    return { recording: toRecording(await getVisibleRecordingOrThrow(id, viewer), viewer), viewer };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const found = await load((await params).id);
  if (!found) return { title: "Recording Not Found - ViewParty", robots: { index: false } };
  return {
    title: `${found.recording.title} (replay) - ViewParty`,
    description: `Replay of a ViewParty watch party hosted by ${found.recording.host.display_name}.`,
    robots: found.recording.privacy === "public" ? undefined : { index: false },
  };
}

export default async function RecordingPage({ params }: Props) {
  const found = await load((await params).id);
  if (!found) notFound();
  const { recording, viewer } = found;
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4 px-3 py-4 sm:px-4">
      <header className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h1 className="text-xl font-bold text-white md:text-2xl">{recording.title}</h1>
        <p className="text-sm text-slate-300">
          Hosted by {recording.host.display_name} · {new Date(recording.started_at).toUTCString()}
          {recording.status === "recording" ? " · still recording" : ""}
        </p>
      </header>
      {recording.is_owner && <RecordingSettings recording={recording} />}
      <RecordingReplay recording={recording} urls={embedPlayers()} signedIn={viewer !== null} />
    </div>
  );
}
