"use client";
/**
 * Add Video to Playlist (spec §2, §5): Playlist ID and Video URL required, Title optional. The form
 * validates with the same schema the API uses (noValidate, so the spec's own message shows instead
 * of the browser's bubble); on success URL and Title clear, on failure the API's detail shows.
 */
import { useId, useState, type FormEvent } from "react";
import { useAuthModal } from "@/components/layout/auth-modal-context";
import { useCurrentUser } from "@/lib/api/use-current-user";
import { PLAYLIST_LINK_TITLE_MAX_LENGTH, videoUrlSchema } from "@/lib/schemas/playlist";
import { addPlaylistLink } from "./playlist-api";
import { inputClass, labelClass, panelClass, primaryButtonClass } from "./styles";
import { VideoUrlInput } from "./video-url-input";

type Outcome = { kind: "success"; text: string } | { kind: "error"; text: string; detail?: string } | null;

const REQUIRED_MESSAGE = "Playlist ID and Video URL are required";

export function AddVideoForm() {
  const { user, isLoading } = useCurrentUser();
  const modal = useAuthModal();
  const [fields, setFields] = useState({ playlistId: "", url: "", title: "" });
  const [submitting, setSubmitting] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const id = useId();

  if (isLoading) return <p className="text-slate-300">Loading...</p>;
  if (!user) {
    return (
      <div className={panelClass}>
        <p className="text-slate-200">You need to be logged in to add videos to a playlist.</p>
        <button type="button" onClick={() => modal.open("login")} className={`mt-4 ${primaryButtonClass}`}>
          Login
        </button>
      </div>
    );
  }

  const set = (key: keyof typeof fields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [key]: e.target.value }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const playlistId = fields.playlistId.trim();
    if (!playlistId || !fields.url.trim()) {
      setOutcome({ kind: "error", text: REQUIRED_MESSAGE });
      return;
    }
    const url = videoUrlSchema.safeParse(fields.url);
    if (!url.success) {
      setOutcome({ kind: "error", text: url.error.issues[0]?.message ?? "Invalid video URL." });
      return;
    }
    setSubmitting(true);
    setOutcome(null);
    try {
      await addPlaylistLink(playlistId, { url: url.data, title: fields.title });
      setFields((f) => ({ ...f, url: "", title: "" }));
      setOutcome({ kind: "success", text: "Video added successfully!" });
    } catch (error) {
      setOutcome({ kind: "error", text: "Error adding video", detail: error instanceof Error ? error.message : undefined });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className={`space-y-4 ${panelClass}`}>
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
          onChange={set("playlistId")}
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor={`${id}-url`} className={labelClass}>
          Video URL <span aria-hidden="true">*</span>
        </label>
        <VideoUrlInput id={`${id}-url`} value={fields.url} onChange={set("url")} />
      </div>
      <div>
        <label htmlFor={`${id}-title`} className={labelClass}>
          Title <span className="font-normal text-slate-300">(optional)</span>
        </label>
        <input id={`${id}-title`} name="title" maxLength={PLAYLIST_LINK_TITLE_MAX_LENGTH} value={fields.title} onChange={set("title")} className={inputClass} />
      </div>
      <button type="submit" disabled={submitting} className={primaryButtonClass}>
        {submitting ? "Adding..." : "Add Video"}
      </button>
      {outcome?.kind === "success" && (
        <p role="status" className="rounded-md border border-emerald-400 bg-emerald-950 px-3 py-2 text-sm text-emerald-50">
          {outcome.text}
        </p>
      )}
      {outcome?.kind === "error" && (
        <div role="alert" className="rounded-md border border-red-400 bg-red-950 px-3 py-2 text-sm text-red-50">
          <p className="font-medium">{outcome.text}</p>
          {outcome.detail && <p className="mt-1">{outcome.detail}</p>}
        </div>
      )}
    </form>
  );
}
