import type { Metadata } from "next";
import Link from "next/link";
import { PageShell } from "@/components/common/page-shell";
import { DEFAULT_TWITCH_COMMAND_PREFIX } from "@/lib/constants";
import { pageMetadata } from "@/lib/seo/page-metadata";

export const metadata: Metadata = pageMetadata({
  title: "Video Playlists - ViewParty",
  description: "ViewParty playlists: queue YouTube and TikTok videos, let your Twitch chat add to them, and share them with a code.",
  path: "/playlist-landing",
});

const POINTS = [
  { title: "One queue, two platforms", text: "Line up YouTube videos and TikToks in a single playlist and play them back to back." },
  { title: "Your chat picks the next video", text: `Streamers can let Twitch viewers add links with a chat command such as ${DEFAULT_TWITCH_COMMAND_PREFIX}.` },
  { title: "Share with a code", text: "Give friends a short share code or link so they can follow along and contribute." },
] as const;

export default function PlaylistLandingPage() {
  return (
    <PageShell
      title="Video Playlists"
      lead="Playlists are coming to ViewParty: a shared queue of YouTube and TikTok videos for watch parties and streams."
    >
      <ul className="grid gap-4 sm:grid-cols-3">
        {POINTS.map((point) => (
          <li key={point.title} className="rounded-xl border border-slate-700 bg-slate-900 p-5">
            <h2 className="font-semibold text-white">{point.title}</h2>
            <p className="mt-2 text-sm text-slate-300">{point.text}</p>
          </li>
        ))}
      </ul>
      <p className="mt-8 text-slate-300">
        Creating and joining playlists is still being built, but you can already browse the playlists that exist.
      </p>
      <Link
        href="/playlists"
        className="mt-4 inline-block rounded-md bg-cyan-300 px-5 py-2 font-semibold text-slate-950 hover:bg-cyan-200"
      >
        Browse playlists
      </Link>
    </PageShell>
  );
}
