/**
 * The extension's storage (WXT storage items on WXT's fake browser): what earlier builds and the
 * original extension left loads, fresh installs get defaults, and every value is parsed on read.
 */
import { fakeBrowser } from "wxt/testing/fake-browser";
import { ExtensionStore } from "@/extension/src/storage/extension-store";
import { importOriginalExtension } from "@/extension/src/storage/import-original-extension";
import { learnedPlayer, saveLearnedPlayer } from "@/extension/src/storage/learned-players";
import { MAX_LEARNED_PLAYERS, STORAGE_KEYS, type PartyBinding, type Session } from "@/extension/src/storage/schema";
import { viewerOffsetItem } from "@/extension/src/storage/storage-items";

const DEFAULTS = { serverUrl: "http://localhost:3000" };
const raw = () => fakeBrowser.storage.local.get(null);

beforeEach(() => fakeBrowser.reset());

test("a fresh install reads the defaults and nothing is written at start", async () => {
  expect(await importOriginalExtension()).toBe(false);
  const store = new ExtensionStore(DEFAULTS);
  expect(await store.settings()).toEqual(DEFAULTS);
  expect(await store.session()).toBeNull();
  expect(await store.party()).toBeNull();
  expect(await raw()).toEqual({});
});

test("what the previous build stored (storage-wide version 2, records without WXT versions) still loads; its version key is dropped", async () => {
  const session: Session = { kind: "account", token: "tok-9", userId: "u1", username: "ann", displayName: "Ann", expiresAt: null };
  const party: PartyBinding = { id: "p1", inviteCode: "ABC123", role: "host", videoUrl: "https://www.youtube.com/watch?v=abcdefghijk", title: "Trailer", platform: "YouTube", tabId: 4 };
  const players = { "www.hulu.com": { seekLatencyMs: 900, seekDeviationMs: 100, playLatencyMs: 30, rateBias: 0, savedAt: 5 } };
  await fakeBrowser.storage.local.set({
    "vp:schema": 2,
    [STORAGE_KEYS.settings]: { serverUrl: "https://vp.example" },
    [STORAGE_KEYS.session]: session,
    [STORAGE_KEYS.party]: party,
    [STORAGE_KEYS.players]: players,
    [STORAGE_KEYS.viewerOffset]: -500,
  });

  expect(await importOriginalExtension()).toBe(true);
  const store = new ExtensionStore(DEFAULTS);
  expect(await store.settings()).toEqual({ serverUrl: "https://vp.example" });
  expect(await store.session()).toEqual(session);
  expect(await store.party()).toEqual(party);
  expect(await learnedPlayer("www.hulu.com")).toEqual(players["www.hulu.com"]);
  expect(await viewerOffsetItem.get()).toBe(-500);
  // Every record that build had (the voice records came later and are written only when used).
  const laterKeys: string[] = [STORAGE_KEYS.voiceFrameNonce, STORAGE_KEYS.voiceAutoDuck, STORAGE_KEYS.voiceDockOffset];
  expect(Object.keys(await raw()).sort()).toEqual(Object.values(STORAGE_KEYS).filter((key) => !laterKeys.includes(key)).sort());

  // Written again, a record keeps its key and shape: a previous build still reads it after a downgrade.
  await store.setParty({ ...party, tabId: 7 });
  expect((await raw())[STORAGE_KEYS.party]).toEqual({ ...party, tabId: 7 });
});

test("the original extension's loose jwt / vp_user / vp_party_id / vp_server_url keys become the settings and session records", async () => {
  await fakeBrowser.storage.local.set({
    jwt: "tok-123",
    vp_user: { id: "u1", username: "ann", display_name: "Ann A." },
    vp_party_id: "p-old",
    vp_server_url: "https://vp.example",
  });
  expect(await importOriginalExtension()).toBe(true);
  const store = new ExtensionStore(DEFAULTS);
  expect(await store.settings()).toEqual({ serverUrl: "https://vp.example" });
  expect(await store.session()).toEqual({ kind: "account", token: "tok-123", userId: "u1", username: "ann", displayName: "Ann A.", expiresAt: null });
  // Its party id has no tab or role: it is not carried over.
  expect(await store.party()).toBeNull();
  expect(Object.keys(await raw()).sort()).toEqual([STORAGE_KEYS.session, STORAGE_KEYS.settings].sort());

  // The next start changes nothing, and a later sign-in is not overwritten by old keys.
  expect(await importOriginalExtension()).toBe(false);
  expect((await store.session())?.token).toBe("tok-123");
});

test("an original-extension token without a user id is not turned into a session; a bad server address keeps the default", async () => {
  await fakeBrowser.storage.local.set({ jwt: "tok", vp_server_url: "not a url" });
  await importOriginalExtension();
  const store = new ExtensionStore(DEFAULTS);
  expect(await store.session()).toBeNull();
  expect(await store.settings()).toEqual(DEFAULTS);
  expect(await raw()).toEqual({});
});

test("a record written by a newer build (a later WXT version) is read as far as it parses and left as it is", async () => {
  const newer = { [STORAGE_KEYS.settings]: { serverUrl: "https://x.example", extra: 1 }, [`${STORAGE_KEYS.settings}$`]: { v: 2 } };
  await fakeBrowser.storage.local.set(newer);
  await importOriginalExtension();
  expect(await new ExtensionStore(DEFAULTS).settings()).toEqual({ serverUrl: "https://x.example" });
  expect(await raw()).toEqual(newer);
});

test("invalid values fall back to defaults; an expired guest session reads as signed out; invalid writes are refused", async () => {
  await fakeBrowser.storage.local.set({
    [STORAGE_KEYS.settings]: { serverUrl: "not a url" },
    [STORAGE_KEYS.session]: { kind: "guest", token: "g", userId: "guest:1", username: null, displayName: "G", expiresAt: Date.now() - 1 },
    [STORAGE_KEYS.party]: { id: 5 },
    [STORAGE_KEYS.viewerOffset]: "ahead",
  });
  const store = new ExtensionStore(DEFAULTS);
  expect(await store.settings()).toEqual(DEFAULTS);
  expect(await store.session()).toBeNull();
  expect(await store.party()).toBeNull();
  expect(await viewerOffsetItem.get()).toBeNull();
  await expect(store.setSettings({ serverUrl: "nope" })).rejects.toThrow();
  expect((await raw())[STORAGE_KEYS.settings]).toEqual({ serverUrl: "not a url" });
});

test("what the engine learned about a site's player is kept per site, newest first, and a corrupt record is ignored", async () => {
  const slow = { seekLatencyMs: 2200, seekDeviationMs: 300, playLatencyMs: 40, rateBias: 0.01 };
  expect(await learnedPlayer("www.primevideo.com")).toBeNull();
  await saveLearnedPlayer("www.primevideo.com", slow, 1000);
  expect(await learnedPlayer("www.primevideo.com")).toEqual({ ...slow, savedAt: 1000 });
  expect(await learnedPlayer("www.youtube.com")).toBeNull();

  // Bounded: the least recently saved sites go first.
  for (let i = 0; i < MAX_LEARNED_PLAYERS; i++) await saveLearnedPlayer(`site${i}.example`, slow, 2000 + i);
  expect(await learnedPlayer("www.primevideo.com")).toBeNull();
  expect(await learnedPlayer(`site${MAX_LEARNED_PLAYERS - 1}.example`)).not.toBeNull();

  await fakeBrowser.storage.local.set({ [STORAGE_KEYS.players]: { "www.hulu.com": { seekLatencyMs: "fast" } } });
  expect(await learnedPlayer("www.hulu.com")).toBeNull();
  await saveLearnedPlayer("www.hulu.com", slow, 3000);
  expect(await learnedPlayer("www.hulu.com")).toEqual({ ...slow, savedAt: 3000 });
});
