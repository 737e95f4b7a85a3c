"use client";
/**
 * /parties?invite=CODE — the link the extension hands out for a live party (private ones too):
 * one Join Party button that sends the invite code; the extension joins by id or code alike.
 */
import { useSearchParams } from "next/navigation";
import { JoinPartyButton } from "./join-party-button";

const INVITE_CODE = /^[A-Za-z0-9_-]{4,64}$/;

export function InviteBanner() {
  const code = useSearchParams().get("invite")?.trim();
  if (!code || !INVITE_CODE.test(code)) return null;
  return (
    <section aria-labelledby="invite-title" className="flex flex-wrap items-center gap-4 rounded-xl border border-cyan-300 bg-slate-900 p-5">
      <div className="min-w-0 flex-1">
        <h2 id="invite-title" className="text-xl font-semibold text-white">
          You&apos;re invited to a watch party
        </h2>
        <p className="text-slate-300">
          Invite code <span className="font-mono text-cyan-200">{code}</span>. The extension opens the party in your own streaming account.
        </p>
      </div>
      <JoinPartyButton partyId={code} label={`invite ${code}`} />
    </section>
  );
}
