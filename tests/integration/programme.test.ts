/**
 * Programmes over HTTP against the real app: a playlist played in a party (loaded into the queue of
 * the live party you host, or started as a new watch party), and a scheduled party's programme edited
 * by its host and started as a live party, which the people who RSVP'd then see as live. The
 * authorization matrix (owner / other user / anonymous), all or nothing, starting twice.
 */
import { Client, startApp, uniqueName, type RunningApp } from "./helpers/app";

jest.setTimeout(180_000);

let app: RunningApp;
let owner: Client;
let other: Client;
let third: Client;
let anon: Client;

const FUTURE = "2031-03-14T20:00:00.000Z";
const SCHEDULED = "/api/v1/scheduled-parties";
const YT = (id: string) => `https://www.youtube.com/watch?v=${id}`;

interface QueueBody {
  items: { url: string; title: string }[];
}
interface ScheduledBody {
  id: string;
  programme: { url: string; title: string }[];
  live: { party_id: string; join_id: string } | null;
}
interface CurrentBody {
  current_party: { id: string; party_role: string } | null;
  rsvp_party?: { id: string; join_id: string; scheduled_party_id: string; title: string; video_title: string };
}

async function json<T>(res: Response | Promise<Response>): Promise<T> {
  return (await (await res).json()) as T;
}

async function signedIn(prefix: string): Promise<Client> {
  const client = new Client(app.baseUrl);
  expect((await client.signUp(uniqueName(prefix))).status).toBe(200);
  return client;
}

async function playlistWith(client: Client, urls: string[]): Promise<string> {
  const created = await client.post("/api/v1/playlists", { title: "Programme test" });
  expect(created.status).toBe(201);
  const { id } = await json<{ id: string }>(created);
  for (const [i, url] of urls.entries()) {
    const res = await client.post(`/api/v1/playlists/${id}/links`, { url, title: `Video ${i + 1}` });
    expect(res.status).toBe(201);
  }
  return id;
}

async function hostLiveParty(client: Client, videoUrl = YT("hostedParty")): Promise<string> {
  const res = await client.post("/api/v1/parties", { video_url: videoUrl, video_title: "Hosted" });
  expect(res.status).toBe(201);
  return (await json<{ id: string }>(res)).id;
}

const queueOf = async (client: Client, partyId: string) => (await json<QueueBody>(client.get(`/api/v1/parties/${partyId}/queue`))).items;
const current = (client: Client) => json<CurrentBody>(client.get("/api/v1/users/me/current-party"));
const leave = async (client: Client) => expect((await client.request("DELETE", "/api/v1/users/me/leave-party")).status).toBe(204);

async function scheduledParty(client: Client, overrides: Record<string, unknown> = {}): Promise<ScheduledBody & { invite_code: string | null }> {
  const res = await client.post(SCHEDULED, { title: "Friday marathon", date_time: FUTURE, show_movie: "YouTube", ...overrides });
  expect(res.status).toBe(201);
  return json(res);
}

beforeAll(async () => {
  app = await startApp();
  anon = new Client(app.baseUrl);
  [owner, other, third] = [await signedIn("prg_owner"), await signedIn("prg_other"), await signedIn("prg_third")];
});

afterAll(async () => {
  await app?.stop();
});

describe("playing a playlist in a party", () => {
  test("anonymous callers, unknown playlists, bad bodies and empty playlists are refused", async () => {
    const id = await playlistWith(owner, [YT("aaaaaaaaaa1")]);
    expect((await anon.post(`/api/v1/playlists/${id}/play`, { mode: "queue" })).status).toBe(401);
    const unknown = await owner.post("/api/v1/playlists/doesNotExist123/play", { mode: "start" });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ detail: "Playlist not found" });
    const bad = await owner.post(`/api/v1/playlists/${id}/play`, { mode: "shuffle" });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { detail: string }).detail).toContain("mode must be queue or start.");
    const empty = await playlistWith(owner, []);
    const res = await owner.post(`/api/v1/playlists/${empty}/play`, { mode: "start" });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ detail: "This playlist has no videos to play yet." });
    expect((await current(owner)).current_party).toBeNull();
  });

  test("queue: all of the playlist into the caller's own party, in order; refused without a party, with a bad link, or when full", async () => {
    const id = await playlistWith(owner, [YT("aaaaaaaaaa1"), "https://youtu.be/aaaaaaaaaa2", "https://www.tiktok.com/@someone/video/7300000000000000003"]);
    // Another user may play the playlist, but only into a party they host.
    const notHosting = await other.post(`/api/v1/playlists/${id}/play`, { mode: "queue" });
    expect(notHosting.status).toBe(409);
    expect(await notHosting.json()).toMatchObject({ detail: "You are not hosting a live party. Start a watch party from this playlist instead." });

    const partyId = await hostLiveParty(other);
    const loaded = await other.post(`/api/v1/playlists/${id}/play`, { mode: "queue" });
    expect(loaded.status).toBe(200);
    expect(await loaded.json()).toEqual({ mode: "queue", party_id: partyId, videos: 3, message: "Loaded 3 videos into your party's queue." });
    expect((await queueOf(other, partyId)).map((i) => [i.url, i.title])).toEqual([
      [YT("aaaaaaaaaa1"), "Video 1"],
      [YT("aaaaaaaaaa2"), "Video 2"],
      ["https://www.tiktok.com/player/v1/7300000000000000003", "Video 3"],
    ]);
    // A short link the room cannot play rejects the whole playlist; the queue is as it was.
    const withShort = await playlistWith(owner, [YT("bbbbbbbbbb1"), "https://vm.tiktok.com/ZMabc123/"]);
    const refused = await other.post(`/api/v1/playlists/${withShort}/play`, { mode: "queue" });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(/^Item 2: TikTok short links can't be played here/);
    expect(await queueOf(other, partyId)).toHaveLength(3);
    // 96 more fill the queue to 99: three more do not fit, and none is added.
    const filler = Array.from({ length: 96 }, (_, i) => ({ url: YT(`fill${String(i).padStart(7, "0")}`) }));
    expect((await other.post(`/api/v1/parties/${partyId}/queue`, { items: filler })).status).toBe(201);
    const full = await other.post(`/api/v1/playlists/${id}/play`, { mode: "queue" });
    expect(full.status).toBe(409);
    expect(await full.json()).toMatchObject({ detail: "The queue has room for 1 more item (at most 100)." });
    expect(await queueOf(other, partyId)).toHaveLength(99);
    await leave(other);
  });

  test("start: a watch party on the first video with the rest queued; not while hosting; nothing started on a bad link", async () => {
    const id = await playlistWith(owner, [YT("cccccccccc1"), YT("cccccccccc2"), YT("cccccccccc3")]);
    const bad = await playlistWith(owner, [YT("dddddddddd1"), "https://vm.tiktok.com/ZMabc123/"]);
    const refused = await third.post(`/api/v1/playlists/${bad}/play`, { mode: "start" });
    expect(refused.status).toBe(422);
    expect((await current(third)).current_party).toBeNull();

    const started = await third.post(`/api/v1/playlists/${id}/play`, { mode: "start", visibility: "private" });
    expect(started.status).toBe(201);
    const body = await json<{ party_id: string; videos: number; message: string }>(started);
    expect(body).toMatchObject({ videos: 3, message: "Started a watch party with 3 videos." });
    const detail = await json<{ host_video_url: string; video_title: string; visibility: string; role: string }>(third.post(`/api/v1/parties/${body.party_id}/join`));
    expect(detail).toMatchObject({ host_video_url: YT("cccccccccc1"), video_title: "Video 1", visibility: "private", role: "host" });
    expect((await queueOf(third, body.party_id)).map((i) => i.url)).toEqual([YT("cccccccccc2"), YT("cccccccccc3")]);

    const again = await third.post(`/api/v1/playlists/${id}/play`, { mode: "start" });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ detail: "You are already hosting a live party: load the playlist into its queue instead." });
    expect((await current(third)).current_party).toMatchObject({ id: body.party_id, party_role: "host" });
    await leave(third);
  });
});

describe("a scheduled party's programme", () => {
  test("only the host edits it (403 for others, 401 anonymous, nothing changed); links checked as the party's queue will; everyone sees it", async () => {
    const party = await scheduledParty(owner);
    const path = `${SCHEDULED}/${party.id}/programme`;
    const items = [{ url: "https://youtu.be/eeeeeeeeee1", title: "Opener" }, { url: "https://www.youtube.com/shorts/eeeeeeeeee2" }];
    expect((await anon.request("PUT", path, { items })).status).toBe(401);
    const denied = await other.request("PUT", path, { items });
    expect(denied.status).toBe(403);
    expect(await denied.json()).toMatchObject({ detail: "Only the host can change or delete this party." });
    expect((await json<ScheduledBody>(anon.get(`${SCHEDULED}/${party.id}`))).programme).toEqual([]);

    const saved = await owner.request("PUT", path, { items });
    expect(saved.status).toBe(200);
    const expected = [
      { url: YT("eeeeeeeeee1"), title: "Opener" },
      { url: YT("eeeeeeeeee2"), title: "YouTube video eeeeeeeeee2" },
    ];
    expect((await json<ScheduledBody>(saved)).programme).toEqual(expected);
    // Reordered and with one removed: the new list replaces the old.
    expect((await json<ScheduledBody>(owner.request("PUT", path, { items: [items[1], items[0]] }))).programme).toEqual([expected[1], expected[0]]);
    expect((await json<ScheduledBody>(owner.request("PUT", path, { items: [items[0]] }))).programme).toEqual([expected[0]]);

    // A watch-room programme takes only YouTube and TikTok; one bad link refuses the list.
    const vimeo = await owner.request("PUT", path, { items: [items[0], { url: "https://vimeo.com/1" }] });
    expect(vimeo.status).toBe(422);
    expect(await vimeo.json()).toMatchObject({ detail: "Item 2: Only YouTube and TikTok video links can be queued in this party." });
    for (const body of [{ items: [{ url: "javascript:alert(1)" }] }, { items: Array.from({ length: 101 }, () => items[0]) }, { items: "no" }, {}]) {
      expect((await owner.request("PUT", path, body)).status).toBe(422);
    }
    expect((await json<ScheduledBody>(other.get(`${SCHEDULED}/${party.id}`))).programme).toEqual([expected[0]]);

    // A programme that starts on another site (the extension's) takes any http(s) link.
    const netflix = await owner.request("PUT", path, { items: [{ url: "https://www.netflix.com/watch/80100172", title: "Heat" }, { url: "https://vimeo.com/1" }] });
    expect(netflix.status).toBe(200);
    expect((await owner.request("PUT", path, { items: [] })).status).toBe(200);
    expect((await json<ScheduledBody>(owner.get(`${SCHEDULED}/${party.id}`))).programme).toEqual([]);
  });

  test("start: host only, needs a programme, twice answers the same party, RSVP'd users see it live", async () => {
    const party = await scheduledParty(owner, { title: "Shorts night" });
    const start = `${SCHEDULED}/${party.id}/start`;
    expect((await other.post(`${SCHEDULED}/${party.id}/rsvp`)).status).toBe(201);

    const empty = await owner.post(start);
    expect(empty.status).toBe(422);
    expect(await empty.json()).toMatchObject({ detail: "Add at least one video to the programme before starting the party." });
    const items = ["ffffffffff1", "ffffffffff2", "ffffffffff3"].map((v, i) => ({ url: YT(v), title: `Short ${i + 1}` }));
    expect((await owner.request("PUT", `${SCHEDULED}/${party.id}/programme`, { items })).status).toBe(200);

    expect((await anon.post(start)).status).toBe(401);
    const denied = await other.post(start);
    expect(denied.status).toBe(403);
    expect((await current(other)).current_party).toBeNull();
    expect((await json<ScheduledBody>(other.get(`${SCHEDULED}/${party.id}`))).live).toBeNull();

    const first = await owner.post(start);
    expect(first.status).toBe(201);
    const { party: live, started } = await json<{ started: boolean; party: { id: string; host_video_url: string; role: string } }>(first);
    expect(started).toBe(true);
    expect(live).toMatchObject({ host_video_url: YT("ffffffffff1"), role: "host" });
    expect((await queueOf(owner, live.id)).map((i) => i.title)).toEqual(["Short 2", "Short 3"]);

    const second = await owner.post(start);
    expect(second.status).toBe(200);
    expect(await second.json()).toMatchObject({ started: false, party: { id: live.id } });
    expect((await queueOf(owner, live.id)).map((i) => i.title)).toEqual(["Short 2", "Short 3"]);

    // Everyone sees it live: the scheduled party, the public list, the RSVP'd user's Current Party.
    expect((await json<ScheduledBody>(anon.get(`${SCHEDULED}/${party.id}`))).live).toEqual({ party_id: live.id, join_id: live.id });
    const active = await json<{ id: string; synopsis: string }[]>(anon.get("/api/v1/parties/active"));
    expect(active.find((p) => p.id === live.id)).toMatchObject({ synopsis: "Shorts night" });
    const rsvped = await current(other);
    expect(rsvped.current_party).toBeNull();
    expect(rsvped.rsvp_party).toMatchObject({ id: live.id, join_id: live.id, scheduled_party_id: party.id, title: "Shorts night", video_title: "Short 1" });
    expect((await current(third)).rsvp_party).toBeUndefined();
    // Once joined, it is their current party (no longer offered separately).
    expect((await other.post(`/api/v1/parties/${live.id}/join`)).status).toBe(200);
    const joined = await current(other);
    expect(joined.current_party).toMatchObject({ id: live.id, party_role: "guest" });
    expect(joined.rsvp_party).toBeUndefined();
    await leave(other);

    // After the host ends it, it is not live any more; starting again begins a new live party.
    await leave(owner);
    expect((await json<ScheduledBody>(anon.get(`${SCHEDULED}/${party.id}`))).live).toBeNull();
    expect((await current(other)).rsvp_party).toBeUndefined();
    const restarted = await owner.post(start);
    expect(restarted.status).toBe(201);
    const next = (await json<{ party: { id: string } }>(restarted)).party;
    expect(next.id).not.toBe(live.id);
    expect((await current(other)).rsvp_party).toMatchObject({ id: next.id });
    await leave(owner);
  });

  test("starts sent at once make one live party: the others answer it or the one-party 409", async () => {
    const host = await signedIn("prg_burst");
    const party = await scheduledParty(host, { title: "Burst" });
    expect((await host.request("PUT", `${SCHEDULED}/${party.id}/programme`, { items: [{ url: YT("hhhhhhhhhh1") }, { url: YT("hhhhhhhhhh2") }] })).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const res = await host.post(`${SCHEDULED}/${party.id}/start`);
        return { status: res.status, body: (await res.json()) as { party?: { id: string }; detail?: string } };
      }),
    );
    const created = answers.filter((a) => a.status === 201);
    expect(created).toHaveLength(1);
    const liveId = created[0]!.body.party!.id;
    for (const other of answers.filter((a) => a.status !== 201)) {
      if (other.status === 200) expect(other.body.party!.id).toBe(liveId);
      else expect(other).toEqual({ status: 409, body: { detail: "You are already hosting a live party. End it before starting another.", code: "already_hosting" } });
    }
    expect((await json<ScheduledBody>(host.get(`${SCHEDULED}/${party.id}`))).live).toEqual({ party_id: liveId, join_id: liveId });
    expect((await queueOf(host, liveId)).map((i) => i.url)).toEqual([YT("hhhhhhhhhh2")]);
    expect((await current(host)).current_party).toMatchObject({ id: liveId, party_role: "host" });
    await leave(host);
  });

  test("a host already running another live party gets the one-party 409; a private party is joined by its invite code", async () => {
    const party = await scheduledParty(third, { privacy: "private", title: "Secret shorts" });
    expect((await third.request("PUT", `${SCHEDULED}/${party.id}/programme`, { items: [{ url: YT("gggggggggg1") }] })).status).toBe(200);
    expect((await other.post(`${SCHEDULED}/${party.id}/rsvp?code=${party.invite_code}`)).status).toBe(201);

    await hostLiveParty(third);
    const busy = await third.post(`${SCHEDULED}/${party.id}/start`);
    expect(busy.status).toBe(409);
    expect(await busy.json()).toMatchObject({ detail: "You are already hosting a live party. End it before starting another." });
    expect((await json<ScheduledBody>(third.get(`${SCHEDULED}/${party.id}`))).live).toBeNull();
    await leave(third);

    const started = await third.post(`${SCHEDULED}/${party.id}/start`);
    expect(started.status).toBe(201);
    const live = (await json<{ party: { id: string; invite_code: string; visibility: string } }>(started)).party;
    expect(live.visibility).toBe("private");
    // Not on the public list; the invitee is offered its invite code, which opens it.
    expect((await json<{ id: string }[]>(anon.get("/api/v1/parties/active"))).some((p) => p.id === live.id)).toBe(false);
    const offered = (await current(other)).rsvp_party!;
    expect(offered).toMatchObject({ id: live.id, join_id: live.invite_code });
    expect((await other.post(`/api/v1/parties/${offered.join_id}/join`)).status).toBe(200);
    // Someone who neither RSVP'd nor holds the code cannot see it or its live party.
    expect((await owner.get(`${SCHEDULED}/${party.id}`)).status).toBe(404);
    expect((await owner.post(`/api/v1/parties/${live.id}/join`)).status).toBe(404);
    await leave(other);
    await leave(third);
  });
});
