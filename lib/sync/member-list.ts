/**
 * A list of members in some passing state they report themselves (watching an ad), in the order they
 * entered it: what the server's replica keeps for late joiners and each client keeps to show and to
 * wait on. Pure, so the server and every client fold the same reports the same way.
 */
import { ROSTER_MAX, type MemberRef, type RosterMember } from "./protocol";

/**
 * The list after a member's report: appended when on (a repeat keeps their place), removed when off.
 * At most `max` members: past it a newcomer is not listed (the earliest are the ones waited for).
 */
export function withMemberReport(list: readonly MemberRef[], member: MemberRef, on: boolean, max = ROSTER_MAX): MemberRef[] {
  const listed = list.some((m) => m.memberId === member.memberId);
  if (!on) return listed ? list.filter((m) => m.memberId !== member.memberId) : [...list];
  if (listed || list.length >= max) return [...list];
  return [...list, { memberId: member.memberId, displayName: member.displayName }];
}

export function withoutMember(list: readonly MemberRef[], memberId: string): MemberRef[] {
  return list.filter((m) => m.memberId !== memberId);
}

/**
 * Without the members who left. A roster shorter than ROSTER_MAX names everyone here; a full one may
 * not name someone who is, so it removes nobody (they are dropped when they report the end, or are removed).
 */
export function presentMembers(list: readonly MemberRef[], roster: readonly Pick<RosterMember, "userId">[]): MemberRef[] {
  if (roster.length >= ROSTER_MAX) return [...list];
  const here = new Set(roster.map((member) => member.userId));
  return list.filter((m) => here.has(m.memberId));
}
