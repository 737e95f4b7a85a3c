"use client";
/**
 * Start a room in one step: paste a YouTube or TikTok link (or pick one of your playlists), submit,
 * and you are in your room. The link field has the focus on arrival, so from the home page it is
 * click, paste, Enter. Signed out, the sign-in dialog opens and the room starts right after (as RSVP
 * does, the server's 401 deciding). A host who already runs a live party (one per host) is told so, with a way to open or end it.
 *
 * With `room`, the same form is a room's "Go live": the party starts in that room (its privacy is the
 * room's, so there is no switch, and no playlist), hosted by whoever pressed it.
 */
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { useAuthModal } from "@/components/layout/auth-modal-context";
import { MyPlaylistSelect } from "@/components/playlists/my-playlist-select";
import { playPlaylist, useMyPlaylists } from "@/components/playlists/playlist-api";
import { Button, buttonVariants } from "@/components/ui/button";
import { Input, invalidFieldProps, labelClass } from "@/components/ui/field";
import { Switch } from "@/components/ui/switch";
import { ApiClientError } from "@/lib/api/client";
import { useCurrentParty } from "@/lib/api/use-current-party";
import { useCurrentUser } from "@/lib/api/use-current-user";
import { endHostedRoom, startRoom } from "@/lib/api/start-room";
import { goLiveInRoom } from "@/lib/api/use-rooms";
import { parseMediaUrl } from "@/lib/media/parse-media-url";
import { START_ALREADY_HOSTING, START_FAILED, START_LINK_INVALID, START_LOGIN_REASON, START_ROOM_LABEL, START_ROOM_SUBMIT, START_TIKTOK_SHORT, untitledMediaTitle } from "@/lib/watch-room/room-texts";

interface Choice {
  link: string;
  title: string;
  playlistId: string;
  visibility: "public" | "private";
}

const roomPath = (id: string) => `/watch/${encodeURIComponent(id)}`;

/** The form's link as the party's media, or why it can't be one. */
function mediaOf(link: string): { url: string; fallbackTitle: string } | { error: string } {
  const media = parseMediaUrl(link);
  if (!media) return { error: START_LINK_INVALID };
  if (media.id === null) return { error: START_TIKTOK_SHORT };
  // Replaced by the video's own title once the host's player has loaded it.
  return { url: media.url, fallbackTitle: untitledMediaTitle(media.platform, media.id) };
}

export function StartRoomForm({ room }: { room?: { slug: string } } = {}) {
  const id = useId();
  const router = useRouter();
  const modal = useAuthModal();
  const { user } = useCurrentUser();
  const playlists = useMyPlaylists(Boolean(user));
  const current = useCurrentParty(Boolean(user));
  const [link, setLink] = useState("");
  const [title, setTitle] = useState("");
  const [playlistId, setPlaylistId] = useState("");
  const [privateRoom, setPrivateRoom] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [alreadyHosting, setAlreadyHosting] = useState<Choice | null>(null);
  const hosted = current.data?.current_party?.party_role === "host" ? current.data.current_party : null;

  async function start(choice: Choice) {
    setBusy(true);
    setError(null);
    setAlreadyHosting(null);
    try {
      if (choice.playlistId) {
        const result = await playPlaylist(choice.playlistId, { mode: "start", visibility: choice.visibility });
        router.push(roomPath(result.party_id));
        return;
      }
      const media = mediaOf(choice.link);
      if ("error" in media) throw new Error(media.error);
      const input = { video_url: media.url, video_title: choice.title.trim() || media.fallbackTitle, visibility: choice.visibility };
      const party = room ? await goLiveInRoom(room.slug, input) : await startRoom(input);
      // A private room's address is its invite code: the address bar is then a link the host can share.
      router.push(roomPath(party.visibility === "private" && party.invite_code ? party.invite_code : party.id));
      // Busy until the room's page replaces this one.
      return;
    } catch (cause) {
      if (cause instanceof ApiClientError && cause.status === 401) {
        // Signed out (or the session is gone): the dialog says why, and the room starts once they are in.
        modal.open("login", { message: START_LOGIN_REASON, onSignedIn: () => void start(choice) });
      } else if (cause instanceof ApiClientError && cause.code === "already_hosting") {
        await current.mutate();
        setAlreadyHosting(choice);
      } else setError(cause instanceof Error && cause.message ? cause.message : START_FAILED);
    }
    setBusy(false);
  }

  async function endAndStart(choice: Choice, partyId: string) {
    setBusy(true);
    try {
      await endHostedRoom(partyId);
    } catch (cause) {
      setError(cause instanceof Error && cause.message ? cause.message : START_FAILED);
      setBusy(false);
      return;
    }
    await start(choice);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const choice: Choice = { link, title, playlistId, visibility: privateRoom ? "private" : "public" };
    if (!choice.playlistId) {
      const media = mediaOf(choice.link);
      if ("error" in media) {
        setError(media.error);
        return;
      }
    }
    // The server decides whether the visitor is signed in (a 401 opens the sign-in dialog): a session
    // check still on its way must not send a signed-in host to the dialog.
    void start(choice);
  }

  const errorId = `${id}-error`;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5 rounded-xl border border-slate-700 bg-slate-900/70 p-5" aria-label={room ? "Go live" : START_ROOM_LABEL}>
      <div>
        <label htmlFor={`${id}-link`} className={labelClass}>
          YouTube or TikTok link
        </label>
        <Input
          id={`${id}-link`}
          name="link"
          type="url"
          inputMode="url"
          autoComplete="off"
          // The page exists to take this link: focus it, so arriving and pasting is all it takes (a room's
          // page is about the room: its Go live form waits to be chosen).
          autoFocus={!room}
          inputSize="md"
          className="min-h-11"
          placeholder="https://www.youtube.com/watch?v=…"
          value={link}
          onChange={(e) => setLink(e.target.value)}
          disabled={busy || Boolean(playlistId)}
          {...invalidFieldProps(errorId, error && !playlistId ? error : undefined)}
        />
      </div>
      {user && !room && (
        <MyPlaylistSelect id={`${id}-playlist`} label="Or play one of your playlists" playlists={playlists.data} value={playlistId} onChange={setPlaylistId} />
      )}
      <div>
        <label htmlFor={`${id}-title`} className={labelClass}>
          Room title (optional)
        </label>
        <Input
          id={`${id}-title`}
          name="title"
          inputSize="md"
          className="min-h-11"
          maxLength={300}
          placeholder="The video's own title"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          disabled={busy || Boolean(playlistId)}
        />
      </div>
      {!room && (
        <div>
          <Switch label="Private room (only people with the invite link can join)" checked={privateRoom} onChange={setPrivateRoom} disabled={busy} />
        </div>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-red-300">
          {error}
        </p>
      )}
      {alreadyHosting && (
        <div role="alert" className="rounded-lg border border-amber-300/60 bg-amber-950/40 p-4 text-amber-100" data-testid="already-hosting">
          <p>{START_ALREADY_HOSTING}</p>
          {hosted && <p className="mt-1 text-sm text-amber-200">Now hosting: {hosted.title}</p>}
          <div className="mt-3 flex flex-wrap gap-2">
            {hosted && (
              <>
                <Link href={roomPath(hosted.id)} className={buttonVariants({ variant: "secondary", className: "min-h-11" })}>
                  Open my party
                </Link>
                <Button variant="danger" className="min-h-11" disabled={busy} onClick={() => void endAndStart(alreadyHosting, hosted.id)}>
                  End it and start this one
                </Button>
              </>
            )}
          </div>
        </div>
      )}
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? "Starting..." : room ? "Go live" : START_ROOM_SUBMIT}
      </Button>
    </form>
  );
}
