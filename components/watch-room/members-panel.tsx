/**
 * The room's Members panel: how many are watching and who, by name — the host marked, "(you)", guests
 * told apart from accounts — live as people come and go. The server sends at most ROSTER_MAX names
 * (host first, then by arrival); the rest are counted ("and N more"). The host's actions on members
 * are in the host panel (member-moderation.tsx), not here: this is the list everyone reads.
 */
import { membersText } from "@/lib/party-client/status-text";
import type { RosterMember } from "@/lib/sync";
import { Badge } from "@/components/ui/card";
import { Icon } from "@/components/ui/icon";

export interface MembersPanelProps {
  members: number;
  roster: readonly RosterMember[] | null;
  hostDisplayName: string;
  hostOnline: boolean;
  you: { userId: string; displayName: string } | null;
  isHost: boolean;
  inviteCode: string | null;
  /** Members the host muted (shown to everyone). */
  muted?: readonly string[];
  /** Members watching an ad now (shown to everyone). */
  inAd?: readonly string[];
  /** Members speaking in voice (shown to everyone). */
  inVoice?: readonly string[];
}

export function MembersPanel({ members, roster, hostDisplayName, hostOnline, you, isHost, inviteCode, muted = [], inAd = [], inVoice = [] }: MembersPanelProps) {
  const more = roster ? Math.max(0, members - roster.length) : 0;
  return (
    <section aria-label="Members" className="rounded-lg border border-slate-700 bg-slate-900/70 p-3 text-sm text-slate-200">
      <h2 className="font-semibold text-white">Members</h2>
      <p className="mt-1" data-testid="members-count">
        {membersText(members)}
      </p>
      <p className="mt-1">
        Host: <span className="font-semibold">{hostDisplayName}</span>{" "}
        <span className={hostOnline ? "text-emerald-300" : "text-amber-300"}>{hostOnline ? "(online)" : "(away)"}</span>
      </p>
      {roster ? (
        <>
          <ul className="mt-2 max-h-64 space-y-1 overflow-y-auto" aria-label="Who is watching" data-testid="members-list">
            {roster.map((member) => (
              <li key={member.userId} className="flex min-w-0 items-center gap-2" data-member-id={member.userId} data-role={member.role}>
                <span className="min-w-0 truncate" title={member.displayName}>
                  {member.displayName}
                </span>
                {member.role === "host" && <Badge tone="warning">Host</Badge>}
                {member.guest && <span className="text-xs text-slate-400">guest</span>}
                {member.userId === you?.userId && <span className="text-xs text-slate-400">(you)</span>}
                {muted.includes(member.userId) && <Badge>muted</Badge>}
                {inAd.includes(member.userId) && <Badge tone="notice">watching an ad</Badge>}
                {inVoice.includes(member.userId) && (
                  <span className="text-xs text-cyan-200">
                    <Icon name="headphones" className="inline h-3.5 w-3.5 align-[-2px]" /> in voice
                  </span>
                )}
              </li>
            ))}
          </ul>
          {more > 0 && (
            <p className="mt-1 text-slate-400" data-testid="members-more">
              and {more} more
            </p>
          )}
        </>
      ) : (
        you && (
          <p className="mt-1 text-slate-400">
            You: {you.displayName}
            {isHost ? " (host)" : ""}
          </p>
        )
      )}
      {inviteCode && (
        <p className="mt-1 text-slate-400">
          Invite code: <span className="font-mono text-slate-200">{inviteCode}</span>
        </p>
      )}
    </section>
  );
}
