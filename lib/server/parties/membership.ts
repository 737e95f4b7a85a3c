import "server-only";
/**
 * Who may send to a live party, as every app instance sees it. The record lives on the party bus
 * (in-process, or Redis shared by all instances): joining records true; leaving, switching to another
 * party or being removed records false, so from the moment that request returns the member is refused
 * everywhere. Without a record (a restart, or a party whose record expired) the database decides, and
 * its answer is recorded unless a join or leave was recorded meanwhile (that one is newer and wins).
 * Commands are a hot path: a record answers them without a database read.
 */
import { getBus, readyBus } from "@/lib/server/realtime/get-bus";
import type { Room } from "@/lib/server/realtime/room";
import { isMember } from "./find-party";

export async function isPartyMember(room: Room, memberId: string): Promise<boolean> {
  const known = partyMemberNow(room, memberId);
  if (known !== undefined) return known;
  // An ended party keeps no records (they were freed with it); the database still answers.
  if (room.ended) return isMember(room.id, memberId);
  const bus = readyBus() ?? (await getBus());
  const recorded = await bus.membership(room.id, memberId);
  if (recorded !== null) return recorded;
  const member = await isMember(room.id, memberId);
  await bus.rememberMembership(room.id, memberId, member);
  return member;
}

/**
 * `isPartyMember`'s answer where it needs no promise: the host, or a record on the in-process bus;
 * undefined when only `isPartyMember` can tell (a Redis bus, no record yet, an ended party).
 */
export function partyMemberNow(room: Room, memberId: string): boolean | undefined {
  if (memberId === room.meta.hostUserId) return true;
  if (room.ended) return undefined;
  return readyBus()?.membershipNow?.(room.id, memberId) ?? undefined;
}

/** Records a join (true) or a leave, switch or removal (false); call after the database has it. */
export async function recordMembership(partyId: string, memberId: string, member: boolean): Promise<void> {
  await (await getBus()).setMembership(partyId, memberId, member);
}

/** Whether a join is already recorded (a stream reconnecting need not join again). */
export async function hasRecordedJoin(partyId: string, memberId: string): Promise<boolean> {
  return (await (await getBus()).membership(partyId, memberId)) === true;
}
