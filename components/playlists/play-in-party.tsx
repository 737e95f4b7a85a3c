"use client";
/**
 * "Play in a party": a signed-in user who hosts a live party loads the whole playlist into its queue
 * in one action; one who hosts none starts a watch party from it (first video playing, the rest
 * queued) and goes to its room. The server checks everything again (all or nothing).
 */
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { useCurrentParty } from "@/lib/api/use-current-party";
import { useCurrentUser } from "@/lib/api/use-current-user";
import type { PlaylistDetail } from "@/lib/schemas/playlist";
import { errorText, playPlaylist } from "./playlist-api";
import { StatusMessage, type Outcome } from "./status-message";
import { panelClass } from "./styles";
import { Button } from "@/components/ui/button";

export function PlayInParty({ playlist }: { playlist: PlaylistDetail }) {
  const id = useId();
  const router = useRouter();
  const { user, isLoading } = useCurrentUser();
  const { data: current } = useCurrentParty(Boolean(user));
  const [busy, setBusy] = useState(false);
  const [privateParty, setPrivateParty] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [loadedInto, setLoadedInto] = useState<string | null>(null);
  const hosted = current?.current_party?.party_role === "host" ? current.current_party : null;
  const empty = playlist.links.length === 0;

  async function run(mode: "queue" | "start") {
    setBusy(true);
    setOutcome(null);
    setLoadedInto(null);
    try {
      const result = await playPlaylist(playlist.id, { mode, visibility: privateParty ? "private" : "public" });
      if (result.mode === "start") {
        setOutcome({ kind: "success", text: `${result.message} Opening the room...` });
        router.push(`/watch/${encodeURIComponent(result.party_id)}`);
        return;
      }
      setOutcome({ kind: "success", text: result.message });
      setLoadedInto(result.party_id);
    } catch (error) {
      setOutcome({ kind: "error", text: errorText(error, "Could not play this playlist in a party.") });
    }
    setBusy(false);
  }

  let body;
  if (isLoading || (user && !current)) body = <p className="text-sm text-slate-300">Checking your party...</p>;
  else if (!user) body = <p className="text-sm text-slate-300">Log in to play this playlist in a watch party.</p>;
  else if (hosted) {
    body = (
      <>
        <p className="text-sm text-slate-300">
          You are hosting <span className="font-medium text-white">{hosted.title}</span>. Add this playlist&apos;s {playlist.links.length} video
          {playlist.links.length === 1 ? "" : "s"} to its queue, in order.
        </p>
        <Button className="mt-3" disabled={busy || empty} onClick={() => void run("queue")}>
          {busy ? "Loading..." : "Play in my party"}
        </Button>
      </>
    );
  } else {
    body = (
      <>
        <p className="text-sm text-slate-300">You are not hosting a party. Start a watch party: the first video plays and the rest wait in its queue.</p>
        <label className="mt-3 flex items-center gap-2 text-sm text-slate-200">
          <input type="checkbox" checked={privateParty} onChange={(e) => setPrivateParty(e.target.checked)} disabled={busy} />
          Private party (only people with its invite link can join)
        </label>
        <Button className="mt-3" disabled={busy || empty} onClick={() => void run("start")}>
          {busy ? "Starting..." : "Start a watch party"}
        </Button>
      </>
    );
  }

  return (
    <section aria-labelledby={`${id}-title`} className={panelClass}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-white">
        Play in a party
      </h2>
      <div className="mt-2">{body}</div>
      {user && empty && <p className="mt-2 text-sm text-slate-300">Add videos to this playlist first.</p>}
      <div className="mt-3" aria-live="polite">
        <StatusMessage outcome={outcome} />
        {loadedInto && (
          <Link href={`/watch/${encodeURIComponent(loadedInto)}`} className="mt-2 inline-block text-sm font-medium text-cyan-300 underline">
            Open your party
          </Link>
        )}
      </div>
    </section>
  );
}
