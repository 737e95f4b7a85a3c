import "server-only";
/**
 * Hands a live party's host role to a member watching now. The database first, in one transaction
 * (the party row's host, both memberships' roles), so the public lists, the host-away timers and
 * moderation follow it, and the one-live-party-per-host index refuses a member who already hosts
 * another live party even when two requests race. Then the party's log: a `party` event naming the new
 * host, which every instance folds (host-only commands, presence and the roster follow the replica's
 * host) and every client turns into its new role without a reload.
 */
import { and, eq, ne } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { liveParty, livePartyMember, ONE_LIVE_PARTY_PER_HOST, user } from "@/db/schema";
import { conflict, notFound, partyEnded } from "@/lib/server/http/api-error";
import { isUniqueViolation } from "@/lib/server/http/error-response";
import type { Room } from "@/lib/server/realtime/room";
import { publish } from "@/lib/server/realtime/publish";
import { getBus } from "@/lib/server/realtime/get-bus";
import { hostListing } from "@/lib/server/users/find-private-host-ids";
import { PROTOCOL_VERSION } from "@/lib/sync";
import { isMember } from "./find-party";
import { recordMembership } from "./membership";
import { toActiveParty } from "./party-row";

export const ALREADY_HOST = "You are already the host.";
export const NOT_WATCHING = "Only someone watching right now can become the host.";
export const HOSTS_ANOTHER_PARTY = "That member is hosting another live party.";
export const HOST_CHANGED = "The host has changed meanwhile.";

export async function handOverHost(room: Room, fromId: string, toId: string): Promise<{ id: string }> {
  if (toId === fromId) throw conflict("already_host", ALREADY_HOST);
  if (!(await isMember(room.id, toId))) throw notFound("That person has not joined this party.");
  // The new host's player becomes everyone's reference: it has to be open now.
  const present = room.roster.find((member) => member.userId === toId);
  if (!present) throw conflict("not_watching", NOT_WATCHING);

  const db = await getDb();
  const [account] = present.guest ? [] : await db.select({ username: user.username }).from(user).where(eq(user.id, toId)).limit(1);
  let row;
  try {
    row = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(liveParty)
        .set({ hostId: toId, hostDisplayName: present.displayName, hostUsername: account?.username ?? null })
        .where(and(eq(liveParty.id, room.id), eq(liveParty.hostId, fromId), ne(liveParty.state, "ENDED")))
        .returning();
      if (!updated) return null;
      await tx.update(livePartyMember).set({ role: "host" }).where(and(eq(livePartyMember.partyId, room.id), eq(livePartyMember.memberId, toId)));
      // The old host stays in the party as a guest.
      await tx
        .insert(livePartyMember)
        .values({ partyId: room.id, memberId: fromId, role: "guest" })
        .onConflictDoUpdate({ target: [livePartyMember.partyId, livePartyMember.memberId], set: { role: "guest", leftAt: null } });
      return updated;
    });
  } catch (error) {
    if (isUniqueViolation(error, ONE_LIVE_PARTY_PER_HOST)) throw conflict("already_hosting", HOSTS_ANOTHER_PARTY);
    throw error;
  }
  if (!row) throw room.ended ? partyEnded() : conflict("host_changed", HOST_CHANGED);

  // Until now the host was a member by being the host; from now on as a guest, on every instance.
  await recordMembership(room.id, fromId, true);
  // The host is never muted (nor slowed): a muted member who becomes host is unmuted for everyone to see.
  if (room.moderation.muted.includes(toId)) {
    await publish(room, { v: PROTOCOL_VERSION, type: "moderation", moderation: { ...room.moderation, muted: room.moderation.muted.filter((id) => id !== toId) } });
  }
  const meta = { ...room.meta, hostUserId: toId, hostDisplayName: present.displayName.slice(0, 100) };
  const id = await publish(room, { v: PROTOCOL_VERSION, type: "party", party: meta });
  if (row.visibility === "public") {
    const party = toActiveParty(row, room.members, await hostListing(toId));
    await (await getBus()).publishDirectory({ type: "PARTY_STATE", payload: { id: room.id, state: party.state, party } });
  }
  return { id };
}
