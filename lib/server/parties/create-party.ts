import "server-only";
import { randomBytes } from "node:crypto";
import { getDb } from "@/lib/server/db";
import { liveParty, livePartyMember } from "@/db/schema";
import { normalizeDomain } from "@/lib/platforms";
import type { CreatePartyInput } from "@/lib/schemas/party";
import { getBus } from "@/lib/server/realtime/get-bus";
import { getRoom } from "@/lib/server/realtime/rooms";
import { hostListing } from "@/lib/server/users/find-private-host-ids";
import { toActiveParty, type PartyRow } from "./party-row";

/** Invite codes avoid look-alike characters (0/O, 1/I/L) so they can be read out loud. */
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

export function newInviteCode(length = 8): string {
  const bytes = randomBytes(length);
  return [...bytes].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");
}

export interface PartyHost {
  id: string;
  displayName: string;
  username: string | null;
}

/**
 * Starts a live party. The party and its host's membership are written in one transaction, and the
 * one-live-party-per-host rule is the database's unique index: a host who already runs a live party
 * (or starts two at once, even through two app instances) gets the index's 409, with nothing written.
 */
export async function createParty(host: PartyHost, input: CreatePartyInput, roomId: string | null = null): Promise<PartyRow> {
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(liveParty)
      .values({
        id: randomBytes(12).toString("base64url"),
        inviteCode: newInviteCode(),
        hostId: host.id,
        hostDisplayName: host.displayName,
        hostUsername: host.username,
        platformDomain: normalizeDomain(input.platform_domain || input.video_url),
        videoUrl: input.video_url,
        videoTitle: input.video_title,
        synopsis: input.synopsis || null,
        chatProvider: input.chat_provider,
        chatIdentifier: input.chat_provider === "twitch" ? (input.chat_identifier ?? null) : null,
        visibility: input.visibility,
        streamerLatencyMs: input.streamer_latency_ms,
        roomId,
      })
      .returning();
    if (!inserted) throw new Error("insert into live_party returned no row");
    await tx.insert(livePartyMember).values({ partyId: inserted.id, memberId: host.id, role: "host" });
    return inserted;
  });
  await getRoom(row.id, row); // start the host grace timer now: a host who never connects is noticed
  if (row.visibility === "public") {
    await (await getBus()).publishDirectory({ type: "PARTY_CREATED", payload: { id: row.id, party: toActiveParty(row, 0, await hostListing(row.hostId)) } });
  }
  return row;
}
