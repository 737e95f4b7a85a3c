/** Versioned extension storage: migrations from the v1 layout, fresh installs, parsing on read. */
import { ExtensionStore, LearnedPlayers } from "@/extension/src/storage/extension-store";
import { migrateStorage } from "@/extension/src/storage/migrations";
import { MAX_LEARNED_PLAYERS, STORAGE_KEYS, STORAGE_VERSION } from "@/extension/src/storage/schema";
import { FakeBrowser } from "@/extension/src/testing/fake-browser";

const DEFAULTS = { serverUrl: "http://localhost:3000" };

test("a fresh install starts at the current version with defaults", async () => {
  const fake = new FakeBrowser();
  expect(await migrateStorage(fake.storage.local)).toBe(STORAGE_VERSION);
  expect(fake.raw.get(STORAGE_KEYS.version)).toBe(STORAGE_VERSION);
  const store = new ExtensionStore(fake.storage.local, DEFAULTS);
  expect(await store.settings()).toEqual(DEFAULTS);
  expect(await store.session()).toBeNull();
  expect(await store.party()).toBeNull();
});

test("v1 (loose jwt / vp_user / vp_party_id / vp_server_url keys) migrates to v2 records and drops the old keys", async () => {
  const fake = new FakeBrowser();
  await fake.storage.local.set({
    jwt: "tok-123",
    vp_user: { id: "u1", username: "ann", display_name: "Ann A." },
    vp_party_id: "p-old",
    vp_server_url: "https://vp.example",
  });
  expect(await migrateStorage(fake.storage.local)).toBe(1);
  const store = new ExtensionStore(fake.storage.local, DEFAULTS);
  expect(await store.settings()).toEqual({ serverUrl: "https://vp.example" });
  expect(await store.session()).toEqual({ kind: "account", token: "tok-123", userId: "u1", username: "ann", displayName: "Ann A.", expiresAt: null });
  // A v1 party id has no tab or role: it is not carried over.
  expect(await store.party()).toBeNull();
  for (const key of ["jwt", "vp_user", "vp_party_id", "vp_server_url"]) expect(fake.raw.has(key)).toBe(false);
  expect(fake.raw.get(STORAGE_KEYS.version)).toBe(STORAGE_VERSION);
  // Running again changes nothing.
  expect(await migrateStorage(fake.storage.local)).toBe(STORAGE_VERSION);
  expect((await store.session())?.token).toBe("tok-123");
});

test("a v1 token without a user id is not turned into a session", async () => {
  const fake = new FakeBrowser();
  await fake.storage.local.set({ jwt: "tok" });
  await migrateStorage(fake.storage.local);
  expect(await new ExtensionStore(fake.storage.local, DEFAULTS).session()).toBeNull();
});

test("storage written by a newer version is left alone", async () => {
  const fake = new FakeBrowser();
  await fake.storage.local.set({ [STORAGE_KEYS.version]: STORAGE_VERSION + 1, [STORAGE_KEYS.settings]: { serverUrl: "https://x.example", extra: 1 } });
  expect(await migrateStorage(fake.storage.local)).toBe(STORAGE_VERSION + 1);
  expect(fake.raw.get(STORAGE_KEYS.version)).toBe(STORAGE_VERSION + 1);
});

test("invalid values fall back to defaults; an expired guest session reads as signed out", async () => {
  const fake = new FakeBrowser();
  await fake.storage.local.set({
    [STORAGE_KEYS.settings]: { serverUrl: "not a url" },
    [STORAGE_KEYS.session]: { kind: "guest", token: "g", userId: "guest:1", username: null, displayName: "G", expiresAt: Date.now() - 1 },
    [STORAGE_KEYS.party]: { id: 5 },
  });
  const store = new ExtensionStore(fake.storage.local, DEFAULTS);
  expect(await store.settings()).toEqual(DEFAULTS);
  expect(await store.session()).toBeNull();
  expect(await store.party()).toBeNull();
  await expect(store.setSettings({ serverUrl: "nope" })).rejects.toThrow();
});

test("what the engine learned about a site's player is kept per site, newest first, and a corrupt record is ignored", async () => {
  const fake = new FakeBrowser();
  const players = new LearnedPlayers(fake.storage.local);
  const slow = { seekLatencyMs: 2200, seekDeviationMs: 300, playLatencyMs: 40, rateBias: 0.01 };
  expect(await players.get("www.primevideo.com")).toBeNull();
  await players.set("www.primevideo.com", slow, 1000);
  expect(await players.get("www.primevideo.com")).toEqual({ ...slow, savedAt: 1000 });
  expect(await players.get("www.youtube.com")).toBeNull();

  // Bounded: the least recently saved sites go first.
  for (let i = 0; i < MAX_LEARNED_PLAYERS; i++) await players.set(`site${i}.example`, slow, 2000 + i);
  expect(await players.get("www.primevideo.com")).toBeNull();
  expect(await players.get(`site${MAX_LEARNED_PLAYERS - 1}.example`)).not.toBeNull();

  await fake.storage.local.set({ [STORAGE_KEYS.players]: { "www.hulu.com": { seekLatencyMs: "fast" } } });
  expect(await players.get("www.hulu.com")).toBeNull();
  await players.set("www.hulu.com", slow, 3000);
  expect(await players.get("www.hulu.com")).toEqual({ ...slow, savedAt: 3000 });
});
