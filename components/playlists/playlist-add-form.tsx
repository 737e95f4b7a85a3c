"use client";
/**
 * The playlist page's Add Video form, for the owner, admins and collaborators. Links from a platform
 * the playlist does not accept are refused here and, authoritatively, by the server.
 */
import { useId } from "react";
import { SubmitButton } from "@/components/ui/submit-button";
import { playlistRights, type PlaylistDetail } from "@/lib/schemas/playlist";
import { StatusMessage } from "./status-message";
import { panelClass } from "./styles";
import { useAddVideo } from "./use-add-video";
import { VideoFields } from "./video-fields";
import { useLinkFields } from "@/components/common/use-link-fields";

export function PlaylistAddForm({ playlist }: { playlist: PlaylistDetail }) {
  const link = useLinkFields();
  const { state, action, outcome } = useAddVideo({ link, playlist });
  const id = useId();
  const canAdd = playlistRights(playlist.role).canAdd;
  const full = playlist.total_videos >= playlist.max_videos;

  return (
    <section aria-labelledby={`${id}-heading`} className={panelClass}>
      <h2 id={`${id}-heading`} className="mb-3 text-lg font-semibold text-white">
        Add Video
      </h2>
      {!canAdd ? (
        <p className="text-sm text-slate-300">Join this playlist with its share code to add videos to it.</p>
      ) : (
        <form action={action} noValidate className="space-y-3">
          <VideoFields id={id} url={link.url} title={link.title} onUrl={link.setUrl} onTitle={link.setTitle} invalid={state.fieldErrors} messageId={`${id}-status`} />
          <SubmitButton pendingLabel="Adding..." disabled={full}>
            Add Video
          </SubmitButton>
          {full && <p className="text-sm text-slate-300">This playlist is full ({playlist.max_videos} videos).</p>}
          <StatusMessage id={`${id}-status`} outcome={outcome} />
        </form>
      )}
    </section>
  );
}
