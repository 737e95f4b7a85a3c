"use client";
/**
 * Add Video to Playlist: Playlist ID and Video URL required, Title optional ("Playlist ID and Video
 * URL are required"). The ID can be typed or picked from your own and joined playlists. On success
 * URL and Title clear and "Video added successfully!" shows; on failure "Error adding video" with the
 * API's reason.
 */
import Link from "next/link";
import { useId, useState } from "react";
import { useLinkFields } from "@/components/common/use-link-fields";
import { Input, invalidFieldProps } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { useCurrentUser } from "@/lib/api/use-current-user";
import { MyPlaylistSelect } from "./my-playlist-select";
import { useMyPlaylists } from "./playlist-api";
import { SignInPrompt } from "./sign-in-prompt";
import { StatusMessage } from "./status-message";
import { labelClass, panelClass } from "./styles";
import { useAddVideo } from "./use-add-video";
import { VideoFields } from "./video-fields";

export function AddVideoForm({ initialPlaylistId = "" }: { initialPlaylistId?: string }) {
  const { user, isLoading } = useCurrentUser();
  const mine = useMyPlaylists(Boolean(user));
  const [playlistId, setPlaylistId] = useState(initialPlaylistId);
  const link = useLinkFields();
  const { state, action, outcome } = useAddVideo({ link });
  const id = useId();

  if (isLoading) return <p className="text-slate-300">Loading...</p>;
  if (!user) return <SignInPrompt text="You need to be logged in to add videos to a playlist." />;

  return (
    <form action={action} noValidate className={`space-y-4 ${panelClass}`}>
      <MyPlaylistSelect id={`${id}-mine`} label="Your playlists" playlists={mine.data} value={playlistId} onChange={setPlaylistId} />
      <div>
        <label htmlFor={`${id}-playlist`} className={labelClass}>
          Playlist ID <span aria-hidden="true">*</span>
        </label>
        <Input
          id={`${id}-playlist`}
          name="playlistId"
          required
          autoComplete="off"
          spellCheck={false}
          value={playlistId}
          onChange={(e) => setPlaylistId(e.target.value)}
          {...invalidFieldProps(`${id}-status`, state.fieldErrors.playlistId)}
        />
      </div>
      <VideoFields id={id} url={link.url} title={link.title} onUrl={link.setUrl} onTitle={link.setTitle} invalid={state.fieldErrors} messageId={`${id}-status`} />
      <SubmitButton pendingLabel="Adding...">
        Add Video
      </SubmitButton>
      <StatusMessage id={`${id}-status`} outcome={outcome} />
      <p className="text-sm text-slate-300">
        No playlist yet?{" "}
        <Link href="/playlists" className="text-cyan-300 underline">
          Create one or join one with a share code
        </Link>
        .
      </p>
    </form>
  );
}
