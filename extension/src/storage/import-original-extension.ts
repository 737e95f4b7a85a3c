/**
 * Brings over what the original ViewParty extension kept as loose `storage.local` keys (`jwt`,
 * `vp_user`, `vp_party_id`, `vp_server_url`): the server address becomes the settings record, the
 * token and user the account session. Its party id has no tab or role, so it is dropped.
 *
 * This stays our own code because WXT's item migrations change one key's value from version to
 * version; they cannot move data between keys, which is what this does. It runs at every background
 * start and does nothing once the loose keys are gone; a record that already exists wins. It also
 * drops `vp:schema`, the storage-wide version number kept before versions became WXT's, per item.
 */
import { storage } from "wxt/utils/storage";
import type { Session } from "./schema";
import { sessionItem, settingsItem } from "./storage-items";

const LOOSE_KEYS = ["local:jwt", "local:vp_user", "local:vp_party_id", "local:vp_server_url"] as const;
const RETIRED_KEYS = [...LOOSE_KEYS, "local:vp:schema"] as const;

/** True when there was anything to bring over or drop. */
export async function importOriginalExtension(): Promise<boolean> {
  const found = new Map((await storage.getItems([...RETIRED_KEYS])).map(({ key, value }) => [key, value as unknown]));
  if ([...found.values()].every((value) => value === null || value === undefined)) return false;

  const serverUrl = found.get("local:vp_server_url");
  if (typeof serverUrl === "string" && !(await settingsItem.get())) {
    await settingsItem.set({ serverUrl }).catch(() => undefined); // not an http(s) address: keep the default
  }
  const session = accountSession(found.get("local:jwt"), found.get("local:vp_user"));
  if (session && !(await sessionItem.get())) await sessionItem.set(session);

  await storage.removeItems([...RETIRED_KEYS]);
  return true;
}

function accountSession(token: unknown, rawUser: unknown): Session | null {
  const user = rawUser && typeof rawUser === "object" ? (rawUser as Record<string, unknown>) : null;
  if (typeof token !== "string" || !token || !user || typeof user.id !== "string") return null;
  return {
    kind: "account",
    token,
    userId: user.id,
    username: typeof user.username === "string" ? user.username : null,
    displayName: [user.displayName, user.display_name, user.name, user.username].find((v): v is string => typeof v === "string" && v !== "") ?? "",
    expiresAt: null,
  };
}
