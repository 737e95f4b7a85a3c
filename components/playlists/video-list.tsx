"use client";
/**
 * "Total Videos" and the playlist's videos in play order; choosing one makes it the current video.
 * Owner and admins move videos up and down; whoever may remove a video sees its Remove button.
 */
import { useId, useState } from "react";
import { useToast } from "@/components/ui/toast";
import { playlistRights, type PlaylistDetail } from "@/lib/schemas/playlist";
import { errorText, movePlaylistLink, removePlaylistLink } from "./playlist-api";
import { panelClass } from "./styles";
import { Button } from "@/components/ui/button";

interface Props {
  playlist: PlaylistDetail | null;
  currentIndex: number;
  onSelect: (index: number) => void;
}

export function VideoList({ playlist, currentIndex, onSelect }: Props) {
  const titleId = useId();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const videos = playlist?.links ?? [];
  const canEdit = playlist ? playlistRights(playlist.role).canEdit : false;

  async function run(action: () => Promise<unknown>, fallback: string) {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      toast.error(errorText(error, fallback));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={titleId} className={panelClass}>
      <h2 id={titleId} className="text-lg font-semibold text-white">
        Total Videos: <span className="text-cyan-200">{videos.length}</span>
      </h2>
      {videos.length === 0 ? (
        <p className="mt-3 text-sm text-slate-300">No videos yet.</p>
      ) : (
        <ol className="mt-3 max-h-[32rem] space-y-2 overflow-y-auto" aria-label="Videos in play order">
          {videos.map((video, i) => {
            const name = video.title ?? video.url;
            return (
              <li key={video.id} className="rounded-md border border-slate-700 p-1">
                <button
                  type="button"
                  onClick={() => onSelect(i)}
                  aria-current={i === currentIndex ? "true" : undefined}
                  className={`block w-full truncate rounded px-2 py-1 text-left text-sm ${
                    i === currentIndex ? "bg-cyan-300 font-semibold text-slate-950" : "text-slate-200 hover:bg-slate-800"
                  }`}
                  title={video.url}
                >
                  {i + 1}. {name}
                </button>
                {(canEdit || video.can_remove) && (
                  <div className="mt-1 flex flex-wrap gap-1 px-1">
                    {canEdit && (
                      <>
                        <Button
                          variant="secondary"
                          size="xs"
                          disabled={busy || i === 0}
                          aria-label={`Move up: ${name}`}
                          onClick={() => playlist && void run(() => movePlaylistLink(playlist.id, video.id, i - 1), "Could not move the video.")}
                        >
                          ↑ Up
                        </Button>
                        <Button
                          variant="secondary"
                          size="xs"
                          disabled={busy || i === videos.length - 1}
                          aria-label={`Move down: ${name}`}
                          onClick={() => playlist && void run(() => movePlaylistLink(playlist.id, video.id, i + 1), "Could not move the video.")}
                        >
                          ↓ Down
                        </Button>
                      </>
                    )}
                    {video.can_remove && (
                      <Button
                        variant="secondary"
                        size="xs"
                        disabled={busy}
                        aria-label={`Remove: ${name}`}
                        onClick={() => playlist && void run(() => removePlaylistLink(playlist.id, video.id), "Could not remove the video.")}
                      >
                        Remove
                      </Button>
                    )}
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
