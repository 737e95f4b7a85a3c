"use client";
/**
 * The Playlist page (spec §2): video area, sidebar controls, Add Video form, Twitch panel, Share and
 * the video list. `?id=` names the playlist; without one (or for an unknown one) the page still
 * shows its controls, empty. The spec's hidden admin block is deliberately not rendered.
 */
import Link from "next/link";
import { useState, type ReactNode } from "react";
import { PageShell } from "@/components/common/page-shell";
import { ApiClientError } from "@/lib/api/client";
import { usePlaylist } from "./playlist-api";
import { PlaylistAddForm } from "./playlist-add-form";
import { PlaylistControls } from "./playlist-controls";
import { PlaylistPlayer } from "./playlist-player";
import { ShareSection } from "./share-section";
import { TwitchPanel } from "./twitch-panel";
import { VideoList } from "./video-list";

const NONE = "-";

function Notice({ children, tone = "info" }: { children: ReactNode; tone?: "info" | "error" }) {
  const styles = tone === "error" ? "border-red-400 bg-red-950 text-red-50" : "border-slate-600 bg-slate-900 text-slate-200";
  return (
    <div role={tone === "error" ? "alert" : undefined} className={`mb-6 rounded-lg border px-4 py-3 text-sm ${styles}`}>
      {children}
    </div>
  );
}

export function PlaylistView({ playlistId }: { playlistId: string | null }) {
  const { data, error, isLoading } = usePlaylist(playlistId);
  const [selected, setSelected] = useState(0);
  const videos = data?.links ?? [];
  // Clamped at render: the list can shrink under the selection when it revalidates.
  const index = Math.min(selected, Math.max(videos.length - 1, 0));
  const current = videos[index] ?? null;

  const shareCode = !playlistId ? NONE : isLoading ? "Loading..." : (data?.share_code ?? NONE);
  const shareHint = data && !data.share_code ? "Only the playlist's owner sees its share code." : undefined;

  return (
    <PageShell
      wide
      title={data?.title ?? "Playlist"}
      lead={data ? `A playlist by ${data.owner}.` : "Queue YouTube and TikTok videos and play them one after another."}
    >
      {!playlistId && (
        <Notice>
          No playlist selected.{" "}
          <Link href="/playlists" className="font-medium text-cyan-300 underline">
            Choose one from the playlists list
          </Link>
          .
        </Notice>
      )}
      {error && (
        <Notice tone="error">
          {error instanceof ApiClientError && error.status === 404 ? "Playlist not found." : `Error loading playlist: ${error.message}`}
        </Notice>
      )}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-6">
          <PlaylistPlayer video={current} />
          <PlaylistAddForm />
          <TwitchPanel />
        </div>
        <aside aria-label="Playlist sidebar" className="space-y-6">
          <PlaylistControls index={index} total={videos.length} currentUrl={current?.url ?? null} onSelect={setSelected} />
          <ShareSection shareCode={shareCode} hint={shareHint} />
          <VideoList videos={videos} currentIndex={index} onSelect={setSelected} />
        </aside>
      </div>
    </PageShell>
  );
}
