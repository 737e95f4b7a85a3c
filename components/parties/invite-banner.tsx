"use client";
/**
 * /parties?invite=CODE — the link the extension hands out for a live party (private ones too). A
 * party that plays in the browser (YouTube, TikTok) opens its watch room at once, no extension asked
 * for; any other gets one Join Party button that sends the invite code (the extension joins by id or
 * code alike).
 */
import { useRouter, useSearchParams } from "next/navigation";
import { useEffect } from "react";
import { useInviteParty } from "@/lib/api/use-invite-party";
import { isRoomPlayable } from "@/lib/watch-room/media-key";
import { JoinPartyButton } from "./join-party-button";

const INVITE_CODE = /^[A-Za-z0-9_-]{4,64}$/;

export function InviteBanner() {
  const raw = useSearchParams().get("invite")?.trim();
  const code = raw && INVITE_CODE.test(raw) ? raw : null;
  const router = useRouter();
  const { data: party, error } = useInviteParty(code);
  const inRoom = party ? isRoomPlayable(party.host_video_url) : false;
  useEffect(() => {
    if (code && inRoom) router.replace(`/watch/${encodeURIComponent(code)}`);
  }, [code, inRoom, router]);
  if (!code) return null;
  const checking = !party && !error;
  return (
    <section aria-labelledby="invite-title" className="flex flex-wrap items-center gap-4 rounded-xl border border-cyan-300 bg-slate-900 p-5">
      <div className="min-w-0 flex-1">
        <h2 id="invite-title" className="text-xl font-semibold text-white">
          You&apos;re invited to a watch party
        </h2>
        <p className="text-slate-300" role="status">
          Invite code <span className="font-mono text-cyan-200">{code}</span>.{" "}
          {checking || inRoom ? "Opening the party..." : "The extension opens the party in your own streaming account."}
        </p>
      </div>
      {!checking && !inRoom && <JoinPartyButton partyId={code} label={`invite ${code}`} />}
    </section>
  );
}
