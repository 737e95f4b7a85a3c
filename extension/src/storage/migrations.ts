/**
 * Storage migrations, one per version step. Version 1 is the layout of the spec's original extension
 * (`jwt`, `vp_user`, `vp_party_id`, `vp_server_url` as loose keys); version 2 groups them into the
 * parsed records of ./schema.ts. A fresh install starts at the current version.
 */
import type { StorageAreaLike } from "../platform/extension-api";
import { STORAGE_KEYS, STORAGE_VERSION, type Session } from "./schema";

const V1_KEYS = ["jwt", "vp_user", "vp_party_id", "vp_server_url"] as const;

type Migration = (area: StorageAreaLike) => Promise<void>;

export const MIGRATIONS: Record<number, Migration> = {
  /** 1 → 2: loose keys → settings + session records. A v1 party id has no tab or role: it is dropped. */
  2: async (area) => {
    const old = await area.get([...V1_KEYS]);
    const items: Record<string, unknown> = {};
    if (typeof old.vp_server_url === "string") items[STORAGE_KEYS.settings] = { serverUrl: old.vp_server_url };
    const user = old.vp_user && typeof old.vp_user === "object" ? (old.vp_user as Record<string, unknown>) : null;
    if (typeof old.jwt === "string" && old.jwt && user && typeof user.id === "string") {
      const session: Session = {
        kind: "account",
        token: old.jwt,
        userId: user.id,
        username: typeof user.username === "string" ? user.username : null,
        displayName: [user.displayName, user.display_name, user.name, user.username].find((v): v is string => typeof v === "string" && v !== "") ?? "",
        expiresAt: null,
      };
      items[STORAGE_KEYS.session] = session;
    }
    await area.set(items);
    await area.remove([...V1_KEYS]);
  },
};

/** Brings storage to STORAGE_VERSION; returns the version it found. Safe to run on every start. */
export async function migrateStorage(area: StorageAreaLike): Promise<number> {
  const stored = (await area.get([STORAGE_KEYS.version, ...V1_KEYS])) as Record<string, unknown>;
  const recorded = stored[STORAGE_KEYS.version];
  let version: number;
  if (typeof recorded === "number") version = recorded;
  else version = V1_KEYS.some((key) => stored[key] !== undefined) ? 1 : STORAGE_VERSION;
  const found = version;
  if (version > STORAGE_VERSION) return found; // written by a newer build: leave it alone
  while (version < STORAGE_VERSION) {
    version += 1;
    const step = MIGRATIONS[version];
    if (step) await step(area);
  }
  await area.set({ [STORAGE_KEYS.version]: STORAGE_VERSION });
  return found;
}
