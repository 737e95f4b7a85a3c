"use client";
/**
 * A room's page (/r/{slug}): its title, address, owner, who can come in and how many belong; its
 * description; and what the viewer can do here — log in or join (a members-only room with its invite
 * link), see their role and leave, and, for the owner and co-hosts, copy the invite link. A room a
 * viewer may not read says why (members only; an invite link that is not valid any more).
 */
import Link from "next/link";
import { useId, useState } from "react";
import { PageShell } from "@/components/common/page-shell";
import { SignInButtons } from "@/components/layout/sign-in-buttons";
import { Button, buttonVariants } from "@/components/ui/button";
import { CopyField, usePageOrigin } from "@/components/ui/copy-field";
import { useToast } from "@/components/ui/toast";
import { useCurrentUser } from "@/lib/api/use-current-user";
import { joinRoom, leaveRoom, roomUrl, useRoom } from "@/lib/api/use-rooms";
import { roomRoleMay, type Room } from "@/lib/schemas/room";
import { StartRoomForm } from "@/components/start/start-room-form";
import { PRIVACY_SHORT, ROLE_LABELS } from "./labels";

interface Props {
  slug: string;
  code: string | null;
  initial?: Room;
  refusal?: { code: string; detail: string };
}

export function RoomPage({ slug, code, initial, refusal }: Props) {
  const { data, error, mutate } = useRoom(slug, code, initial);
  const room = data;
  const { user, isLoading } = useCurrentUser();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const refused = !room ? (refusal ?? (error ? { code: "", detail: error.message } : undefined)) : undefined;
  if (refused) {
    return (
      <PageShell title={refused.code === "invalid_invite" ? "This invite link is not valid" : refused.code === "members_only" ? "Members-only room" : "This room could not be loaded"}>
        <p role="alert" className="text-slate-200">
          {refused.detail}
        </p>
        {!isLoading && !user && <SignInButtons className="mt-4 flex flex-wrap gap-3" />}
      </PageShell>
    );
  }
  if (!room) return <PageShell title="Room">Loading room...</PageShell>;

  async function act(work: () => Promise<Room | void>, done: string) {
    setBusy(true);
    setFailure(null);
    try {
      await work();
      await mutate();
      toast.success(done);
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  const members = `${room.member_count} ${room.member_count === 1 ? "member" : "members"}`;
  return (
    <PageShell
      title={room.title}
      lead={
        <>
          <span className="font-mono">/r/{room.slug}</span> · {PRIVACY_SHORT[room.privacy]} · {members} · run by{" "}
          {room.owner.username ? (
            <Link href={`/${room.owner.username}`} className="text-accent-fg underline hover:no-underline">
              {room.owner.name}
            </Link>
          ) : (
            room.owner.name
          )}
        </>
      }
    >
      <div className="space-y-6">
        {room.live ? (
          <section aria-label="Live now" className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-emerald-400/60 bg-emerald-950/40 p-4 sm:p-5">
            <p className="min-w-0 [overflow-wrap:anywhere] text-emerald-50">
              <span className="font-semibold">Live now:</span> {room.live.title}
            </p>
            <Link href={`/watch/${encodeURIComponent(room.live.join_id)}`} className={buttonVariants({ className: "min-h-11" })}>
              Join the party
            </Link>
          </section>
        ) : (
          room.last_played && (
            <p className="text-slate-300" data-testid="last-played">
              Last played: <span className="[overflow-wrap:anywhere] text-slate-100">{room.last_played.title}</span>
            </p>
          )
        )}
        {room.description && <p className="whitespace-pre-wrap [overflow-wrap:anywhere] text-slate-200">{room.description}</p>}
        <section aria-label="Your place in this room" className="rounded-xl border border-slate-700 bg-slate-900 p-4 sm:p-5">
          {room.your_role ? (
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-slate-200">
                You are {room.your_role === "owner" ? "the owner" : `a ${ROLE_LABELS[room.your_role].toLowerCase()}`} of this room.
              </p>
              {room.your_role !== "owner" && user && (
                <Button variant="secondary" size="sm" disabled={busy} onClick={() => void act(() => leaveRoom(room.slug, user.id), `You left ${room.title}.`)}>
                  Leave room
                </Button>
              )}
            </div>
          ) : !isLoading && !user ? (
            <div className="flex flex-wrap items-center gap-3">
              <p className="text-slate-200">Log in to join this room.</p>
              <SignInButtons />
            </div>
          ) : (
            <div className="flex flex-wrap items-center gap-3">
              <p className="text-slate-200">Join to belong to this room: its owner can then give you a role.</p>
              <Button disabled={busy || isLoading} onClick={() => void act(() => joinRoom(room.slug, code), `You joined ${room.title}.`)}>
                {busy ? "Joining..." : "Join room"}
              </Button>
            </div>
          )}
          {failure && (
            <p role="alert" className="mt-3 text-sm font-medium text-red-300">
              {failure}
            </p>
          )}
        </section>
        {!room.live && roomRoleMay(room.your_role, "control") && (
          <section aria-labelledby="go-live-title" className="space-y-3">
            <h2 id="go-live-title" className="text-lg font-semibold text-white">
              Go live
            </h2>
            <p className="text-sm text-slate-300">
              Start the room&apos;s party: everyone who opens /r/{room.slug} is shown it and can join.
            </p>
            <StartRoomForm room={{ slug: room.slug }} />
          </section>
        )}
        {room.invite_code && <InviteLink room={room} />}
      </div>
    </PageShell>
  );
}

/** The invite link (owner and co-hosts): the room's address with its code, to copy and send. */
function InviteLink({ room }: { room: Room }) {
  const id = useId();
  const origin = usePageOrigin();
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-slate-700 bg-slate-900 p-4 sm:p-5">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-white">
        Invite link
      </h2>
      <p className="mb-3 text-sm text-slate-300">
        {room.privacy === "members" ? "Only people with this link can read and join the room." : "Send it to friends: it opens the room and lets them join it."}
      </p>
      <CopyField label="Invite link" value={`${origin}${roomUrl(room.slug, room.invite_code)}`} />
    </section>
  );
}
