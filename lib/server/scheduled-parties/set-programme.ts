import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { scheduledParty } from "@/db/schema";
import type { ScheduledParty } from "@/lib/schemas/scheduled-party";
import { checkPartyLinks } from "@/lib/server/parties/check-party-links";
import { unprocessable } from "@/lib/server/http/api-error";
import type { QueueLink } from "@/lib/sync";
import { getOwnScheduledPartyOrThrow } from "./get-scheduled-party-or-throw";
import { findScheduledParty, toScheduledParty } from "./scheduled-party-query";

/**
 * PUT /scheduled-parties/{id}/programme: the host replaces the programme (adds, removals and moves
 * arrive as the new list). Every link is checked as the live party will take it — the first may be
 * any http(s) link, the rest what that party's queue accepts — and stored normalized; one bad link
 * refuses the whole list and the stored programme stays as it was.
 */
export async function setProgramme(id: string, userId: string, links: QueueLink[]): Promise<ScheduledParty> {
  await getOwnScheduledPartyOrThrow(id, userId);
  let programme: { url: string; title: string }[] = [];
  if (links.length > 0) {
    const checked = checkPartyLinks(links);
    if (!checked.ok) throw unprocessable(checked.message);
    programme = checked.links;
  }
  const db = await getDb();
  await db.update(scheduledParty).set({ programme, updatedAt: new Date() }).where(eq(scheduledParty.id, id));
  const updated = await findScheduledParty(id);
  if (!updated) throw new Error("scheduled party vanished during update");
  return toScheduledParty(updated, userId);
}
