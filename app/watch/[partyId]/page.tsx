// /watch/{partyId} – the watch room: a YouTube or TikTok live party played in the page, in sync
import type { Metadata } from "next";
import { WatchRoom } from "@/components/watch-room/watch-room";
import { embedPlayers } from "@/lib/server/embed-players";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Watch Room - ViewParty",
  description: "Watch a YouTube or TikTok video in sync with the party, with chat.",
  robots: { index: false },
};

export default async function WatchPage({ params }: { params: Promise<{ partyId: string }> }) {
  const { partyId } = await params;
  return <WatchRoom partyId={partyId} urls={embedPlayers()} />;
}
