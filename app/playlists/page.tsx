import type { Metadata } from "next";
import { PageShell } from "@/components/common/page-shell";
import { MyPlaylists } from "@/components/playlists/my-playlists";
import { PlaylistsHub } from "@/components/playlists/playlists-hub";
import { PlaylistTable } from "@/components/playlists/playlist-table";
import { pageMetadata } from "@/lib/seo/page-metadata";

export const metadata: Metadata = pageMetadata({
  title: "Playlists - ViewParty",
  description: "Create a YouTube and TikTok video playlist, join one with a share code, or browse the public playlists.",
  path: "/playlists",
});

interface Props {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function PlaylistsPage({ searchParams }: Props) {
  // A share link (/playlists?code=K7Q2M9XD) fills in the code.
  const { code } = await searchParams;
  const initialCode = (Array.isArray(code) ? code[0] : code)?.trim().slice(0, 64) ?? "";
  return (
    <PageShell wide title="Playlists" lead="Queue YouTube and TikTok videos for your stream or watch party, or join a friend's playlist.">
      <PlaylistsHub initialCode={initialCode} />
      <MyPlaylists />
      <section aria-labelledby="video-playlists-title" className="mt-10">
        <h2 id="video-playlists-title" className="text-2xl font-semibold text-white">
          Video Playlists
        </h2>
        <p className="mt-1 mb-4 text-slate-300">Playlists their owners chose to share with everyone. Yours stay off this list until you list one from its page.</p>
        <PlaylistTable />
      </section>
    </PageShell>
  );
}
