"use client";
/**
 * The playlist page's Add Video form, for the owner, admins and collaborators. Links from a platform
 * the playlist does not accept are refused here and, authoritatively, by the server.
 */
import { useId, type FormEvent } from "react";
import { playlistRights, type PlaylistDetail } from "@/lib/schemas/playlist";
import { StatusMessage } from "./status-message";
import { panelClass, primaryButtonClass } from "./styles";
import { useAddVideo } from "./use-add-video";
import { VideoFields } from "./video-fields";
import { useLinkFields } from "@/components/common/use-link-fields";

export function PlaylistAddForm({ playlist }: { playlist: PlaylistDetail }) {
  const { url, title, setUrl, setTitle, take } = useLinkFields();
  const add = useAddVideo();
  const id = useId();
  const canAdd = playlistRights(playlist.role).canAdd;
  const full = playlist.total_videos >= playlist.max_videos;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const link = take();
    if (await add.submit(playlist.id, link.url, link.title, playlist)) link.done();
  }

  return (
    <section aria-labelledby={`${id}-heading`} className={panelClass}>
      <h2 id={`${id}-heading`} className="mb-3 text-lg font-semibold text-white">
        Add Video
      </h2>
      {!canAdd ? (
        <p className="text-sm text-slate-300">Join this playlist with its share code to add videos to it.</p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-3">
          <VideoFields id={id} url={url} title={title} onUrl={setUrl} onTitle={setTitle} />
          <button type="submit" disabled={add.submitting || full} className={primaryButtonClass}>
            {add.submitting ? "Adding..." : "Add Video"}
          </button>
          {full && <p className="text-sm text-slate-300">This playlist is full ({playlist.max_videos} videos).</p>}
          <StatusMessage outcome={add.outcome} />
        </form>
      )}
    </section>
  );
}
