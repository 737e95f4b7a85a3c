"use client";
/**
 * /add: paste one YouTube or TikTok link and send it to one of your playlists (owned or joined).
 * `?playlist=` preselects the playlist, so a streamer can hand out a direct "add" link.
 */
import { useId, useState } from "react";
import { SubmitButton } from "@/components/ui/submit-button";
import { useCurrentUser } from "@/lib/api/use-current-user";
import { MyPlaylistSelect } from "./my-playlist-select";
import { useMyPlaylists } from "./playlist-api";
import { SignInPrompt } from "./sign-in-prompt";
import { StatusMessage } from "./status-message";
import { panelClass } from "./styles";
import { useAddVideo } from "./use-add-video";
import { VideoFields } from "./video-fields";
import { useLinkFields } from "@/components/common/use-link-fields";

export function AddUrlForm({ initialPlaylistId = "" }: { initialPlaylistId?: string }) {
  const { user, isLoading } = useCurrentUser();
  const mine = useMyPlaylists(Boolean(user));
  const [playlistId, setPlaylistId] = useState(initialPlaylistId);
  const link = useLinkFields();
  const { state, action, outcome } = useAddVideo({ link });
  const id = useId();

  if (isLoading) return <p className="text-slate-300">Loading...</p>;
  if (!user) return <SignInPrompt text="Log in to add videos to your playlists or to playlists you joined." />;

  return (
    <form action={action} noValidate className={`space-y-4 ${panelClass}`}>
      <MyPlaylistSelect
        id={`${id}-playlist`}
        name="playlistId"
        label="Playlist"
        required
        playlists={mine.data}
        value={playlistId}
        onChange={setPlaylistId}
        invalid={state.fieldErrors.playlistId}
        messageId={`${id}-status`}
      />
      <VideoFields
        id={id}
        url={link.url}
        title={link.title}
        onUrl={link.setUrl}
        onTitle={link.setTitle}
        urlLabel="YouTube or TikTok URL"
        invalid={state.fieldErrors}
        messageId={`${id}-status`}
      />
      <SubmitButton pendingLabel="Adding...">
        Add Video
      </SubmitButton>
      <StatusMessage id={`${id}-status`} outcome={outcome} />
    </form>
  );
}
