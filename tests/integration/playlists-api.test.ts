/**
 * The playlist API over HTTP against the real app. Playlists cannot be created through the product
 * yet (the spec's "Feature coming soon!"), so the test runs the app on a fresh PostgreSQL database
 * and arranges playlist rows directly; everything a client sees goes through the real server.
 */
import { Client, startApp, uniqueName, type RunningApp } from "./helpers/app";
import { createTestDatabase, type TestDatabase } from "./helpers/postgres";

jest.setTimeout(90_000);

let app: RunningApp;
let pg: TestDatabase;
let owner: Client;
let stranger: Client;
let ownerName: string;

async function userId(client: Client): Promise<string> {
  return ((await (await client.get("/api/v1/users/me")).json()) as { id: string }).id;
}

async function insertPlaylist(id: string, ownerId: string, title: string, createdAt: string) {
  await pg.query("insert into playlist (id, owner_id, title, share_code, created_at) values ($1, $2, $3, $4, $5)", [
    id,
    ownerId,
    title,
    `code-${id}`,
    createdAt,
  ]);
}

beforeAll(async () => {
  pg = await createTestDatabase("vp_playlists");
  app = await startApp({ env: { DATABASE_URL: pg.url } });
  owner = new Client(app.baseUrl);
  stranger = new Client(app.baseUrl);
  ownerName = uniqueName("listowner");
  expect((await owner.signUp(ownerName)).status).toBe(200);
  expect((await stranger.signUp(uniqueName("stranger"))).status).toBe(200);
});

afterAll(async () => {
  await app?.stop();
  await pg?.drop();
});

test("an empty database lists no playlists, with or without the trailing slash", async () => {
  const res = await fetch(`${app.baseUrl}/api/v1/playlists`);
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual([]);
  const slash = await fetch(`${app.baseUrl}/api/v1/playlists/`);
  expect(slash.status).toBe(200);
  expect(await slash.json()).toEqual([]);
});

test("playlists are listed newest first with both field spellings and no share code", async () => {
  const id = await userId(owner);
  await insertPlaylist("older", id, "Older mix", "2025-01-01T00:00:00Z");
  await insertPlaylist("newer", id, "Newer mix", "2025-02-01T00:00:00Z");
  const body = (await (await fetch(`${app.baseUrl}/api/v1/playlists`)).json()) as Record<string, unknown>[];
  expect(body.map((p) => p.id)).toEqual(["newer", "older"]);
  expect(body[0]).toEqual({
    id: "newer",
    playlist_id: "newer",
    title: "Newer mix",
    name: "Newer mix",
    owner_username: ownerName,
    owner: ownerName,
    created_at: "2025-02-01T00:00:00.000Z",
  });
});

describe("POST /api/v1/playlists/{id}/links", () => {
  const video = { url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", title: "  First  " };

  test("needs a session", async () => {
    const res = await new Client(app.baseUrl).post("/api/v1/playlists/older/links", video);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ detail: expect.any(String) });
  });

  test.each(["javascript:alert(1)", "not a url", "ftp://example.com/v.mp4", ""])("refuses url %p with 422 and adds nothing", async (url) => {
    const res = await owner.post("/api/v1/playlists/older/links", { url });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/^url: /);
    const links = await pg.query("select id from playlist_link where playlist_id = 'older'");
    expect(links).toHaveLength(0);
  });

  test("malformed JSON is a 400 with a detail", async () => {
    const res = await owner.post("/api/v1/playlists/older/links", "{not json");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ detail: "Request body must be valid JSON." });
  });

  test("answers 404 for an unknown playlist", async () => {
    const res = await owner.post("/api/v1/playlists/nope/links", video);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ detail: "Playlist not found" });
  });

  test("refuses someone else's playlist with 403 and adds nothing", async () => {
    const res = await stranger.post("/api/v1/playlists/older/links", video);
    expect(res.status).toBe(403);
    expect(await pg.query("select id from playlist_link where playlist_id = 'older'")).toHaveLength(0);
  });

  test("adds links for the owner; the detail lists them in order and shows the share code only to the owner", async () => {
    const first = await owner.post("/api/v1/playlists/older/links", video);
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({
      id: expect.any(String),
      playlist_id: "older",
      url: video.url,
      title: "First",
      created_at: expect.any(String),
    });
    const second = await owner.post("/api/v1/playlists/older/links", {
      url: "https://www.tiktok.com/@someone/video/7234567890123456789",
      title: "",
    });
    expect(second.status).toBe(201);
    expect(((await second.json()) as { title: unknown }).title).toBeNull();

    const asOwner = (await (await owner.get("/api/v1/playlists/older")).json()) as {
      share_code: string | null;
      links: { title: string | null }[];
    };
    expect(asOwner.share_code).toBe("code-older");
    expect(asOwner.links.map((l) => l.title)).toEqual(["First", null]);

    const asGuest = (await (await fetch(`${app.baseUrl}/api/v1/playlists/older`)).json()) as {
      share_code: string | null;
      links: unknown[];
    };
    expect(asGuest.share_code).toBeNull();
    expect(asGuest.links).toHaveLength(2);
  });

  test("detail of an unknown playlist is 404", async () => {
    expect((await fetch(`${app.baseUrl}/api/v1/playlists/nope`)).status).toBe(404);
  });
});
