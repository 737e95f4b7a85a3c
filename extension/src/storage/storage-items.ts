/**
 * The extension's storage records as WXT storage items (`storage.defineItem`), each parsed with its
 * zod schema: a read gives the parsed value, or null for a missing, corrupt or foreign one; a write is
 * parsed first and throws on an invalid value.
 *
 * Versions are WXT's, per item: kept in the item's metadata (`<key>$`, `{ v }`), and a record without
 * one is version 1 — the shape every build so far has written. When a record's shape changes, raise
 * its `version` and add the step to its `migrations`; WXT runs them before the first read or write.
 * (@wxt-dev/storage 1.3 has no `schema` option yet, hence the small parsing wrapper.)
 */
import type { z } from "zod";
import { storage } from "wxt/utils/storage";
import {
  learnedPlayersSchema,
  partyBindingSchema,
  sessionSchema,
  settingsSchema,
  STORAGE_KEYS,
  viewerOffsetSchema,
  voiceAutoDuckSchema,
  voiceDockOffsetSchema,
  voiceFrameNonceSchema,
  type PartyBinding,
  type Session,
  type Settings,
  type StoredPlayer,
} from "./schema";

export interface ParsedItem<T> {
  /** The key in WXT's form, `local:<storage key>`. */
  readonly key: `local:${string}`;
  get(): Promise<T | null>;
  /** null removes the record. */
  set(value: T | null): Promise<void>;
  /** Called with the parsed new value whenever another write changes it (in any context). */
  watch(callback: (value: T | null) => void): () => void;
}

interface Versioning {
  version: number;
  /** Keyed by the version each step produces, as WXT expects. */
  migrations?: Record<number, (previous: unknown) => unknown>;
}

export function defineParsedItem<T>(key: `local:${string}`, schema: z.ZodType<T>, versioning: Versioning = { version: 1 }): ParsedItem<T> {
  const item = storage.defineItem<unknown>(key, versioning);
  const parse = (raw: unknown): T | null => {
    if (raw === null || raw === undefined) return null;
    const result = schema.safeParse(raw);
    return result.success ? result.data : null;
  };
  return {
    key,
    get: async () => parse(await item.getValue()),
    set: async (value) => (value === null ? item.removeValue() : item.setValue(schema.parse(value))),
    watch: (callback) => item.watch((value) => callback(parse(value))),
  };
}

export const settingsItem: ParsedItem<Settings> = defineParsedItem(`local:${STORAGE_KEYS.settings}`, settingsSchema);
export const sessionItem: ParsedItem<Session> = defineParsedItem(`local:${STORAGE_KEYS.session}`, sessionSchema);
export const partyItem: ParsedItem<PartyBinding> = defineParsedItem(`local:${STORAGE_KEYS.party}`, partyBindingSchema);
export const learnedPlayersItem: ParsedItem<Record<string, StoredPlayer>> = defineParsedItem(`local:${STORAGE_KEYS.players}`, learnedPlayersSchema);
export const viewerOffsetItem: ParsedItem<number> = defineParsedItem(`local:${STORAGE_KEYS.viewerOffset}`, viewerOffsetSchema);
export const voiceFrameNonceItem: ParsedItem<string> = defineParsedItem(`local:${STORAGE_KEYS.voiceFrameNonce}`, voiceFrameNonceSchema);
export const voiceAutoDuckItem: ParsedItem<boolean> = defineParsedItem(`local:${STORAGE_KEYS.voiceAutoDuck}`, voiceAutoDuckSchema);
export const voiceDockOffsetItem: ParsedItem<{ x: number; y: number }> = defineParsedItem(`local:${STORAGE_KEYS.voiceDockOffset}`, voiceDockOffsetSchema);
