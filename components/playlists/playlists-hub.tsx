"use client";
/**
 * Playlists hub: create a playlist (title) or join one with a share code; both need an account.
 * A share link (/playlists?code=…) arrives with the code filled in, so joining is one press.
 * Each form is a React action checked with the API's own schema before anything is sent.
 */
import { useRouter } from "next/navigation";
import { useId } from "react";
import { useAuthModal } from "@/components/layout/auth-modal-context";
import { Input, invalidFieldProps } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { useCurrentUser } from "@/lib/api/use-current-user";
import { problemsOf } from "@/lib/forms/form-errors";
import { createPlaylistInputSchema, joinPlaylistInputSchema, PLAYLIST_TITLE_MAX_LENGTH } from "@/lib/schemas/playlist";
import { createPlaylist, joinPlaylist } from "./playlist-api";
import { StatusMessage } from "./status-message";
import { labelClass, panelClass } from "./styles";
import { fieldRefusal, refusalOf, useOutcomeAction, type Refusal } from "./use-outcome-action";

const playlistHref = (id: string) => `/playlist?id=${encodeURIComponent(id)}`;

export function PlaylistsHub({ initialCode = "" }: { initialCode?: string }) {
  const { user, isLoading } = useCurrentUser();
  const modal = useAuthModal();
  const router = useRouter();
  const ids = { create: useId(), join: useId() };
  // While the session check is pending the buttons wait (disabled): pressing one then must not open
  // the sign-in dialog for someone who is signed in.
  const signedOut = !isLoading && !user;

  /** Signed out: the login dialog instead of a request (what was typed stays). */
  const askToLogIn = (): Refusal<never> | null => (user ? null : (modal.open("login"), { outcome: null }));

  const { state: created, action: create, outcome: createdOutcome } = useOutcomeAction<{ title: string }, "title">({
    initial: { title: "" },
    read: (form) => ({ title: String(form.get("title") ?? "") }),
    check: (values) => {
      if (!user) return askToLogIn();
      if (!values.title.trim()) return fieldRefusal("title", "Please give the playlist a title.");
      const problems = problemsOf(createPlaylistInputSchema, values, ["title"]);
      return problems && refusalOf("Could not create the playlist.", problems);
    },
    send: async (values) => {
      const playlist = await createPlaylist(values);
      router.push(playlistHref(playlist.id));
      return { text: `Playlist "${playlist.title}" created. Opening it...` };
    },
    failure: "Could not create the playlist.",
  });

  const { state: joined, action: join, outcome: joinedOutcome } = useOutcomeAction<{ code: string }, "code">({
    initial: { code: initialCode },
    read: (form) => ({ code: String(form.get("shareCode") ?? "") }),
    check: (values) => {
      if (!user) return askToLogIn();
      if (!values.code.trim()) return fieldRefusal("code", "Please enter a share code.");
      const problems = problemsOf(joinPlaylistInputSchema, values, ["code"]);
      return problems && refusalOf("Could not join the playlist.", problems);
    },
    send: async (values) => {
      const result = await joinPlaylist(values.code);
      router.push(playlistHref(result.playlist_id));
      return { text: `You joined "${result.title}". Opening it...` };
    },
    failure: "Could not join the playlist.",
  });

  // After a success the page is on its way to the playlist: the button keeps waiting.
  const creating = created.outcome?.kind === "success";
  const joining = joined.outcome?.kind === "success";

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <section aria-labelledby={`${ids.create}-title`} className={panelClass}>
        <h2 id={`${ids.create}-title`} className="text-xl font-semibold text-white">
          Create New Playlist
        </h2>
        <p className="mt-2 text-sm text-slate-300">Start a queue of YouTube and TikTok videos and share it with your viewers.</p>
        <form action={create} noValidate className="mt-4 space-y-3">
          <div>
            <label htmlFor={`${ids.create}-name`} className={labelClass}>
              Playlist title
            </label>
            <Input
              id={`${ids.create}-name`}
              name="title"
              required
              maxLength={PLAYLIST_TITLE_MAX_LENGTH}
              autoComplete="off"
              defaultValue={created.values.title}
              {...invalidFieldProps(`${ids.create}-status`, created.fieldErrors.title)}
            />
          </div>
          <SubmitButton pendingLabel="Creating..." disabled={creating || isLoading}>
            {creating ? "Creating..." : "Create New Playlist"}
          </SubmitButton>
          {signedOut && <p className="text-sm text-slate-300">Log in to create a playlist.</p>}
          <StatusMessage id={`${ids.create}-status`} outcome={createdOutcome} />
        </form>
      </section>

      <section aria-labelledby={`${ids.join}-title`} className={panelClass}>
        <h2 id={`${ids.join}-title`} className="text-xl font-semibold text-white">
          Join with a Share Code
        </h2>
        <p className="mt-2 text-sm text-slate-300">Joined playlists let you add videos to someone else&apos;s queue.</p>
        <form action={join} noValidate className="mt-4 space-y-3">
          <div>
            <label htmlFor={`${ids.join}-code`} className={labelClass}>
              Share code
            </label>
            <div className="flex flex-col gap-3 sm:flex-row">
              <Input
                id={`${ids.join}-code`}
                name="shareCode"
                required
                maxLength={64}
                autoComplete="off"
                spellCheck={false}
                defaultValue={joined.values.code}
                {...invalidFieldProps(`${ids.join}-status`, joined.fieldErrors.code)}
                placeholder="e.g. K7Q2M9XD"
              />
              <SubmitButton pendingLabel="Joining..." disabled={joining || isLoading} className="shrink-0">
                {joining ? "Joining..." : "Join Playlist"}
              </SubmitButton>
            </div>
          </div>
          {signedOut && <p className="text-sm text-slate-300">Log in to join a playlist.</p>}
          <StatusMessage id={`${ids.join}-status`} outcome={joinedOutcome} />
        </form>
      </section>
    </div>
  );
}
