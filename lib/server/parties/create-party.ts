import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, ne } from "drizzle-orm";
import { getDb } from "@/db/client";
import { liveParty, livePartyMember } from "@/db/schema";
import { normalizeDomain } from "@/lib/platforms";
import type { CreatePartyInput } from "@/lib/schemas/party";
import { conflict } from "@/lib/server/http/api-error";
import { getBus } from "@/lib/server/realtime/get-bus";
import { getRoom } from "@/lib/server/realtime/rooms";
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

export async function createParty(host: PartyHost, input: CreatePartyInput): Promise<PartyRow> {
  const db = await getDb();
  const [current] = await db
    .select({ id: liveParty.id })
    .from(liveParty)
    .where(and(eq(liveParty.hostId, host.id), ne(liveParty.state, "ENDED")))
    .limit(1);
  if (current) throw conflict("You are already hosting a live party. End it before starting another.");

  const [row] = await db
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
    })
    .returning();
  if (!row) throw new Error("insert into live_party returned no row");
  await db
    .insert(livePartyMember)
    .values({ partyId: row.id, memberId: host.id, role: "host" })
    .onConflictDoNothing();
  await getRoom(row.id, row); // start the host grace timer now: a host who never connects is noticed
  if (row.visibility === "public") {
    await (await getBus()).publishDirectory({ type: "PARTY_CREATED", payload: { id: row.id, party: toActiveParty(row, 0) } });
  }
  return row;
}
