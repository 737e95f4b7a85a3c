import type { Metadata } from "next";
import { PlaylistView } from "@/components/playlists/playlist-view";
import { findPlaylist } from "@/lib/server/playlists/get-playlist-or-throw";

interface Props {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

async function playlistIdFrom(searchParams: Props["searchParams"]): Promise<string | null> {
  const { id } = await searchParams;
  const value = Array.isArray(id) ? id[0] : id;
  return value?.trim() || null;
}

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const id = await playlistIdFrom(searchParams);
  // A shared link previews with the playlist's title; any lookup failure falls back to the generic one.
  const found = id ? await findPlaylist(id).catch(() => undefined) : undefined;
  return {
    title: found ? `${found.title} - ViewParty` : "Playlist - ViewParty",
    description: "Watch a YouTube and TikTok playlist one video after another.",
    robots: { index: false },
  };
}

export default async function PlaylistPage({ searchParams }: Props) {
  return <PlaylistView playlistId={await playlistIdFrom(searchParams)} />;
}
