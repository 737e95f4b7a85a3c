import type { Metadata } from "next";
import { PageShell } from "@/components/common/page-shell";
import { AddVideoForm } from "@/components/playlists/add-video-form";
import { pageMetadata } from "@/lib/seo/page-metadata";

export const metadata: Metadata = pageMetadata({
  title: "Add Video to Playlist - ViewParty",
  description: "Add a YouTube or TikTok video to one of your playlists.",
  path: "/add-video",
});

interface Props {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function AddVideoPage({ searchParams }: Props) {
  const { playlist } = await searchParams;
  const initialPlaylistId = (Array.isArray(playlist) ? playlist[0] : playlist)?.trim().slice(0, 64) ?? "";
  return (
    <PageShell title="Add Video to Playlist" lead="Paste a video link and choose a playlist you own or joined, or type its ID.">
      <AddVideoForm initialPlaylistId={initialPlaylistId} />
    </PageShell>
  );
}
