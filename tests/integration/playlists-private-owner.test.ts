/**
 * A private profile stays private on playlists too: a listed playlist of an owner whose profile is
 * private is still listed and opens by link, but the public list, the playlist's page, its videos and
 * a member's own list name neither the owner's username nor their display name (`owner_private: true`
 * and "a private owner" instead), to anyone but the owner. A video added by a private collaborator
 * does not name them either. Public owners are unchanged.
 */
import { Client, startApp, uniqueName, type RunningApp } from "./helpers/app";

jest.setTimeout(120_000);

type Json = Record<string, unknown>;
let app: RunningApp;

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

const json = async <T = Json>(res: Response | Promise<Response>) => (await (await res).json()) as T;
const setPrivate = async (client: Client, value: boolean) =>
  expect((await client.request("PATCH", "/api/v1/users/me", { profile_private: value })).status).toBe(200);

async function account(prefix: string): Promise<{ client: Client; name: string }> {
  const client = new Client(app.baseUrl);
  const name = uniqueName(prefix);
  expect((await client.signUp(name)).status).toBe(200);
  return { client, name };
}

test("a private owner's listed playlist is listed and opens, without naming the owner or a private collaborator", async () => {
  const owner = await account("pl_secret");
  const helper = await account("pl_helper");
  const visitor = await account("pl_visitor");
  const anon = new Client(app.baseUrl);

  const created = await json<{ id: string; share_code: string }>(owner.client.post("/api/v1/playlists", { title: "Hidden hands mix" }));
  expect((await owner.client.request("PATCH", `/api/v1/playlists/${created.id}`, { listed: true })).status).toBe(200);
  expect((await owner.client.post(`/api/v1/playlists/${created.id}/links`, { url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" })).status).toBe(201);
  expect((await helper.client.post("/api/v1/playlists/join", { code: created.share_code })).status).toBe(200);
  expect((await helper.client.post(`/api/v1/playlists/${created.id}/links`, { url: "https://www.youtube.com/watch?v=9bZkp7q19f0" })).status).toBe(201);

  // Public profiles: named as before.
  const publicRow = (await json<Json[]>(anon.get("/api/v1/playlists"))).find((p) => p.id === created.id);
  expect(publicRow).toMatchObject({ owner_username: owner.name, owner: owner.name });

  await setPrivate(owner.client, true);
  await setPrivate(helper.client, true);
  const noTrace = (payload: unknown) => {
    const text = JSON.stringify(payload).toLowerCase();
    expect(text).not.toContain(owner.name.toLowerCase());
    expect(text).not.toContain(helper.name.toLowerCase());
  };

  for (const reader of [anon, visitor.client]) {
    const row = (await json<Json[]>(reader.get("/api/v1/playlists"))).find((p) => p.id === created.id);
    expect(row).toMatchObject({ title: "Hidden hands mix", owner_username: null, owner: "a private owner", owner_private: true });
    noTrace(row);
    const detail = await json<{ links: { added_by_username: string | null }[] } & Json>(reader.get(`/api/v1/playlists/${created.id}`));
    expect(detail).toMatchObject({ owner_username: null, owner: "a private owner", owner_private: true });
    expect(detail.links.map((l) => l.added_by_username)).toEqual([null, null]);
    noTrace(detail);
  }

  // A collaborator's own list and page do not name the private owner; their own video names them.
  const mine = (await json<Json[]>(helper.client.get("/api/v1/playlists/me"))).find((p) => p.id === created.id);
  expect(mine).toMatchObject({ owner_username: null, owner_private: true, role: "collaborator" });
  const helperView = await json<{ links: { added_by_username: string | null }[] } & Json>(helper.client.get(`/api/v1/playlists/${created.id}`));
  expect(helperView).toMatchObject({ owner_username: null, owner_private: true });
  expect(helperView.links.map((l) => l.added_by_username)).toEqual([null, helper.name]);

  // The owner still sees their own name.
  const ownView = await json<{ links: { added_by_username: string | null }[] } & Json>(owner.client.get(`/api/v1/playlists/${created.id}`));
  expect(ownView).toMatchObject({ owner_username: owner.name, owner: owner.name, owner_private: false });
  expect(ownView.links.map((l) => l.added_by_username)).toEqual([owner.name, null]);

  // Back to public: named again at once.
  await setPrivate(owner.client, false);
  const again = (await json<Json[]>(anon.get("/api/v1/playlists"))).find((p) => p.id === created.id);
  expect(again).toMatchObject({ owner_username: owner.name, owner_private: false });
  expect(publicRow?.owner_private).toBe(false);
});
