import "server-only";
/**
 * Commands sent again after a dead connection are applied once. A member's command can reach the
 * server twice: it went into a socket that had silently died (a network that drops without FIN or
 * RST), the client gave up on its answer and sent it again once its stream was back, and the kernel
 * then delivered the first copy too (its TCP retransmits the queued bytes when the network returns).
 * A command that carries a request id (`rid`, chosen by the client per command, the same on every
 * attempt) is run once per (party, member, rid): a repeat within RID_TTL_MS gets the first one's
 * answer (or waits for it), and changes nothing. A failed attempt is forgotten, so the retry runs.
 *
 * Held per instance, in memory: behind Redis a retry that lands on another instance than the first
 * copy is not recognised (clients retry on the instance their stream is on, usually the same one).
 */
import { unprocessable } from "@/lib/server/http/api-error";

/** Longer than any client retries (PartyConnection gives up after COMMAND_RETRY_WINDOW_MS). */
export const RID_TTL_MS = 5 * 60_000;
/** Bounds the memory: the oldest ids go first (each is ~100 bytes with its answer). */
const MAX_REMEMBERED = 20_000;
const RID = /^[A-Za-z0-9_-]{8,64}$/;

const remembered = new Map<string, { at: number; answer: Promise<unknown> }>();

/** The command's request id; null without one; a malformed one is refused (422). */
export function requestIdOf(body: unknown): string | null {
  if (typeof body !== "object" || body === null || !("rid" in body)) return null;
  const rid = (body as { rid: unknown }).rid;
  if (typeof rid !== "string" || !RID.test(rid)) throw unprocessable("rid must be 8 to 64 letters, digits, '-' or '_'.");
  return rid;
}

/** Runs `run` for the first copy of `key` within RID_TTL_MS; later copies get its answer. */
export function runOnce(key: string, run: () => Promise<unknown>, now = Date.now()): Promise<unknown> {
  for (const [oldKey, entry] of remembered) {
    if (now - entry.at <= RID_TTL_MS && remembered.size < MAX_REMEMBERED) break;
    remembered.delete(oldKey);
  }
  const seen = remembered.get(key);
  if (seen && now - seen.at <= RID_TTL_MS) return seen.answer;
  const answer = run();
  remembered.set(key, { at: now, answer });
  answer.catch(() => {
    if (remembered.get(key)?.answer === answer) remembered.delete(key);
  });
  return answer;
}
