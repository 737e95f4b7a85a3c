import type { Metadata } from "next";
import { PageShell } from "@/components/common/page-shell";
import { AddUrlForm } from "@/components/playlists/add-url-form";
import { pageMetadata } from "@/lib/seo/page-metadata";

export const metadata: Metadata = pageMetadata({
  title: "Add Video - ViewParty",
  description: "Add a YouTube or TikTok video to one of your playlists.",
  path: "/add",
});

interface Props {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function AddPage({ searchParams }: Props) {
  const { playlist } = await searchParams;
  const initialPlaylistId = (Array.isArray(playlist) ? playlist[0] : playlist)?.trim().slice(0, 64) ?? "";
  return (
    <PageShell title="Add Video" lead="Paste a YouTube or TikTok link and add it to one of your playlists.">
      <AddUrlForm initialPlaylistId={initialPlaylistId} />
    </PageShell>
  );
}
