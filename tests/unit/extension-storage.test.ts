/** Versioned extension storage: migrations from the v1 layout, fresh installs, parsing on read. */
import { ExtensionStore } from "@/extension/src/storage/extension-store";
import { migrateStorage } from "@/extension/src/storage/migrations";
import { STORAGE_KEYS, STORAGE_VERSION } from "@/extension/src/storage/schema";
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
