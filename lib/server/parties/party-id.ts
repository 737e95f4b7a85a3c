import "server-only";
import { idParamSchema } from "@/lib/schemas/common";
import { LRUCache } from "lru-cache";

/**
 * `idParamSchema.parse`, remembering the ids that passed: a host sends every command to the same
 * party, and the schema's parse was a noticeable part of a command. A refused id is parsed each time
 * (the same 422 as ever). Bounded; the oldest id goes first.
 */
const parsedIds = new LRUCache<string, { id: string }>({ max: 1000 });

export function parsePartyId(raw: unknown): { id: string } {
  const given = (raw as { id?: unknown } | null)?.id;
  if (typeof given === "string" && Object.keys(raw as object).length === 1) {
    const known = parsedIds.get(given);
    if (known) return known;
  }
  const parsed = idParamSchema.parse(raw);
  if (typeof given === "string" && parsed.id === given && Object.keys(raw as object).length === 1) {
    parsedIds.set(given, Object.freeze(parsed));
  }
  return parsed;
}
