// /watch/{partyId} – the watch room: a YouTube or TikTok live party played in the page, in sync
import type { Metadata } from "next";
import { WatchRoom } from "@/components/watch-room/watch-room";
import { getEnv } from "@/lib/server/env";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Watch Room - ViewParty",
  description: "Watch a YouTube or TikTok video in sync with the party, with chat.",
  robots: { index: false },
};

export default async function WatchPage({ params }: { params: Promise<{ partyId: string }> }) {
  const { partyId } = await params;
  const env = getEnv();
  // The players' URLs are read per request so one build can point at local stand-ins in tests.
  return <WatchRoom partyId={partyId} urls={{ youtubeApi: env.VP_YOUTUBE_IFRAME_API_URL, tiktokPlayer: env.VP_TIKTOK_PLAYER_URL }} />;
}
