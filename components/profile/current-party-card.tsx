"use client";
/** Current Party card: the live party you are in, and leaving it after confirmation. */
import { PartyTime } from "@/components/parties/party-time";
import Link from "next/link";
import { useState, type ReactNode } from "react";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { chatProviderLabel, orDash } from "@/components/parties/format";
import { leaveCurrentParty, useCurrentParty } from "@/lib/api/use-current-party";
import { ProfileSection } from "./profile-section";
import { Button } from "@/components/ui/button";
import { buttonVariants } from "@/components/ui/button";

export const NOT_IN_PARTY = "Not currently in a party";
export const LEAVE_CONFIRMATION = "Leave this party?";

export function CurrentPartyCard() {
  const { data, error } = useCurrentParty(true);
  const [leaving, setLeaving] = useState(false);
  const [leaveError, setLeaveError] = useState<string | null>(null);
  const party = data?.current_party;
  const confirm = useConfirm();

  async function leave() {
    if (!(await confirm({ message: LEAVE_CONFIRMATION, confirmLabel: "Leave", danger: true }))) return;
    setLeaving(true);
    setLeaveError(null);
    try {
      await leaveCurrentParty();
    } catch {
      setLeaveError("Failed to leave party.");
    } finally {
      setLeaving(false);
    }
  }

  let body: ReactNode;
  if (error) body = <p role="alert" className="text-red-300">Failed to load current party.</p>;
  else if (!data) body = <p className="text-slate-300">Loading current party...</p>;
  else if (!party) body = <p className="text-[color:var(--profile-text)]">{NOT_IN_PARTY}</p>;
  else {
    body = (
      <div className="space-y-3" data-testid="current-party">
        <dl className="grid grid-cols-[8rem_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-300">Title</dt>
          <dd className="font-medium text-white">{orDash(party.title)}</dd>
          <dt className="text-slate-300">Now playing</dt>
          <dd className="text-slate-100">{orDash(party.video_title)}</dd>
          <dt className="text-slate-300">Platform</dt>
          <dd className="text-slate-100">{orDash(party.platform)}</dd>
          <dt className="text-slate-300">Chat</dt>
          <dd className="text-slate-100">{chatProviderLabel(party.chat_provider)}</dd>
          <dt className="text-slate-300">Host</dt>
          <dd className="text-slate-100">{orDash(party.host_display_name || party.host_username)}</dd>
          <dt className="text-slate-300">Your role</dt>
          <dd className="text-slate-100">{party.party_role === "host" ? "Host" : "Guest"}</dd>
          <dt className="text-slate-300">Joined</dt>
          <dd className="text-slate-100"><PartyTime iso={party.joined_at} kind="past" /></dd>
        </dl>
        <Button variant="danger" size="sm" onClick={() => void leave()} disabled={leaving}>
          {leaving ? "Leaving..." : "Leave Party"}
        </Button>
        {leaveError && (
          <p role="alert" className="text-sm font-medium text-red-300">
            {leaveError}
          </p>
        )}
      </div>
    );
  }

  const started = data?.rsvp_party;
  return (
    <ProfileSection title="Current Party">
      {body}
      {started && (
        <div className="mt-4 rounded-lg border border-emerald-500 bg-emerald-950/40 p-4" data-testid="rsvp-live-party">
          <p className="font-medium text-white">
            <span className="text-emerald-200">Live now:</span> {started.title}
          </p>
          <p className="mt-1 text-sm text-slate-200">
            A party you RSVP&apos;d to has started{started.host_display_name ? ` (hosted by ${started.host_display_name})` : ""}. Now playing: {orDash(started.video_title)}
            {started.platform ? ` on ${started.platform}` : ""}.
          </p>
          <Link href={`/watch/${encodeURIComponent(started.join_id)}`} className={buttonVariants({ className: "mt-3" })}>
            Join {started.title}
          </Link>
        </div>
      )}
    </ProfileSection>
  );
}
