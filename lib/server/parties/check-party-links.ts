import "server-only";
/**
 * Checks a list of links that is to become a live party — the first link its media, the rest its
 * queue — before anything is written: a prepared programme, or a playlist started as a party. The
 * first link may be any http(s) link (a YouTube or TikTok video opens the watch room; anything else
 * is a party the extension plays); the rest must be links that party's queue takes.
 */
import { QUEUE_MAX_ITEMS, type QueueLink } from "@/lib/sync";
import { queueLinkRule } from "./queue-links";

export interface PartyLink {
  url: string;
  title: string;
}

export const NO_LINKS = "Add at least one video first.";

export type CheckedLinks = { ok: true; links: PartyLink[] } | { ok: false; message: string };

export function checkPartyLinks(links: QueueLink[]): CheckedLinks {
  const [first, ...rest] = links;
  if (!first) return { ok: false, message: NO_LINKS };
  if (rest.length > QUEUE_MAX_ITEMS) return { ok: false, message: `At most ${QUEUE_MAX_ITEMS + 1} videos: the first plays and up to ${QUEUE_MAX_ITEMS} wait in the queue.` };
  const named = (index: number, message: string) => (links.length > 1 ? `Item ${index + 1}: ${message}` : message);
  const start = queueLinkRule("")(first);
  if (!start.ok) return { ok: false, message: named(0, start.message) };
  const accept = queueLinkRule(start.url);
  const checked: PartyLink[] = [{ url: start.url, title: start.title }];
  for (const [index, link] of rest.entries()) {
    const accepted = accept(link);
    if (!accepted.ok) return { ok: false, message: named(index + 1, accepted.message) };
    checked.push({ url: accepted.url, title: accepted.title });
  }
  return { ok: true, links: checked };
}
