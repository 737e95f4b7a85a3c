"use client";
/**
 * Add Video to Playlist: Playlist ID and Video URL required, Title optional ("Playlist ID and Video
 * URL are required"). The ID can be typed or picked from your own and joined playlists. On success
 * URL and Title clear and "Video added successfully!" shows; on failure "Error adding video" with the
 * API's reason.
 */
import Link from "next/link";
import { useId, useState, type FormEvent } from "react";
import { useCurrentUser } from "@/lib/api/use-current-user";
import { MyPlaylistSelect } from "./my-playlist-select";
import { useMyPlaylists } from "./playlist-api";
import { SignInPrompt } from "./sign-in-prompt";
import { StatusMessage } from "./status-message";
import { inputClass, labelClass, panelClass, primaryButtonClass } from "./styles";
import { useAddVideo } from "./use-add-video";
import { VideoFields } from "./video-fields";

export function AddVideoForm({ initialPlaylistId = "" }: { initialPlaylistId?: string }) {
  const { user, isLoading } = useCurrentUser();
  const mine = useMyPlaylists(Boolean(user));
  const [fields, setFields] = useState({ playlistId: initialPlaylistId, url: "", title: "" });
  const add = useAddVideo();
  const id = useId();

  if (isLoading) return <p className="text-slate-300">Loading...</p>;
  if (!user) return <SignInPrompt text="You need to be logged in to add videos to a playlist." />;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (await add.submit(fields.playlistId, fields.url, fields.title)) {
      setFields((f) => ({ ...f, url: "", title: "" }));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className={`space-y-4 ${panelClass}`}>
      <MyPlaylistSelect
        id={`${id}-mine`}
        label="Your playlists"
        playlists={mine.data}
        value={fields.playlistId}
        onChange={(playlistId) => setFields((f) => ({ ...f, playlistId }))}
      />
      <div>
        <label htmlFor={`${id}-playlist`} className={labelClass}>
          Playlist ID <span aria-hidden="true">*</span>
        </label>
        <input
          id={`${id}-playlist`}
          name="playlistId"
          required
          autoComplete="off"
          spellCheck={false}
          value={fields.playlistId}
          onChange={(e) => setFields((f) => ({ ...f, playlistId: e.target.value }))}
          className={inputClass}
        />
      </div>
      <VideoFields
        id={id}
        url={fields.url}
        title={fields.title}
        onUrl={(url) => setFields((f) => ({ ...f, url }))}
        onTitle={(title) => setFields((f) => ({ ...f, title }))}
      />
      <button type="submit" disabled={add.submitting} className={primaryButtonClass}>
        {add.submitting ? "Adding..." : "Add Video"}
      </button>
      <StatusMessage outcome={add.outcome} />
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
