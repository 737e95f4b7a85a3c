"use client";
/** "Your playlists" on the hub: the ones you own or joined, with your role and how many videos each holds. */
import Link from "next/link";
import { useCurrentUser } from "@/lib/api/use-current-user";
import type { PlaylistRole } from "@/lib/schemas/playlist";
import { useMyPlaylists } from "./playlist-api";
import { panelClass } from "./styles";

export const ROLE_LABEL: Record<PlaylistRole, string> = { owner: "Owner", editor: "Admin", collaborator: "Collaborator", viewer: "Viewer" };

export function MyPlaylists() {
  const { user } = useCurrentUser();
  const { data, error } = useMyPlaylists(Boolean(user));
  if (!user) return null;
  return (
    <section aria-labelledby="my-playlists-title" className="mt-10">
      <h2 id="my-playlists-title" className="mb-4 text-2xl font-semibold text-white">
        Your playlists
      </h2>
      <div className={panelClass}>
        {error ? (
          <p role="alert" className="text-red-300">
            Error loading playlists
          </p>
        ) : !data ? (
          <p className="text-slate-300">Loading playlists...</p>
        ) : data.length === 0 ? (
          <p className="text-slate-300">You have no playlists yet. Create one or join one with a share code.</p>
        ) : (
          <ul className="divide-y divide-slate-700">
            {data.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <Link href={`/playlist?id=${encodeURIComponent(p.id)}`} className="min-w-0 break-words font-medium text-cyan-300 hover:underline">
                  {p.title}
                </Link>
                <span className="text-sm text-slate-300">
                  {ROLE_LABEL[p.role]} · {p.total_videos} {p.total_videos === 1 ? "video" : "videos"}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
