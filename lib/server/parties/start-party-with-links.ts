import "server-only";
/**
 * Starts a live party from a list of links: the first becomes its media, the rest its queue. The
 * links are checked before anything is written; should queueing still fail, the party just created
 * is ended again, so a caller never ends up hosting half a programme.
 */
import type { QueueLink } from "@/lib/sync";
import { createPartyInputSchema } from "@/lib/schemas/party";
import { unprocessable } from "@/lib/server/http/api-error";
import { addLinksToQueue } from "./add-to-queue";
import { checkPartyLinks } from "./check-party-links";
import { createParty, type PartyHost } from "./create-party";
import { endParty } from "./end-party";
import type { PartyRow } from "./party-row";

export interface StartOptions {
  synopsis?: string;
  visibility: "public" | "private";
}

export async function startPartyWithLinks(host: PartyHost, links: QueueLink[], options: StartOptions): Promise<{ row: PartyRow; videos: number }> {
  const checked = checkPartyLinks(links);
  if (!checked.ok) throw unprocessable(checked.message);
  const [first, ...rest] = checked.links;
  const input = createPartyInputSchema.parse({
    video_url: first!.url,
    video_title: first!.title,
    synopsis: options.synopsis?.slice(0, 1000) || undefined,
    visibility: options.visibility,
  });
  const row = await createParty(host, input);
  if (rest.length > 0) {
    try {
      await addLinksToQueue(row.id, host.id, rest);
    } catch (error) {
      await endParty(row.id);
      throw error;
    }
  }
  return { row, videos: checked.links.length };
}
