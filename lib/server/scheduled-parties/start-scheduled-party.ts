import "server-only";
/**
 * POST /scheduled-parties/{id}/start: the host starts the party as a live party — media the
 * programme's first link, queue the rest — and the scheduled party records which live party it
 * became. Starting again while that live party runs answers with it (nothing new is created); once
 * it has ended, starting again begins a new one. A host already running another live party gets the
 * one-live-party-per-host 409.
 */
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { liveParty, scheduledParty } from "@/db/schema";
import { unprocessable } from "@/lib/server/http/api-error";
import type { PartyHost } from "@/lib/server/parties/create-party";
import type { PartyRow } from "@/lib/server/parties/party-row";
import { startPartyWithLinks } from "@/lib/server/parties/start-party-with-links";
import { getOwnScheduledPartyOrThrow } from "./get-scheduled-party-or-throw";

export const EMPTY_PROGRAMME = "Add at least one video to the programme before starting the party.";

export async function startScheduledParty(id: string, host: PartyHost): Promise<{ started: boolean; row: PartyRow }> {
  const { party } = await getOwnScheduledPartyOrThrow(id, host.id);
  const db = await getDb();
  if (party.livePartyId) {
    const [running] = await db.select().from(liveParty).where(eq(liveParty.id, party.livePartyId)).limit(1);
    if (running && running.state !== "ENDED") return { started: false, row: running };
  }
  if (party.programme.length === 0) throw unprocessable(EMPTY_PROGRAMME);
  const synopsis = party.description ? `${party.title} — ${party.description}` : party.title;
  const { row } = await startPartyWithLinks(host, party.programme, { synopsis, visibility: party.privacy === "private" ? "private" : "public" });
  await db.update(scheduledParty).set({ livePartyId: row.id }).where(eq(scheduledParty.id, id));
  return { started: true, row };
}
