/** Typed access to the extension's storage records (parsed on read, defaults on anything invalid). */
import type { z } from "zod";
import type { StorageAreaLike, StorageChanges } from "../platform/extension-api";
import {
  learnedPlayerSchema,
  learnedPlayersSchema,
  MAX_LEARNED_PLAYERS,
  partyBindingSchema,
  sessionSchema,
  settingsSchema,
  STORAGE_KEYS,
  type PartyBinding,
  type Session,
  type Settings,
  type StoredPlayer,
} from "./schema";

function parsed<T>(schema: z.ZodType<T>, value: unknown): T | null {
  const result = schema.safeParse(value);
  return result.success ? result.data : null;
}

export class ExtensionStore {
  constructor(
    private readonly area: StorageAreaLike,
    private readonly defaults: Settings,
  ) {}

  private async read(key: string): Promise<unknown> {
    return (await this.area.get([key]))[key];
  }

  async settings(): Promise<Settings> {
    return parsed(settingsSchema, await this.read(STORAGE_KEYS.settings)) ?? this.defaults;
  }

  async setSettings(settings: Settings): Promise<void> {
    await this.area.set({ [STORAGE_KEYS.settings]: settingsSchema.parse(settings) });
  }

  async session(): Promise<Session | null> {
    const session = parsed(sessionSchema, await this.read(STORAGE_KEYS.session));
    if (session?.expiresAt !== null && session?.expiresAt !== undefined && session.expiresAt <= Date.now()) return null;
    return session;
  }

  async setSession(session: Session | null): Promise<void> {
    if (session) await this.area.set({ [STORAGE_KEYS.session]: sessionSchema.parse(session) });
    else await this.area.remove([STORAGE_KEYS.session]);
  }

  async party(): Promise<PartyBinding | null> {
    return parsed(partyBindingSchema, await this.read(STORAGE_KEYS.party));
  }

  async setParty(party: PartyBinding | null): Promise<void> {
    if (party) await this.area.set({ [STORAGE_KEYS.party]: partyBindingSchema.parse(party) });
    else await this.area.remove([STORAGE_KEYS.party]);
  }
}

/**
 * What the sync engine learned about each site's player (seek latency, rate bias), kept across
 * sessions. Takes only the storage area, so the content script can use it.
 */
export class LearnedPlayers {
  constructor(private readonly area: StorageAreaLike) {}

  private async all(): Promise<Record<string, StoredPlayer>> {
    const raw = (await this.area.get([STORAGE_KEYS.players]))[STORAGE_KEYS.players];
    return parsed(learnedPlayersSchema, raw) ?? {};
  }

  async get(site: string): Promise<StoredPlayer | null> {
    return (await this.all())[site] ?? null;
  }

  async set(site: string, learned: Omit<StoredPlayer, "savedAt">, now = Date.now()): Promise<void> {
    const players = { ...(await this.all()), [site]: learnedPlayerSchema.parse({ ...learned, savedAt: now }) };
    const kept = Object.entries(players)
      .sort((a, b) => b[1].savedAt - a[1].savedAt)
      .slice(0, MAX_LEARNED_PLAYERS);
    await this.area.set({ [STORAGE_KEYS.players]: Object.fromEntries(kept) });
  }
}

/** The party record after a storage change, or undefined when the change does not touch it. */
export function partyChange(changes: StorageChanges): PartyBinding | null | undefined {
  const change = changes[STORAGE_KEYS.party];
  if (!change) return undefined;
  return parsed(partyBindingSchema, change.newValue);
}
