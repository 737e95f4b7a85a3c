"use client";
/** Playlists hub (spec §2): create a playlist or join one with a share code; both are placeholders. */
import { useId, useState, type FormEvent } from "react";
import { inputClass, labelClass, panelClass, primaryButtonClass } from "./styles";
import { usePlaceholderAction } from "./use-placeholder-action";

function StatusText({ id, message }: { id: string; message: string | null }) {
  return (
    <p id={id} role="status" className="mt-3 min-h-6 text-sm text-cyan-200">
      {message}
    </p>
  );
}

export function PlaylistsHub() {
  const create = usePlaceholderAction();
  const join = usePlaceholderAction();
  const [shareCode, setShareCode] = useState("");
  const ids = { create: useId(), join: useId(), code: useId() };

  function onJoin(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    join.run();
  }

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <section aria-labelledby={`${ids.create}-title`} className={panelClass}>
        <h2 id={`${ids.create}-title`} className="text-xl font-semibold text-white">
          Create New Playlist
        </h2>
        <p className="mt-2 text-sm text-slate-300">Start a queue of YouTube and TikTok videos and share it with your viewers.</p>
        <button
          type="button"
          onClick={create.run}
          disabled={create.pending}
          aria-describedby={`${ids.create}-status`}
          className={`mt-4 ${primaryButtonClass}`}
        >
          {create.pending ? "Creating..." : "Create New Playlist"}
        </button>
        <StatusText id={`${ids.create}-status`} message={create.message} />
      </section>

      <section aria-labelledby={`${ids.join}-title`} className={panelClass}>
        <h2 id={`${ids.join}-title`} className="text-xl font-semibold text-white">
          Join with a Share Code
        </h2>
        <form onSubmit={onJoin} className="mt-2">
          <label htmlFor={ids.code} className={labelClass}>
            Share code
          </label>
          <div className="flex flex-col gap-3 sm:flex-row">
            <input
              id={ids.code}
              name="shareCode"
              required
              autoComplete="off"
              spellCheck={false}
              value={shareCode}
              onChange={(e) => setShareCode(e.target.value)}
              placeholder="e.g. K7Q2-M9XD"
              className={inputClass}
            />
            <button type="submit" disabled={join.pending} aria-describedby={`${ids.join}-status`} className={`shrink-0 ${primaryButtonClass}`}>
              {join.pending ? "Joining..." : "Join Playlist"}
            </button>
          </div>
        </form>
        <StatusText id={`${ids.join}-status`} message={join.message} />
      </section>
    </div>
  );
}
