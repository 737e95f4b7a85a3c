"use client";
/**
 * The host's actions on each member, in the host panel: mute or unmute, hand the host role over, kick
 * (back in KICK_MINUTES) or ban (for good). Everyone else reads the plain list (members-panel.tsx).
 * Voice has its own mute, apart from chat's (one does not imply the other), and "Remove from voice"
 * for a member in it.
 */
import { KICK_MINUTES, type RosterMember, type VoiceState } from "@/lib/sync";
import { Button } from "@/components/ui/button";

export type MemberAction = "kick" | "ban" | "mute" | "unmute" | "handover" | "voice-mute" | "voice-unmute" | "voice-remove";

interface MemberModerationProps {
  roster: readonly RosterMember[] | null;
  youId: string | null;
  muted: readonly string[];
  /** The party's voice (who is in it, whom the host muted there); absent from a server before voice. */
  voice?: VoiceState;
  onModerate(action: MemberAction, member: RosterMember): void;
}

export function MemberModeration({ roster, youId, muted, voice, onModerate }: MemberModerationProps) {
  const others = (roster ?? []).filter((member) => member.role !== "host" && member.userId !== youId);
  return (
    <section aria-label="Moderate members" className="flex flex-col gap-2 text-sm text-slate-200">
      <h3 className="font-semibold text-white">Members</h3>
      {others.length === 0 ? (
        <p className="text-slate-400">Nobody else is here yet.</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Members to moderate">
          {others.map((member) => {
            const isMuted = muted.includes(member.userId);
            const inVoice = voice !== undefined && [...voice.members, ...voice.listeners, ...voice.waiting].some((m) => m.memberId === member.userId);
            const voiceMuted = voice?.hostMuted.includes(member.userId) === true;
            return (
              <li key={member.userId} className="flex flex-col gap-1.5" data-member-id={member.userId}>
                <span className="min-w-0 truncate font-semibold" title={member.displayName}>
                  {member.displayName}
                  {member.guest && <span className="ml-2 text-xs font-normal text-slate-400">guest</span>}
                  {isMuted && <span className="ml-2 text-xs font-normal text-amber-200">muted</span>}
                  {inVoice && <span className="ml-2 text-xs font-normal text-cyan-200">in voice</span>}
                  {voiceMuted && <span className="ml-2 text-xs font-normal text-amber-200">muted in voice</span>}
                </span>
                {(inVoice || voiceMuted) && (
                  <span className="grid grid-cols-2 gap-2">
                    <Button
                      variant="secondary"
                      size="sm"
                      className="min-h-11"
                      aria-label={`${voiceMuted ? "Unmute" : "Mute"} ${member.displayName} in voice`}
                      onClick={() => onModerate(voiceMuted ? "voice-unmute" : "voice-mute", member)}
                    >
                      {voiceMuted ? "Unmute in voice" : "Mute in voice"}
                    </Button>
                    {inVoice && (
                      <Button variant="secondary" size="sm" className="min-h-11" aria-label={`Remove ${member.displayName} from voice`} title="They can join voice again" onClick={() => onModerate("voice-remove", member)}>
                        Remove from voice
                      </Button>
                    )}
                  </span>
                )}
                <span className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                  <Button variant="secondary" size="sm" className="min-h-11" aria-label={`${isMuted ? "Unmute" : "Mute"} ${member.displayName}${inVoice || voiceMuted ? " in chat" : ""}`} onClick={() => onModerate(isMuted ? "unmute" : "mute", member)}>
                    {isMuted ? "Unmute" : "Mute"}
                    {(inVoice || voiceMuted) && " in chat"}
                  </Button>
                  <Button
                    variant="warning"
                    size="sm"
                    className="min-h-11"
                    aria-label={`Make ${member.displayName} the host`}
                    title="Hand the host role over: their player leads, you become a guest"
                    onClick={() => onModerate("handover", member)}
                  >
                    Make host
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    className="min-h-11"
                    aria-label={`Kick ${member.displayName}`}
                    title={`Remove from the party (they can come back in ${KICK_MINUTES} minutes)`}
                    onClick={() => onModerate("kick", member)}
                  >
                    Kick
                  </Button>
                  <Button variant="danger" size="sm" className="min-h-11" aria-label={`Ban ${member.displayName}`} title="Remove from the party for good" onClick={() => onModerate("ban", member)}>
                    Ban
                  </Button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
