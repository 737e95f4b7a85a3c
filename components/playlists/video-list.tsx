"use client";
/** "Total Videos" and the playlist's videos in play order; choosing one makes it the current video. */
import { useId } from "react";
import type { PlaylistLink } from "@/lib/schemas/playlist";
import { panelClass } from "./styles";

interface Props {
  videos: PlaylistLink[];
  currentIndex: number;
  onSelect: (index: number) => void;
}

export function VideoList({ videos, currentIndex, onSelect }: Props) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={panelClass}>
      <h2 id={titleId} className="text-lg font-semibold text-white">
        Total Videos: <span className="text-cyan-200">{videos.length}</span>
      </h2>
      {videos.length === 0 ? (
        <p className="mt-3 text-sm text-slate-300">No videos yet.</p>
      ) : (
        <ol className="mt-3 max-h-96 space-y-1 overflow-y-auto">
          {videos.map((video, i) => (
            <li key={video.id}>
              <button
                type="button"
                onClick={() => onSelect(i)}
                aria-current={i === currentIndex ? "true" : undefined}
                className={`w-full truncate rounded-md px-3 py-2 text-left text-sm ${
                  i === currentIndex ? "bg-cyan-300 font-semibold text-slate-950" : "text-slate-200 hover:bg-slate-800"
                }`}
                title={video.url}
              >
                {i + 1}. {video.title ?? video.url}
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
