/**
 * What the sync engine learned about each site's player (seek latency, rate bias), kept across
 * sessions and bounded: the least recently saved sites are dropped first.
 */
import { learnedPlayerSchema, MAX_LEARNED_PLAYERS, type StoredPlayer } from "./schema";
import { learnedPlayersItem } from "./storage-items";

export async function learnedPlayer(site: string): Promise<StoredPlayer | null> {
  return (await learnedPlayersItem.get())?.[site] ?? null;
}

export async function saveLearnedPlayer(site: string, learned: Omit<StoredPlayer, "savedAt">, now = Date.now()): Promise<void> {
  const players = { ...(await learnedPlayersItem.get()), [site]: learnedPlayerSchema.parse({ ...learned, savedAt: now }) };
  const kept = Object.entries(players)
    .sort((a, b) => b[1].savedAt - a[1].savedAt)
    .slice(0, MAX_LEARNED_PLAYERS);
  await learnedPlayersItem.set(Object.fromEntries(kept));
}
