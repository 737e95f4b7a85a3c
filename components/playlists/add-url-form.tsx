"use client";
/**
 * /add: paste one YouTube or TikTok link and send it to one of your playlists (owned or joined).
 * `?playlist=` preselects the playlist, so a streamer can hand out a direct "add" link.
 */
import { useId, useState, type FormEvent } from "react";
import { useCurrentUser } from "@/lib/api/use-current-user";
import { MyPlaylistSelect } from "./my-playlist-select";
import { useMyPlaylists } from "./playlist-api";
import { SignInPrompt } from "./sign-in-prompt";
import { StatusMessage } from "./status-message";
import { panelClass, primaryButtonClass } from "./styles";
import { useAddVideo } from "./use-add-video";
import { VideoFields } from "./video-fields";
import { useLinkFields } from "@/components/common/use-link-fields";

export function AddUrlForm({ initialPlaylistId = "" }: { initialPlaylistId?: string }) {
  const { user, isLoading } = useCurrentUser();
  const mine = useMyPlaylists(Boolean(user));
  const [playlistId, setPlaylistId] = useState(initialPlaylistId);
  const { url, title, setUrl, setTitle, take } = useLinkFields();
  const add = useAddVideo();
  const id = useId();

  if (isLoading) return <p className="text-slate-300">Loading...</p>;
  if (!user) return <SignInPrompt text="Log in to add videos to your playlists or to playlists you joined." />;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const link = take();
    if (await add.submit(playlistId, link.url, link.title)) link.done();
  }

  return (
    <form onSubmit={onSubmit} noValidate className={`space-y-4 ${panelClass}`}>
      <MyPlaylistSelect id={`${id}-playlist`} label="Playlist" required playlists={mine.data} value={playlistId} onChange={setPlaylistId} />
      <VideoFields id={id} url={url} title={title} onUrl={setUrl} onTitle={setTitle} urlLabel="YouTube or TikTok URL" />
      <button type="submit" disabled={add.submitting} className={primaryButtonClass}>
        {add.submitting ? "Adding..." : "Add Video"}
      </button>
      <StatusMessage outcome={add.outcome} />
    </form>
  );
}
