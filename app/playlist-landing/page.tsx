import type { Metadata } from "next";
import Link from "next/link";
import { PageShell } from "@/components/common/page-shell";
import { DEFAULT_TWITCH_COMMAND_PREFIX } from "@/lib/constants";
import { PLAYLIST_MAX_VIDEOS } from "@/lib/schemas/playlist";
import { pageMetadata } from "@/lib/seo/page-metadata";

export const metadata: Metadata = pageMetadata({
  title: "Video Playlists - ViewParty",
  description: "ViewParty playlists: queue YouTube and TikTok videos, share them with a code so friends can add to them, and play them back to back.",
  path: "/playlist-landing",
});

const POINTS = [
  {
    title: "One queue, two platforms",
    text: `Line up to ${PLAYLIST_MAX_VIDEOS} YouTube videos and TikToks in one playlist (watch links, youtu.be, Shorts, YouTube Music, start times, TikTok video links) and play them back to back.`,
  },
  {
    title: "Share with a code",
    text: "Every playlist has a short share code, a link and a QR code. Friends who join with it can add videos; you decide whether YouTube, TikTok or both are accepted.",
  },
  {
    title: "You stay in charge",
    text: "As the owner you rename, reorder and remove videos. A separate admin link hands that control to a co-host you trust.",
  },
  {
    title: "Made for streams",
    text: `Save your Twitch channel and bot settings with the playlist; chat requests with ${DEFAULT_TWITCH_COMMAND_PREFIX} are on the way.`,
  },
] as const;

const cta = "inline-block rounded-md px-5 py-2 font-semibold";

export default function PlaylistLandingPage() {
  return (
    <PageShell title="Video Playlists" lead="A playlist is a shared queue of YouTube and TikTok videos for watch parties and streams.">
      <ul className="grid gap-4 sm:grid-cols-2">
        {POINTS.map((point) => (
          <li key={point.title} className="rounded-xl border border-slate-700 bg-slate-900 p-5">
            <h2 className="font-semibold text-white">{point.title}</h2>
            <p className="mt-2 text-sm text-slate-300">{point.text}</p>
          </li>
        ))}
      </ul>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link href="/playlists" className={`${cta} bg-cyan-300 text-slate-950 hover:bg-cyan-200`}>
          Create a playlist
        </Link>
        <Link href="/playlists" className={`${cta} border border-cyan-300 text-cyan-300 hover:bg-cyan-300 hover:text-slate-950`}>
          Join with a share code
        </Link>
        <Link href="/add" className={`${cta} border border-slate-400 text-slate-100 hover:border-cyan-300`}>
          Add a video
        </Link>
      </div>
    </PageShell>
  );
}
