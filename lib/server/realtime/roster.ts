/**
 * The party's roster (who is here, by name) from the members each instance serves. Every instance
 * shares the profiles of its host and its earliest arrivals only — no more than a roster holds — so
 * the shared presence record stays bounded however many people one instance serves; the roster
 * built from all of them is exact, since its first entries are among every instance's first ones.
 */
import { ROSTER_MAX, type RosterMember } from "@/lib/sync";

export interface MemberProfile {
  name: string;
  guest: boolean;
  /** When the member's first open stream arrived (ms since the epoch): the roster's order. */
  since: number;
}

export type MemberProfiles = Record<string, MemberProfile>;

/** Host first, then in order of arrival (ties by id, so every instance agrees). */
function ordered(profiles: MemberProfiles, hostUserId: string): [string, MemberProfile][] {
  return Object.entries(profiles).sort(
    ([a, pa], [b, pb]) => Number(b === hostUserId) - Number(a === hostUserId) || pa.since - pb.since || (a < b ? -1 : a > b ? 1 : 0),
  );
}

/** What one instance shares of its members' profiles: enough for any roster, and no more. */
export function sharedProfiles(profiles: ReadonlyMap<string, MemberProfile>, hostUserId: string): MemberProfiles {
  return Object.fromEntries(ordered(Object.fromEntries(profiles), hostUserId).slice(0, ROSTER_MAX));
}

/** Merges instances' shared profiles; a member on several instances counts from its earliest arrival. */
export function mergeProfiles(all: readonly (MemberProfiles | undefined)[]): MemberProfiles {
  const merged: MemberProfiles = {};
  for (const profiles of all) {
    for (const [id, profile] of Object.entries(profiles ?? {})) {
      const known = merged[id];
      if (!known || profile.since < known.since) merged[id] = profile;
    }
  }
  return merged;
}

export function buildRoster(profiles: MemberProfiles, hostUserId: string): RosterMember[] {
  return ordered(profiles, hostUserId)
    .slice(0, ROSTER_MAX)
    .map(([userId, profile]) => ({ userId, displayName: profile.name, role: userId === hostUserId ? "host" : "guest", guest: profile.guest }));
}

export function sameRoster(a: readonly RosterMember[], b: readonly RosterMember[]): boolean {
  return (
    a.length === b.length &&
    a.every((m, i) => {
      const o = b[i]!;
      return m.userId === o.userId && m.displayName === o.displayName && m.role === o.role && m.guest === o.guest;
    })
  );
}
