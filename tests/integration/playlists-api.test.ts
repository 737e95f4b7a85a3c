/**
 * The playlist API over HTTP against the real app on a fresh PostgreSQL database: create, join by
 * share code or admin key, add (every link form, Accept switches, limits), move, remove, rename,
 * delete, Twitch settings, and the authorization matrix (owner, admin, collaborator, viewer,
 * anonymous): the wrong user gets 403 and nothing changes.
 */
import { Client, startApp, uniqueName, type RunningApp } from "./helpers/app";
import { createTestDatabase, type TestDatabase } from "./helpers/postgres";

jest.setTimeout(120_000);

let app: RunningApp;
let pg: TestDatabase;
let owner: Client;
let collaborator: Client;
let editor: Client;
let stranger: Client;
let ownerName: string;
let collaboratorName: string;

const YT = "dQw4w9WgXcQ";
const TT = "7316829214585637152";

interface Link {
  id: string;
  position: number;
  url: string;
  title: string | null;
  platform: string | null;
  video_id: string | null;
  start_seconds: number;
  added_by_username: string | null;
  can_remove: boolean;
}
interface Detail {
  id: string;
  title: string;
  role: string;
  share_code: string | null;
  admin_key: string | null;
  accept_youtube: boolean;
  accept_tiktok: boolean;
  listed: boolean;
  total_videos: number;
  links: Link[];
}

const json = async <T>(res: Response): Promise<T> => (await res.json()) as T;
const patch = (c: Client, path: string, body: unknown) => c.request("PATCH", path, body);
const put = (c: Client, path: string, body: unknown) => c.request("PUT", path, body);
const del = (c: Client, path: string) => c.request("DELETE", path);

async function create(c: Client, title: string): Promise<Detail> {
  const res = await c.post("/api/v1/playlists", { title });
  expect(res.status).toBe(201);
  return json<Detail>(res);
}

async function detail(c: Client | null, id: string): Promise<Detail> {
  const res = c ? await c.get(`/api/v1/playlists/${id}`) : await fetch(`${app.baseUrl}/api/v1/playlists/${id}`);
  expect(res.status).toBe(200);
  return json<Detail>(res);
}

async function add(c: Client, id: string, url: string, title?: string): Promise<Response> {
  return c.post(`/api/v1/playlists/${id}/links`, { url, title });
}

async function snapshot(id: string) {
  const playlist = await pg.query("select title, accept_youtube, accept_tiktok from playlist where id = $1", [id]);
  const links = await pg.query("select id, url, position from playlist_link where playlist_id = $1 order by position", [id]);
  return { playlist, links };
}

async function expectDenied(res: Response, status: number) {
  expect(res.status).toBe(status);
  const body = await json<{ detail: string; code: string }>(res);
  expect(body.detail.length).toBeGreaterThan(0);
  expect(typeof body.code).toBe("string");
}

beforeAll(async () => {
  pg = await createTestDatabase("vp_playlists");
  app = await startApp({ env: { DATABASE_URL: pg.url } });
  owner = new Client(app.baseUrl);
  collaborator = new Client(app.baseUrl);
  editor = new Client(app.baseUrl);
  stranger = new Client(app.baseUrl);
  ownerName = uniqueName("plowner");
  collaboratorName = uniqueName("plcollab");
  expect((await owner.signUp(ownerName)).status).toBe(200);
  expect((await collaborator.signUp(collaboratorName)).status).toBe(200);
  expect((await editor.signUp(uniqueName("pleditor"))).status).toBe(200);
  expect((await stranger.signUp(uniqueName("plstranger"))).status).toBe(200);
});

afterAll(async () => {
  await app?.stop();
  await pg?.drop();
});

describe("create", () => {
  test("needs a session", async () => {
    await expectDenied(await new Client(app.baseUrl).post("/api/v1/playlists", { title: "Nope" }), 401);
  });

  test.each([[""], ["   "], ["x".repeat(101)], [42]])("refuses title %p with 422 and creates nothing", async (title) => {
    const before = await pg.query("select count(*)::int as n from playlist");
    const res = await owner.post("/api/v1/playlists", { title });
    expect(res.status).toBe(422);
    expect((await json<{ detail: string }>(res)).detail).toMatch(/^title: /);
    expect(await pg.query("select count(*)::int as n from playlist")).toEqual(before);
  });

  test("creates an empty, unlisted playlist the caller owns, with a share code and admin key; once listed, the public list shows it without them", async () => {
    const created = await create(owner, "  Friday Mix  ");
    expect(created).toMatchObject({ title: "Friday Mix", name: "Friday Mix", owner_username: ownerName, role: "owner", total_videos: 0, links: [], listed: false });
    expect(created.share_code).toMatch(/^[A-Z2-9]{8}$/);
    expect(created.admin_key).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const publicList = async () => json<Record<string, unknown>[]>(await fetch(`${app.baseUrl}/api/v1/playlists/`));
    expect((await publicList()).map((p) => p.id)).not.toContain(created.id);
    expect((await patch(owner, `/api/v1/playlists/${created.id}`, { listed: true })).status).toBe(200);
    const row = (await publicList()).find((p) => p.id === created.id);
    expect(row).toEqual({
      id: created.id,
      playlist_id: created.id,
      title: "Friday Mix",
      name: "Friday Mix",
      owner_username: ownerName,
      owner: ownerName,
      owner_private: false,
      created_at: expect.any(String),
    });
  });
});

describe("public listing: the owner's choice", () => {
  const listedIds = async () => (await json<{ id: string }[]>(await fetch(`${app.baseUrl}/api/v1/playlists`))).map((p) => p.id);

  test("only the owner lists or unlists; members and strangers get 403 and nothing changes; an unlisted playlist still opens by link", async () => {
    const pl = await create(owner, "Late Night Picks");
    // An editor (joined with the admin key) and a collaborator (the share code) may edit or add, not list.
    expect((await editor.post("/api/v1/playlists/join", { code: pl.admin_key })).status).toBe(200);
    expect((await collaborator.post("/api/v1/playlists/join", { code: pl.share_code })).status).toBe(200);
    for (const other of [editor, collaborator, stranger]) {
      await expectDenied(await patch(other, `/api/v1/playlists/${pl.id}`, { listed: true }), 403);
    }
    // A refused field refuses the whole change: the editor's rename alongside it is not written either.
    await expectDenied(await patch(editor, `/api/v1/playlists/${pl.id}`, { title: "Renamed", listed: true }), 403);
    expect((await snapshot(pl.id)).playlist).toEqual([{ title: "Late Night Picks", accept_youtube: true, accept_tiktok: true }]);
    expect(await listedIds()).not.toContain(pl.id);
    await expectDenied(await new Client(app.baseUrl).request("PATCH", `/api/v1/playlists/${pl.id}`, { listed: true }), 401);
    await expectDenied(await patch(owner, `/api/v1/playlists/${pl.id}`, { listed: "yes" }), 422);

    // Unlisted, it still opens for anyone holding its link, signed in or not.
    expect(await detail(null, pl.id)).toMatchObject({ id: pl.id, title: "Late Night Picks", listed: false, share_code: null });

    const listed = await json<Detail>(await patch(owner, `/api/v1/playlists/${pl.id}`, { listed: true }));
    expect(listed.listed).toBe(true);
    expect(await listedIds()).toContain(pl.id);
    expect((await detail(stranger, pl.id)).listed).toBe(true);

    expect((await json<Detail>(await patch(owner, `/api/v1/playlists/${pl.id}`, { listed: false }))).listed).toBe(false);
    expect(await listedIds()).not.toContain(pl.id);
  });
});

describe("a shared playlist: the authorization matrix", () => {
  let pl: Detail;

  beforeAll(async () => {
    pl = await create(owner, "Matrix");
  });

  test("an unknown share code is a 404 with a detail, an empty one a 422; nobody joins", async () => {
    const res = await stranger.post("/api/v1/playlists/join", { code: "ZZZZZZZZ" });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: "No playlist has that share code. Check the code and try again.", code: "not_found" });
    expect((await stranger.post("/api/v1/playlists/join", { code: " " })).status).toBe(422);
    expect(await pg.query("select * from playlist_member where playlist_id = $1", [pl.id])).toEqual([]);
  });

  test("the share code (any case, with a dash) makes a collaborator; the admin key an editor; the owner stays owner", async () => {
    const code = pl.share_code!;
    const typed = `${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`;
    const joined = await collaborator.post("/api/v1/playlists/join", { code: typed });
    expect(joined.status).toBe(200);
    expect(await joined.json()).toEqual({ playlist_id: pl.id, title: "Matrix", role: "collaborator" });
    expect(await json(await editor.post("/api/v1/playlists/join", { code: pl.admin_key }))).toMatchObject({ role: "editor" });
    // Typing the share code later does not demote the editor.
    expect(await json(await editor.post("/api/v1/playlists/join", { code }))).toMatchObject({ role: "editor" });
    expect(await json(await owner.post("/api/v1/playlists/join", { code }))).toMatchObject({ role: "owner" });
    const mine = await json<{ id: string; role: string }[]>(await collaborator.get("/api/v1/playlists/me"));
    expect(mine.find((p) => p.id === pl.id)).toMatchObject({ role: "collaborator", total_videos: 0 });
  });

  test("who sees which secret", async () => {
    const asOwner = await detail(owner, pl.id);
    expect([asOwner.role, asOwner.share_code, asOwner.admin_key]).toEqual(["owner", pl.share_code, pl.admin_key]);
    const asCollaborator = await detail(collaborator, pl.id);
    expect([asCollaborator.role, asCollaborator.share_code, asCollaborator.admin_key]).toEqual(["collaborator", pl.share_code, null]);
    const asEditor = await detail(editor, pl.id);
    expect([asEditor.role, asEditor.share_code, asEditor.admin_key]).toEqual(["editor", pl.share_code, null]);
    const asStranger = await detail(stranger, pl.id);
    expect([asStranger.role, asStranger.share_code, asStranger.admin_key]).toEqual(["viewer", null, null]);
    const anonymous = await detail(null, pl.id);
    expect([anonymous.role, anonymous.share_code, anonymous.admin_key]).toEqual(["viewer", null, null]);
  });

  test("adding: a viewer gets 403, anonymous 401, an unknown playlist 404; nothing is added", async () => {
    await expectDenied(await add(stranger, pl.id, `https://youtu.be/${YT}`), 403);
    await expectDenied(await new Client(app.baseUrl).post(`/api/v1/playlists/${pl.id}/links`, { url: `https://youtu.be/${YT}` }), 401);
    const missing = await add(owner, "nope", `https://youtu.be/${YT}`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ detail: "Playlist not found" });
    expect((await snapshot(pl.id)).links).toEqual([]);
  });

  test.each([
    "javascript:alert(1)",
    "not a url",
    "ftp://youtube.com/watch?v=dQw4w9WgXcQ",
    "",
    "https://vimeo.com/76979871",
    "https://www.netflix.com/watch/80100172",
    "https://www.youtube.com/channel/UC123",
  ])("refuses %p with 422 and a detail naming the url; nothing is added", async (url) => {
    const res = await add(owner, pl.id, url);
    expect(res.status).toBe(422);
    expect((await json<{ detail: string }>(res)).detail).toMatch(/^url: /);
    expect((await snapshot(pl.id)).links).toEqual([]);
  });

  test("malformed JSON is a 400 with a detail", async () => {
    const res = await owner.post(`/api/v1/playlists/${pl.id}/links`, "{not json");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ detail: "Request body must be valid JSON." });
  });

  test("owner, editor and collaborator add videos in every form; the detail gives platform, video id and start", async () => {
    const adds: [Client, string, string | undefined][] = [
      [owner, `https://www.youtube.com/watch?v=${YT}&t=1m30s`, "  First  "],
      [collaborator, `https://www.tiktok.com/@some.user/video/${TT}`, ""],
      [editor, `https://music.youtube.com/watch?v=${YT}`, undefined],
      [collaborator, "https://vm.tiktok.com/ZMabc123/", "Short"],
      [owner, `https://www.tiktok.com/player/v1/${TT}`, undefined],
      [owner, `https://m.youtube.com/shorts/${YT}`, undefined],
    ];
    const answers: [Client, Link][] = [];
    for (const [who, url, title] of adds) {
      const res = await add(who, pl.id, url, title);
      expect(res.status).toBe(201);
      answers.push([who, (await res.json()) as Link]);
    }
    // Each answer is the added link exactly as its adder then reads it in the playlist.
    for (const [who, answer] of answers) expect((await detail(who, pl.id)).links.find((l) => l.id === answer.id)).toEqual(answer);
    const links = (await detail(owner, pl.id)).links;
    expect(links.map((l) => [l.position, l.platform, l.video_id, l.start_seconds, l.title])).toEqual([
      [0, "youtube", YT, 90, "First"],
      [1, "tiktok", TT, 0, null],
      [2, "youtube", YT, 0, null],
      // A short link is kept as a link (this test app is offline) and has no video id yet.
      [3, "tiktok", null, 0, "Short"],
      [4, "tiktok", TT, 0, null],
      [5, "youtube", YT, 0, null],
    ]);
    expect(links[3]?.url).toBe("https://vm.tiktok.com/ZMabc123/");
    expect(links[1]?.added_by_username).toBe(collaboratorName);
    // The collaborator may remove only what they added.
    const seen = (await detail(collaborator, pl.id)).links;
    expect(seen.map((l) => l.can_remove)).toEqual([false, true, false, true, false, false]);
  });

  test("moving: collaborator and viewer get 403 and the order stays; bad positions 422; unknown video 404", async () => {
    const before = await snapshot(pl.id);
    const first = before.links[0]!.id as string;
    await expectDenied(await patch(collaborator, `/api/v1/playlists/${pl.id}/links/${first}`, { position: 3 }), 403);
    await expectDenied(await patch(stranger, `/api/v1/playlists/${pl.id}/links/${first}`, { position: 3 }), 403);
    for (const position of [-1, 1.5, "2", null]) {
      expect((await patch(owner, `/api/v1/playlists/${pl.id}/links/${first}`, { position })).status).toBe(422);
    }
    expect((await patch(owner, `/api/v1/playlists/${pl.id}/links/nope`, { position: 0 })).status).toBe(404);
    expect(await snapshot(pl.id)).toEqual(before);
  });

  test("owner and editor move videos; positions stay 0..n-1", async () => {
    const ids = (await snapshot(pl.id)).links.map((l) => l.id as string);
    const moved = await patch(owner, `/api/v1/playlists/${pl.id}/links/${ids[0]}`, { position: 2 });
    expect(moved.status).toBe(200);
    expect((await json<Detail>(moved)).links.map((l) => l.id)).toEqual([ids[1], ids[2], ids[0], ids[3], ids[4], ids[5]]);
    // Past the end clamps to the last place.
    await patch(editor, `/api/v1/playlists/${pl.id}/links/${ids[1]}`, { position: 99 });
    const after = (await snapshot(pl.id)).links;
    expect(after.map((l) => l.id)).toEqual([ids[2], ids[0], ids[3], ids[4], ids[5], ids[1]]);
    expect(after.map((l) => l.position)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  test("removing: viewer 403; collaborator 403 on someone else's video, 204 on their own; owner any; nothing else changes", async () => {
    const links = (await detail(owner, pl.id)).links;
    const ownersVideo = links.find((l) => l.added_by_username === ownerName)!;
    const collaboratorsVideo = links.find((l) => l.added_by_username === collaboratorName)!;
    const before = await snapshot(pl.id);
    await expectDenied(await del(stranger, `/api/v1/playlists/${pl.id}/links/${ownersVideo.id}`), 403);
    await expectDenied(await del(collaborator, `/api/v1/playlists/${pl.id}/links/${ownersVideo.id}`), 403);
    expect(await snapshot(pl.id)).toEqual(before);
    expect((await del(collaborator, `/api/v1/playlists/${pl.id}/links/${collaboratorsVideo.id}`)).status).toBe(204);
    expect((await del(owner, `/api/v1/playlists/${pl.id}/links/${ownersVideo.id}`)).status).toBe(204);
    expect((await del(owner, `/api/v1/playlists/${pl.id}/links/${ownersVideo.id}`)).status).toBe(404);
    const after = (await snapshot(pl.id)).links;
    expect(after.map((l) => l.id)).toEqual(before.links.map((l) => l.id).filter((id) => id !== ownersVideo.id && id !== collaboratorsVideo.id));
    expect(after.map((l) => l.position)).toEqual([0, 1, 2, 3]);
  });

  test("Accept YouTube / Accept TikTok: only owner and editor switch them, and adds from a switched-off platform are refused", async () => {
    await expectDenied(await patch(collaborator, `/api/v1/playlists/${pl.id}`, { accept_tiktok: false }), 403);
    await expectDenied(await patch(stranger, `/api/v1/playlists/${pl.id}`, { accept_tiktok: false }), 403);
    expect((await patch(owner, `/api/v1/playlists/${pl.id}`, { accept_tiktok: "no" })).status).toBe(422);
    expect((await snapshot(pl.id)).playlist).toEqual([{ title: "Matrix", accept_youtube: true, accept_tiktok: true }]);

    const res = await patch(editor, `/api/v1/playlists/${pl.id}`, { accept_tiktok: false });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ accept_youtube: true, accept_tiktok: false });
    const before = await snapshot(pl.id);
    const refused = await add(collaborator, pl.id, `https://www.tiktok.com/@u/video/${TT}`);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ detail: "This playlist does not accept TikTok links right now." });
    expect(await snapshot(pl.id)).toEqual(before);
    expect((await add(collaborator, pl.id, `https://youtu.be/${YT}`)).status).toBe(201);
    await patch(owner, `/api/v1/playlists/${pl.id}`, { accept_tiktok: true });
  });

  test("rename: owner and editor; collaborator and viewer 403; bad titles 422", async () => {
    await expectDenied(await patch(collaborator, `/api/v1/playlists/${pl.id}`, { title: "Hijacked" }), 403);
    await expectDenied(await patch(stranger, `/api/v1/playlists/${pl.id}`, { title: "Hijacked" }), 403);
    expect((await patch(owner, `/api/v1/playlists/${pl.id}`, { title: "y".repeat(101) })).status).toBe(422);
    expect((await patch(owner, `/api/v1/playlists/${pl.id}`, {})).status).toBe(422);
    expect((await snapshot(pl.id)).playlist[0]?.title).toBe("Matrix");
    expect(await json(await patch(editor, `/api/v1/playlists/${pl.id}`, { title: "Matrix Reloaded" }))).toMatchObject({ title: "Matrix Reloaded" });
  });

  test("Twitch settings: owner only; the OAuth token is stored encrypted and never sent back", async () => {
    const path = `/api/v1/playlists/${pl.id}/twitch`;
    for (const who of [collaborator, editor, stranger]) {
      await expectDenied(await who.get(path), 403);
      await expectDenied(await put(who, path, { channel: "evil" }), 403);
    }
    expect(await pg.query("select * from playlist_twitch")).toEqual([]);
    const idle = { replies_enabled: false, cooldown_seconds: 30, enabled: false, status: "disconnected", status_detail: null };
    expect(await json(await owner.get(path))).toEqual({ channel: null, bot_username: null, command_prefix: "!add", has_oauth_token: false, ...idle });

    const token = "oauth:abcdef1234567890secret";
    const saved = await put(owner, path, { channel: "#MyChannel", bot_username: "my_bot", command_prefix: "", oauth_token: token });
    expect(saved.status).toBe(200);
    const savedText = await saved.text();
    expect(savedText).not.toContain("abcdef1234567890");
    expect(JSON.parse(savedText)).toEqual({ channel: "mychannel", bot_username: "my_bot", command_prefix: "!add", has_oauth_token: true, ...idle });
    const [row] = await pg.query<{ oauth_token_encrypted: string }>("select oauth_token_encrypted from playlist_twitch");
    expect(row?.oauth_token_encrypted).toMatch(/^v1:/);
    expect(row?.oauth_token_encrypted).not.toContain("abcdef1234567890");
    expect(await (await owner.get(path)).text()).not.toContain("abcdef1234567890");
    expect(await (await owner.get(`/api/v1/playlists/${pl.id}`)).text()).not.toContain("abcdef1234567890");

    // Leaving the token out keeps it; null removes it; bad fields are refused and change nothing.
    expect(await json(await put(owner, path, { channel: "other", command_prefix: "!q" }))).toMatchObject({ channel: "other", command_prefix: "!q", has_oauth_token: true });
    expect((await put(owner, path, { channel: "no spaces allowed" })).status).toBe(422);
    expect((await put(owner, path, { command_prefix: "! add" })).status).toBe(422);
    expect((await put(owner, path, { channel: "other", cooldown_seconds: -1 })).status).toBe(422);
    expect((await put(owner, path, { channel: "other", replies_enabled: "yes" })).status).toBe(422);
    expect(await json(await put(owner, path, { channel: "other", command_prefix: "!q", replies_enabled: true, cooldown_seconds: 0 }))).toMatchObject({ replies_enabled: true, cooldown_seconds: 0 });
    expect(await json(await owner.get(path))).toMatchObject({ channel: "other", has_oauth_token: true });
    expect(await json(await put(owner, path, { channel: "other", oauth_token: null }))).toMatchObject({ has_oauth_token: false });
    expect(app.output()).not.toContain("abcdef1234567890");
  });

  test("delete: editor and collaborator 403 (nothing deleted); the owner deletes everything", async () => {
    await expectDenied(await del(editor, `/api/v1/playlists/${pl.id}`), 403);
    await expectDenied(await del(collaborator, `/api/v1/playlists/${pl.id}`), 403);
    expect((await snapshot(pl.id)).playlist).toHaveLength(1);
    expect((await del(owner, `/api/v1/playlists/${pl.id}`)).status).toBe(204);
    expect((await owner.get(`/api/v1/playlists/${pl.id}`)).status).toBe(404);
    expect(await pg.query("select id from playlist_link where playlist_id = $1", [pl.id])).toEqual([]);
    expect(await pg.query("select * from playlist_member where playlist_id = $1", [pl.id])).toEqual([]);
    expect((await del(owner, `/api/v1/playlists/${pl.id}`)).status).toBe(404);
  });
});

describe("consistency under concurrent edits and limits", () => {
  test("twenty adds at once take twenty distinct positions", async () => {
    const pl = await create(owner, "Concurrent adds");
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => add(owner, pl.id, `https://youtu.be/${YT}?t=${i + 1}`)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const positions = (await snapshot(pl.id)).links.map((l) => l.position);
    expect(positions).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  test("moves and removals at once leave a gap-free order with every surviving video once", async () => {
    const pl = await create(owner, "Concurrent moves");
    for (let i = 0; i < 10; i += 1) await add(owner, pl.id, `https://youtu.be/${YT}?t=${i + 1}`);
    const ids = (await snapshot(pl.id)).links.map((l) => l.id as string);
    await Promise.all([
      ...ids.slice(0, 6).map((id, i) => patch(owner, `/api/v1/playlists/${pl.id}/links/${id}`, { position: 9 - i })),
      del(owner, `/api/v1/playlists/${pl.id}/links/${ids[8]}`),
      del(owner, `/api/v1/playlists/${pl.id}/links/${ids[9]}`),
    ]);
    const after = (await snapshot(pl.id)).links;
    expect(after.map((l) => l.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(new Set(after.map((l) => l.id))).toEqual(new Set(ids.slice(0, 8)));
  });

  test("a playlist holds at most 500 videos: the 501st is a 409 with a detail", async () => {
    const pl = await create(owner, "Full");
    await pg.query(
      `insert into playlist_link (id, playlist_id, url, position) select 'full-' || g, $1, 'https://youtu.be/${YT}', g from generate_series(0, 498) g`,
      [pl.id],
    );
    expect((await add(owner, pl.id, `https://youtu.be/${YT}`)).status).toBe(201);
    const res = await add(owner, pl.id, `https://youtu.be/${YT}`);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ detail: "This playlist is full (500 videos). Remove a video before adding another." });
    expect(await pg.query("select count(*)::int as n from playlist_link where playlist_id = $1", [pl.id])).toEqual([{ n: 500 }]);
  });
});
