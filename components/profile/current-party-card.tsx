"use client";
/** Current Party card (spec §2/§4): the live party you are in, and leaving it after confirmation. */
import { useState, type ReactNode } from "react";
import { chatProviderLabel, formatScheduledFor, orDash } from "@/components/parties/format";
import { dangerButtonClass } from "@/components/parties/styles";
import { leaveCurrentParty, useCurrentParty } from "@/lib/api/use-current-party";
import { ProfileSection } from "./profile-section";

export const NOT_IN_PARTY = "Not currently in a party";
export const LEAVE_CONFIRMATION = "Leave this party?";

export function CurrentPartyCard() {
  const { data, error } = useCurrentParty(true);
  const [leaving, setLeaving] = useState(false);
  const [leaveError, setLeaveError] = useState<string | null>(null);
  const party = data?.current_party;

  async function leave() {
    if (!window.confirm(LEAVE_CONFIRMATION)) return;
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
          <dd className="text-slate-100">{formatScheduledFor(party.joined_at)}</dd>
        </dl>
        <button type="button" className={dangerButtonClass} onClick={() => void leave()} disabled={leaving}>
          {leaving ? "Leaving..." : "Leave Party"}
        </button>
        {leaveError && (
          <p role="alert" className="text-sm font-medium text-red-300">
            {leaveError}
          </p>
        )}
      </div>
    );
  }

  return <ProfileSection title="Current Party">{body}</ProfileSection>;
}
