import type { Metadata } from "next";
import { PageShell } from "@/components/common/page-shell";
import { AddUrlForm } from "@/components/playlists/add-url-form";
import { pageMetadata } from "@/lib/seo/page-metadata";

export const metadata: Metadata = pageMetadata({
  title: "Add Video - ViewParty",
  description: "Suggest a YouTube or TikTok video for the playlist.",
  path: "/add",
});

export default function AddPage() {
  return (
    <PageShell title="Add Video" lead="Paste a YouTube or TikTok link to suggest it for the playlist.">
      <AddUrlForm />
    </PageShell>
  );
}
