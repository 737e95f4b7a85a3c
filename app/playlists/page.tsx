import type { Metadata } from "next";
import { PageShell } from "@/components/common/page-shell";
import { PlaylistsHub } from "@/components/playlists/playlists-hub";
import { PlaylistTable } from "@/components/playlists/playlist-table";
import { pageMetadata } from "@/lib/seo/page-metadata";

export const metadata: Metadata = pageMetadata({
  title: "Playlists - ViewParty",
  description: "Create a YouTube and TikTok video playlist, join one with a share code, or browse the public playlists.",
  path: "/playlists",
});

export default function PlaylistsPage() {
  return (
    <PageShell wide title="Playlists" lead="Queue YouTube and TikTok videos for your stream or watch party, or join a friend's playlist.">
      <PlaylistsHub />
      <section aria-labelledby="video-playlists-title" className="mt-10">
        <h2 id="video-playlists-title" className="mb-4 text-2xl font-semibold text-white">
          Video Playlists
        </h2>
        <PlaylistTable />
      </section>
    </PageShell>
  );
}
