import "server-only";
import { and, eq } from "drizzle-orm";
import { scheduledParty } from "@/db/schema";
import type { ScheduledParty } from "@/lib/schemas/scheduled-party";
import { selectScheduledParties, toScheduledParty, visibleTo } from "./scheduled-party-query";

/** GET /scheduled-parties: public parties, plus the private ones the viewer hosts or RSVP'd to. */
export async function listScheduledParties(viewerId: string | null): Promise<ScheduledParty[]> {
  const rows = await selectScheduledParties(visibleTo(viewerId));
  return rows.map((row) => toScheduledParty(row, viewerId));
}

/** GET /scheduled-parties/host/{id} and /me: one host's parties the viewer may see. */
export async function listHostScheduledParties(hostId: string, viewerId: string | null): Promise<ScheduledParty[]> {
  const rows = await selectScheduledParties(and(eq(scheduledParty.hostId, hostId), visibleTo(viewerId)));
  return rows.map((row) => toScheduledParty(row, viewerId));
}
