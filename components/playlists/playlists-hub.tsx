"use client";
/**
 * Playlists hub: create a playlist (title) or join one with a share code; both need an account.
 * A share link (/playlists?code=…) arrives with the code filled in, so joining is one press.
 */
import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { useAuthModal } from "@/components/layout/auth-modal-context";
import { useCurrentUser } from "@/lib/api/use-current-user";
import { PLAYLIST_TITLE_MAX_LENGTH } from "@/lib/schemas/playlist";
import { createPlaylist, errorText, joinPlaylist } from "./playlist-api";
import { StatusMessage, type Outcome } from "./status-message";
import { inputClass, labelClass, panelClass, primaryButtonClass } from "./styles";

const playlistHref = (id: string) => `/playlist?id=${encodeURIComponent(id)}`;

export function PlaylistsHub({ initialCode = "" }: { initialCode?: string }) {
  const { user, isLoading } = useCurrentUser();
  const modal = useAuthModal();
  const router = useRouter();
  const [title, setTitle] = useState("");
  const [code, setCode] = useState(initialCode);
  const [creating, setCreating] = useState(false);
  const [joining, setJoining] = useState(false);
  const [created, setCreated] = useState<Outcome>(null);
  const [joined, setJoined] = useState<Outcome>(null);
  const ids = { create: useId(), join: useId() };
  // While the session check is pending the buttons wait (disabled): pressing one then must not open
  // the sign-in dialog for someone who is signed in.
  const signedOut = !isLoading && !user;

  async function onCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!user) return modal.open("login");
    if (!title.trim()) return setCreated({ kind: "error", text: "Please give the playlist a title." });
    setCreating(true);
    setCreated(null);
    try {
      const playlist = await createPlaylist({ title });
      setCreated({ kind: "success", text: `Playlist "${playlist.title}" created. Opening it...` });
      router.push(playlistHref(playlist.id));
    } catch (error) {
      setCreated({ kind: "error", text: "Could not create the playlist.", detail: errorText(error, "") });
      setCreating(false);
    }
  }

  async function onJoin(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!user) return modal.open("login");
    if (!code.trim()) return setJoined({ kind: "error", text: "Please enter a share code." });
    setJoining(true);
    setJoined(null);
    try {
      const result = await joinPlaylist(code);
      setJoined({ kind: "success", text: `You joined "${result.title}". Opening it...` });
      router.push(playlistHref(result.playlist_id));
    } catch (error) {
      setJoined({ kind: "error", text: "Could not join the playlist.", detail: errorText(error, "") });
      setJoining(false);
    }
  }

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <section aria-labelledby={`${ids.create}-title`} className={panelClass}>
        <h2 id={`${ids.create}-title`} className="text-xl font-semibold text-white">
          Create New Playlist
        </h2>
        <p className="mt-2 text-sm text-slate-300">Start a queue of YouTube and TikTok videos and share it with your viewers.</p>
        <form onSubmit={onCreate} noValidate className="mt-4 space-y-3">
          <div>
            <label htmlFor={`${ids.create}-name`} className={labelClass}>
              Playlist title
            </label>
            <input
              id={`${ids.create}-name`}
              name="title"
              required
              maxLength={PLAYLIST_TITLE_MAX_LENGTH}
              autoComplete="off"
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              className={inputClass}
            />
          </div>
          <button type="submit" disabled={creating || isLoading} className={primaryButtonClass}>
            {creating ? "Creating..." : "Create New Playlist"}
          </button>
          {signedOut && <p className="text-sm text-slate-300">Log in to create a playlist.</p>}
          <StatusMessage outcome={created} />
        </form>
      </section>

      <section aria-labelledby={`${ids.join}-title`} className={panelClass}>
        <h2 id={`${ids.join}-title`} className="text-xl font-semibold text-white">
          Join with a Share Code
        </h2>
        <p className="mt-2 text-sm text-slate-300">Joined playlists let you add videos to someone else&apos;s queue.</p>
        <form onSubmit={onJoin} noValidate className="mt-4 space-y-3">
          <div>
            <label htmlFor={`${ids.join}-code`} className={labelClass}>
              Share code
            </label>
            <div className="flex flex-col gap-3 sm:flex-row">
              <input
                id={`${ids.join}-code`}
                name="shareCode"
                required
                maxLength={64}
                autoComplete="off"
                spellCheck={false}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                placeholder="e.g. K7Q2M9XD"
                className={inputClass}
              />
              <button type="submit" disabled={joining || isLoading} className={`shrink-0 ${primaryButtonClass}`}>
                {joining ? "Joining..." : "Join Playlist"}
              </button>
            </div>
          </div>
          {signedOut && <p className="text-sm text-slate-300">Log in to join a playlist.</p>}
          <StatusMessage outcome={joined} />
        </form>
      </section>
    </div>
  );
}
