"use client";
/**
 * The Playlist page: video area, sidebar controls, Add Video, Twitch panel (owner), Share and the
 * video list. `?id=` names the playlist; `&admin=` carries the owner's admin key from an admin link.
 * What each visitor can do follows the role the API reports; the server enforces it again.
 */
import Link from "next/link";
import { useState, type ReactNode } from "react";
import { PageShell } from "@/components/common/page-shell";
import { ApiClientError } from "@/lib/api/client";
import type { EmbedPlayers } from "@/lib/media/embed-players";
import { playlistRights } from "@/lib/schemas/playlist";
import { AdminLinkBanner } from "./admin-link-banner";
import { ROLE_LABEL } from "./my-playlists";
import { usePlaylist } from "./playlist-api";
import { PlaylistAddForm } from "./playlist-add-form";
import { PlaylistControls } from "./playlist-controls";
import { PlaylistManage } from "./playlist-manage";
import { PlayInParty } from "./play-in-party";
import { PlaylistPlayer } from "./playlist-player";
import { ShareSection } from "./share-section";
import { TwitchPanel } from "./twitch-panel";
import { VideoList } from "./video-list";

function Notice({ children, tone = "info" }: { children: ReactNode; tone?: "info" | "error" }) {
  const styles = tone === "error" ? "border-red-400 bg-red-950 text-red-50" : "border-slate-600 bg-slate-900 text-slate-200";
  return (
    <div role={tone === "error" ? "alert" : undefined} className={`mb-6 rounded-lg border px-4 py-3 text-sm ${styles}`}>
      {children}
    </div>
  );
}

interface PlaylistViewProps {
  playlistId: string | null;
  adminKey?: string | null;
  /** The YouTube and TikTok players' configuration (from the server). */
  players: EmbedPlayers;
}

export function PlaylistView({ playlistId, adminKey = null, players }: PlaylistViewProps) {
  const { data, error, isLoading } = usePlaylist(playlistId);
  const [selected, setSelected] = useState(0);
  const videos = data?.links ?? [];
  // Clamped at render: the list can shrink under the selection when it revalidates.
  const index = Math.min(selected, Math.max(videos.length - 1, 0));
  const current = videos[index] ?? null;

  return (
    <PageShell
      wide
      title={data?.title ?? "Playlist"}
      lead={data ? `A playlist by ${data.owner}. You are: ${ROLE_LABEL[data.role]}.` : "Queue YouTube and TikTok videos and play them one after another."}
    >
      {!playlistId && (
        <Notice>
          No playlist selected.{" "}
          <Link href="/playlists" className="font-medium text-cyan-300 underline">
            Choose one from the playlists list or create your own
          </Link>
          .
        </Notice>
      )}
      {error && (
        <Notice tone="error">
          {error instanceof ApiClientError && error.status === 404 ? "Playlist not found." : `Error loading playlist: ${error.message}`}
        </Notice>
      )}
      {data && adminKey && <AdminLinkBanner adminKey={adminKey} role={data.role} />}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <PlaylistPlayer video={current} next={videos[index + 1] ?? null} players={players} onAdvance={() => setSelected(index + 1)} />
          {data && <PlaylistAddForm playlist={data} />}
          {data && <PlaylistManage key={data.title} playlist={data} />}
          {data && playlistRights(data.role).canManageTwitch && <TwitchPanel playlistId={data.id} />}
        </div>
        <aside aria-label="Playlist sidebar" className="min-w-0 space-y-6">
          <PlaylistControls playlist={data ?? null} index={index} total={videos.length} currentUrl={current?.url ?? null} onSelect={setSelected} />
          {data && <PlayInParty playlist={data} />}
          <ShareSection playlist={data ?? null} loading={Boolean(playlistId) && isLoading} />
          <VideoList playlist={data ?? null} currentIndex={index} onSelect={setSelected} />
        </aside>
      </div>
    </PageShell>
  );
}
