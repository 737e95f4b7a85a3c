/**
 * The room's Members panel: how many are watching and who, by name — the host marked, "(you)", guests
 * told apart from accounts — live as people come and go. The server sends at most ROSTER_MAX names
 * (host first, then by arrival); the rest are counted ("and N more").
 */
import { AD_WAIT_TEXT, membersText } from "@/extension/src/overlay/status-text";
import type { RosterMember } from "@/lib/sync";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/card";
import { Select } from "@/components/ui/field";

export interface MembersPanelProps {
  members: number;
  roster: readonly RosterMember[] | null;
  hostDisplayName: string;
  hostOnline: boolean;
  you: { userId: string; displayName: string } | null;
  isHost: boolean;
  inviteCode: string | null;
  /** The host's actions on a member (mute, kick, ban, hand over host); absent for everyone else. */
  onModerate?: (action: MemberAction, member: RosterMember) => void;
  /** Members the host muted (shown to everyone). */
  muted?: readonly string[];
  /** Members watching an ad now (shown to everyone). */
  inAd?: readonly string[];
  /** The host's room settings (slow mode, lock); absent for everyone else. */
  settings?: {
    slowModeSeconds: number;
    locked: boolean;
    onSlowMode: (seconds: number) => void;
    onLock: (locked: boolean) => void;
    /** Parties on the streamer's Twitch chat: whether "!vote N" there counts in polls. */
    twitchVotes?: { on: boolean; onChange: (on: boolean) => void };
    /** The buffering policy: pause while someone buffers (up to 30 s), or keep going. */
    waitForEveryone?: { on: boolean; onChange: (on: boolean) => void };
    /** The ad policy: pause while someone watches an ad (up to AD_WAIT_MAX_MS), or keep going. */
    pauseForAds?: { on: boolean; onChange: (on: boolean) => void };
  };
}

const SLOW_MODE_CHOICES = [0, 5, 10, 30, 60, 120, 300] as const;

export type MemberAction = "kick" | "ban" | "mute" | "unmute" | "handover";

export function MembersPanel({ members, roster, hostDisplayName, hostOnline, you, isHost, inviteCode, onModerate, muted = [], inAd = [], settings }: MembersPanelProps) {
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
                {isHost && onModerate && member.role !== "host" && member.userId !== you?.userId && (
                  <span className="ml-auto flex shrink-0 gap-1">
                    <Button
                      variant="secondary"
                      size="xs"
                      aria-label={`${muted.includes(member.userId) ? "Unmute" : "Mute"} ${member.displayName}`}
                      onClick={() => onModerate(muted.includes(member.userId) ? "unmute" : "mute", member)}
                    >
                      {muted.includes(member.userId) ? "Unmute" : "Mute"}
                    </Button>
                    <Button
                      variant="warning"
                      size="xs"
                      aria-label={`Make ${member.displayName} the host`}
                      title="Hand the host role over: their player leads, you become a guest"
                      onClick={() => onModerate("handover", member)}
                    >
                      Make host
                    </Button>
                    <Button
                      variant="secondary"
                      size="xs"
                      aria-label={`Kick ${member.displayName}`}
                      title="Remove from the party (they can come back in 10 minutes)"
                      onClick={() => onModerate("kick", member)}
                    >
                      Kick
                    </Button>
                    <Button
                      variant="danger"
                      size="xs"
                      aria-label={`Ban ${member.displayName}`}
                      title="Remove from the party for good"
                      onClick={() => onModerate("ban", member)}
                    >
                      Ban
                    </Button>
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
      {settings && (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <label className="flex items-center gap-1">
            Slow mode
            <Select
              value={settings.slowModeSeconds}
              onChange={(e) => settings.onSlowMode(Number(e.target.value))}
            >
              {[...new Set([...SLOW_MODE_CHOICES, settings.slowModeSeconds])].sort((a, b) => a - b).map((seconds) => (
                <option key={seconds} value={seconds}>
                  {seconds === 0 ? "Off" : `${seconds} s`}
                </option>
              ))}
            </Select>
          </label>
          <label className="flex items-center gap-1">
            <input type="checkbox" checked={settings.locked} onChange={(e) => settings.onLock(e.target.checked)} />
            Lock the room
          </label>
          {settings.twitchVotes && (
            <label className="flex items-center gap-1">
              <input type="checkbox" checked={settings.twitchVotes.on} onChange={(e) => settings.twitchVotes?.onChange(e.target.checked)} />
              Votes from Twitch chat (!vote 1)
            </label>
          )}
          {settings.waitForEveryone && (
            <label className="flex items-center gap-1">
              <input type="checkbox" checked={settings.waitForEveryone.on} onChange={(e) => settings.waitForEveryone?.onChange(e.target.checked)} />
              Wait for everyone who buffers (up to 30 s)
            </label>
          )}
          {settings.pauseForAds && (
            <label className="flex items-center gap-1">
              <input type="checkbox" checked={settings.pauseForAds.on} onChange={(e) => settings.pauseForAds?.onChange(e.target.checked)} />
              Pause for ads (up to {AD_WAIT_TEXT})
            </label>
          )}
        </div>
      )}
      {inviteCode && (
        <p className="mt-1 text-slate-400">
          Invite code: <span className="font-mono text-slate-200">{inviteCode}</span>
        </p>
      )}
    </section>
  );
}
