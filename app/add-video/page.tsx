import type { Metadata } from "next";
import { PageShell } from "@/components/common/page-shell";
import { AddVideoForm } from "@/components/playlists/add-video-form";
import { pageMetadata } from "@/lib/seo/page-metadata";

export const metadata: Metadata = pageMetadata({
  title: "Add Video to Playlist - ViewParty",
  description: "Add a YouTube or TikTok video to one of your playlists.",
  path: "/add-video",
});

export default function AddVideoPage() {
  return (
    <PageShell title="Add Video to Playlist" lead="Paste a video link and the ID of a playlist you own.">
      <AddVideoForm />
    </PageShell>
  );
}
