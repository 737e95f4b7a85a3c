import type { Metadata } from "next";
import { PlaylistView } from "@/components/playlists/playlist-view";
import { embedPlayers } from "@/lib/server/embed-players";
import { findPlaylist } from "@/lib/server/playlists/playlist-access";

interface Props {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

async function param(searchParams: Props["searchParams"], name: string): Promise<string | null> {
  const value = (await searchParams)[name];
  return (Array.isArray(value) ? value[0] : value)?.trim().slice(0, 64) || null;
}
const playlistIdFrom = (searchParams: Props["searchParams"]) => param(searchParams, "id");

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
  return <PlaylistView playlistId={await playlistIdFrom(searchParams)} adminKey={await param(searchParams, "admin")} players={embedPlayers()} />;
}
