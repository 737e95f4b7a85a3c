"use client";
/**
 * The watch room (/watch/{partyId}): a live party whose media is a YouTube or TikTok link, played in
 * the page's embedded player and kept in sync by lib/sync — no extension needed. Joins as the signed-in
 * account or as a guest with a username; parties on other sites point to the extension instead.
 */
import dynamic from "next/dynamic";
import { useActionState, useEffect, useId, useState } from "react";
import { ApiClient, ApiRequestError } from "@/lib/party-client/api-client";
import { ApiClientError } from "@/lib/api/client";
import { JoinPartyButton } from "@/components/parties/join-party-button";
import { Input, invalidFieldProps } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { problemsOf } from "@/lib/forms/form-errors";
import { platformName } from "@/lib/platforms";
import { guestInputSchema, type PartyDetail } from "@/lib/schemas/party";
import { loadYouTubeApi } from "@/lib/watch-room/load-youtube-api";
import { isRoomPlayable, playableMedia } from "@/lib/watch-room/media-key";
import { forgetRoomToken, guestRoomToken, sessionRoomToken, storedRoomToken } from "./room-access";
import type { PlayerUrls } from "./room-player";
import { PRIVATE_ROOM_HINT } from "@/lib/watch-room/room-texts";
import { RECONNECTING } from "@/lib/party-client/status-text";
import { RoomExitLinks } from "./room-exit-links";
import { RoomView } from "./room-view";

/** How long to wait before asking again after a 503 that named no Retry-After. */
const UNAVAILABLE_RETRY_SECONDS = 5;

const RoomEnded = dynamic(() => import("./room-ended").then((m) => m.RoomEnded), { ssr: false });

type Access = { kind: "resolving" } | { kind: "guest-form" } | { kind: "token"; token: string };

export function WatchRoom({ partyId, urls }: { partyId: string; urls: PlayerUrls }) {
  const [access, setAccess] = useState<Access>({ kind: "resolving" });
  const [detail, setDetail] = useState<PartyDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A guest who chose Leave: the room (and its connection) closes, and the room says so once.
  const [left, setLeft] = useState(false);
  // The party had ended before this page joined it.
  const [ended, setEnded] = useState(false);
  // While a service behind the server is down (503): why, shown with "Reconnecting...", and the
  // attempt that asks again once the server's Retry-After has passed.
  const [unavailable, setUnavailable] = useState<string | null>(null);
  const [joinAttempt, setJoinAttempt] = useState(0);

  const [resolveAttempt, setResolveAttempt] = useState(0);

  useEffect(() => {
    if (access.kind !== "resolving") return;
    let cancelled = false;
    let retry: number | undefined;
    void (async () => {
      const stored = storedRoomToken();
      let next: Access = { kind: "guest-form" };
      if (stored) next = { kind: "token", token: stored };
      else {
        // The exchange reads the session itself: signed out, it fails and the guest form shows. Not
        // waiting for the header's session check first keeps one round trip off the way into the room.
        try {
          const token = await sessionRoomToken();
          if (token) next = { kind: "token", token };
        } catch (cause) {
          if (cause instanceof ApiClientError && cause.status >= 500) {
            // The server could not look the session up (its database is down): the visitor may well
            // be signed in, so no guest form; say why and ask again.
            if (cancelled) return;
            setUnavailable(cause.message);
            retry = window.setTimeout(() => setResolveAttempt((n) => n + 1), UNAVAILABLE_RETRY_SECONDS * 1000);
            return;
          }
          next = { kind: "guest-form" };
        }
      }
      if (!cancelled) setAccess(next);
    })();
    return () => {
      cancelled = true;
      window.clearTimeout(retry);
    };
  }, [access.kind, resolveAttempt]);

  const token = access.kind === "token" ? access.token : null;
  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    let retry: number | undefined;
    new ApiClient(window.location.origin).joinParty(token, partyId).then(
      (party) => {
        if (cancelled) return;
        setUnavailable(null);
        setDetail(party);
      },
      (cause: unknown) => {
        if (cancelled) return;
        if (cause instanceof ApiRequestError && cause.status === 401) {
          // A stored token that expired or was revoked: start over (session or guest).
          forgetRoomToken(token);
          setAccess({ kind: "resolving" });
          return;
        }
        if (cause instanceof ApiRequestError && cause.code === "party_ended") {
          // The party is over (opened again from its link, or reloaded after the end): the end screen,
          // as everyone in it saw, rather than an error.
          setEnded(true);
          return;
        }
        if (cause instanceof ApiRequestError && cause.temporary) {
          // The server is up but its database or Redis is not: the token is still good, so it is
          // kept; the room says why and asks again when the server said to.
          setUnavailable(cause.message);
          retry = window.setTimeout(() => setJoinAttempt((n) => n + 1), Math.max(1, cause.retryAfterSeconds ?? UNAVAILABLE_RETRY_SECONDS) * 1000);
          return;
        }
        const message = cause instanceof Error ? cause.message : String(cause);
        // A private party's own id answers "not found" to anyone not in it: say what opens it.
        setError(cause instanceof ApiRequestError && cause.status === 404 ? `${message.replace(/\.$/, "")}. ${PRIVATE_ROOM_HINT}` : message);
      },
    );
    return () => {
      cancelled = true;
      window.clearTimeout(retry);
    };
  }, [token, partyId, joinAttempt]);

  // The join answer names the party's video: a YouTube party's player script starts loading now,
  // while the room connects, rather than once the room has rendered its player (a round trip later).
  const youtubeParty = detail !== null && playableMedia(detail.host_video_url)?.platform === "youtube";
  useEffect(() => {
    if (youtubeParty) loadYouTubeApi(urls.youtubeApi).catch(() => undefined);
  }, [youtubeParty, urls.youtubeApi]);

  if (ended) return <RoomEnded why="ended" title="" token={token ?? ""} recordingId={null} />;
  if (left) return <RoomEnded why="left" title={detail?.video_title ?? ""} token={token ?? ""} recordingId={null} />;
  if (error) {
    return (
      <RoomMessage title="Can't open this party">
        {error}
        <RoomExitLinks />
      </RoomMessage>
    );
  }
  if (access.kind === "guest-form") return <GuestForm onToken={(t) => setAccess({ kind: "token", token: t })} />;
  if (!token || !detail) return <RoomMessage title="Watch party">{unavailable ? `${RECONNECTING} ${unavailable}` : "Joining the party..."}</RoomMessage>;
  if (!isRoomPlayable(detail.host_video_url)) {
    const platform = platformName(detail.platform_domain) ?? "another site";
    return (
      <RoomMessage title={detail.video_title || "Watch party"}>
        <p>This party watches on {platform}, which plays through the ViewParty browser extension rather than this page.</p>
        <div className="mt-4">
          <JoinPartyButton partyId={detail.id} label={detail.video_title || detail.host_display_name || "Watch party"} />
        </div>
      </RoomMessage>
    );
  }
  return <RoomView partyId={detail.id} token={token} urls={urls} inviteCode={detail.invite_code} onLeft={() => setLeft(true)} />;
}

function RoomMessage({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-2xl font-bold text-white">{title}</h1>
      <div className="mt-4 text-slate-300" role="status">
        {children}
      </div>
    </div>
  );
}

/** A guest's name, checked with the guest endpoint's own schema before asking for a token. */
function GuestForm({ onToken }: { onToken(token: string): void }) {
  const id = useId();
  const [state, action, pending] = useActionState(
    async (_previous: { name: string; error: string | null }, form: FormData) => {
      const name = String(form.get("name") ?? "");
      const problems = problemsOf(guestInputSchema, { username: name }, ["username"]);
      if (problems) return { name, error: problems.messages.join(" ") };
      try {
        onToken(await guestRoomToken(name));
        return { name, error: null };
      } catch (cause) {
        return { name, error: cause instanceof Error ? cause.message : String(cause) };
      }
    },
    { name: "", error: null },
  );
  const error = pending ? null : state.error;

  return (
    <RoomMessage title="Join the watch party">
      <p>Log in with the header&apos;s Login button, or pick a name to join as a guest.</p>
      <form className="mt-4 flex flex-col gap-3 sm:flex-row" action={action}>
        <Input
          className="sm:flex-1"
          name="name"
          aria-label="Your name"
          placeholder="Your name"
          required
          minLength={2}
          maxLength={30}
          defaultValue={state.name}
          {...invalidFieldProps(`${id}-error`, error ?? undefined)}
        />
        <SubmitButton pendingLabel="Joining...">
          Join as guest
        </SubmitButton>
      </form>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-3 text-red-300">
          {error}
        </p>
      )}
    </RoomMessage>
  );
}
