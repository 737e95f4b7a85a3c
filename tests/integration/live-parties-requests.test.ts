/**
 * Track requests and music mode against the real app: any member requests a track by link (checked
 * like the queue's links, rate limited per member, a bounded list), everyone sees the list live, the
 * host accepts a request (it plays next, ahead of the queue) or dismisses it; anyone else is refused
 * with 403 and nothing changes; a full list and an ended party are 409s.
 */
import { startApp, type RunningApp } from "./helpers/app";
import { api, command, createParty, guestToken, joinAndOpen, type Ev } from "./helpers/party";
import { SseClient } from "./helpers/sse";

jest.setTimeout(120_000);

let app: RunningApp;
const streams: SseClient<Ev>[] = [];

interface Request {
  id: string;
  url: string;
  title: string;
  requestedBy: { userId: string; displayName: string };
  at: number;
}
interface Queue {
  items: { id: string; url: string; title: string }[];
  settings: Record<string, unknown>;
  requests: Request[];
}

async function stream(partyId: string, token: string) {
  const s = await joinAndOpen(app.baseUrl, partyId, token);
  streams.push(s);
  await s.waitFor((e) => e.type === "snapshot");
  return s;
}

/** A party on a YouTube video (its queue takes YouTube and TikTok links only), with joined guests. */
async function roomParty(hostName: string, ...guestNames: string[]) {
  const host = await guestToken(app.baseUrl, hostName);
  const party = await createParty(app.baseUrl, host, { video_url: "https://www.youtube.com/watch?v=openingTrk1", video_title: "Opening track" });
  const guests: string[] = [];
  for (const name of guestNames) {
    const token = await guestToken(app.baseUrl, name);
    expect((await api(app.baseUrl, "POST", `/api/v1/parties/${party.id}/join`, token)).status).toBe(200);
    guests.push(token);
  }
  return { host, partyId: party.id, guests };
}

async function queueOf(partyId: string, token: string): Promise<Queue> {
  return (await (await api(app.baseUrl, "GET", `/api/v1/parties/${partyId}/queue`, token)).json()) as Queue;
}

async function requestTrack(partyId: string, token: string, url: string, title?: string) {
  const res = await command(app.baseUrl, partyId, token, { type: "request.add", url, ...(title ? { title } : {}) });
  return { status: res.status, headers: res.headers, body: (await res.json()) as { detail?: string; queue?: Queue } };
}

const youtube = (n: number) => `https://youtu.be/req${String(n).padStart(8, "0")}`;

beforeAll(async () => {
  app = await startApp();
});
afterEach(() => {
  for (const s of streams.splice(0)) s.close();
});
afterAll(async () => {
  await app?.stop();
});

test("a guest requests a track; everyone sees it live; the host accepts it and it plays next", async () => {
  const { host, partyId, guests } = await roomParty("DJ Host", "Ann", "Ben");
  const [ann, ben] = guests as [string, string];
  const queued = await api(app.baseUrl, "POST", `/api/v1/parties/${partyId}/queue`, host, { items: [{ url: "https://youtu.be/queuedTrk01", title: "Queued track" }] });
  expect(queued.status).toBe(201);
  const benStream = await stream(partyId, ben);

  const requested = await requestTrack(partyId, ann, "https://www.youtube.com/shorts/annsWish001", "Ann's wish");
  expect(requested.status).toBe(200);
  const [request] = requested.body.queue!.requests;
  expect(request).toMatchObject({ url: "https://www.youtube.com/watch?v=annsWish001", title: "Ann's wish", requestedBy: { displayName: "Ann" } });
  // Another member sees the request arrive.
  await benStream.waitFor((e) => e.type === "queue" && (e.queue as Queue).requests.some((r) => r.id === request!.id));

  // Links are checked like the queue's, with the same messages; a refused link changes nothing.
  const vimeo = await requestTrack(partyId, ann, "https://vimeo.com/76979871");
  expect(vimeo).toMatchObject({ status: 422, body: { detail: "Only YouTube and TikTok video links can be queued in this party." } });
  const short = await requestTrack(partyId, ann, "https://vm.tiktok.com/ZMabc123/");
  expect(short.status).toBe(422);
  expect(short.body.detail).toMatch(/^TikTok short links can't be played here/);
  const again = await requestTrack(partyId, ben, "https://youtu.be/annsWish001");
  expect(again).toMatchObject({ status: 409, body: { detail: "That track has already been requested." } });
  expect((await queueOf(partyId, host)).requests.map((r) => r.id)).toEqual([request!.id]);

  // The host accepts: it goes to the front of the queue, ahead of what was queued, and leaves the list.
  const accepted = await command(app.baseUrl, partyId, host, { type: "request.accept", requestId: request!.id });
  expect(accepted.status).toBe(200);
  const afterAccept = ((await accepted.json()) as { queue: Queue }).queue;
  expect(afterAccept.items.map((i) => i.title)).toEqual(["Ann's wish", "Queued track"]);
  expect(afterAccept.requests).toEqual([]);
  await benStream.waitFor((e) => e.type === "queue" && (e.queue as Queue).items[0]?.title === "Ann's wish");

  // The next item (the host presses next, or the marathon when the track ends) is the accepted request.
  const current = benStream.events[0]!.data.party as { media: { id: string } };
  expect((await command(app.baseUrl, partyId, host, { type: "queue.next", fromMediaId: current.media.id })).status).toBe(200);
  const media = await benStream.waitFor((e) => e.type === "party" && (e.party as { media: { title: string } }).media.title === "Ann's wish");
  expect((media.data.party as { media: { url: string } }).media.url).toBe("https://www.youtube.com/watch?v=annsWish001");
  expect((await queueOf(partyId, ann)).items.map((i) => i.title)).toEqual(["Queued track"]);
});

test("only the host accepts or dismisses (403, nothing changed); non-members cannot request; dismiss removes one", async () => {
  const { host, partyId, guests } = await roomParty("DJ Two", "Cleo", "Dan");
  const [cleo, dan] = guests as [string, string];
  const first = await requestTrack(partyId, cleo, youtube(1), "First wish");
  const second = await requestTrack(partyId, dan, youtube(2));
  const [a, b] = second.body.queue!.requests;
  expect(b!.title).toBe("YouTube video req00000002");
  const before = await queueOf(partyId, host);
  expect(before.requests.map((r) => r.id)).toEqual([a!.id, b!.id]);
  expect(first.status).toBe(200);

  for (const token of [cleo, dan]) {
    for (const type of ["request.accept", "request.dismiss"]) {
      const res = await command(app.baseUrl, partyId, token, { type, requestId: a!.id });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ detail: "Only the host can accept or dismiss requests.", code: "host_only" });
    }
  }
  // A member cannot switch music mode either (a queue setting).
  const toggle = await command(app.baseUrl, partyId, cleo, { type: "queue.settings", settings: { musicMode: true } });
  expect(toggle.status).toBe(403);
  const stranger = await guestToken(app.baseUrl, "Stranger");
  const outside = await requestTrack(partyId, stranger, youtube(3));
  expect(outside).toMatchObject({ status: 403, body: { detail: "Join the party before sending to it." } });
  expect((await api(app.baseUrl, "POST", `/api/v1/parties/${partyId}/commands`, null, { v: 1, type: "request.add", url: youtube(3) })).status).toBe(401);
  expect(await queueOf(partyId, host)).toEqual(before);

  const dismissed = await command(app.baseUrl, partyId, host, { type: "request.dismiss", requestId: a!.id });
  expect(dismissed.status).toBe(200);
  const after = ((await dismissed.json()) as { queue: Queue }).queue;
  expect(after.requests.map((r) => r.id)).toEqual([b!.id]);
  expect(after.items).toEqual([]);
  const gone = await command(app.baseUrl, partyId, host, { type: "request.accept", requestId: a!.id });
  expect(gone.status).toBe(404);
  expect(await gone.json()).toMatchObject({ detail: "That request is no longer pending." });
  expect((await command(app.baseUrl, partyId, host, { type: "request.dismiss", requestId: "" })).status).toBe(422);
});

test("requests are rate limited per member: the sixth in a minute is 429 with a clear message", async () => {
  const { partyId, guests } = await roomParty("DJ Three", "Eve", "Fay");
  const [eve, fay] = guests as [string, string];
  for (let i = 0; i < 5; i++) expect((await requestTrack(partyId, eve, youtube(10 + i))).status).toBe(200);
  const sixth = await requestTrack(partyId, eve, youtube(20));
  expect(sixth.status).toBe(429);
  expect(sixth.body).toMatchObject({ detail: "You can request up to 5 tracks a minute. Please wait a moment before requesting another." });
  expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(0);
  // A refused link does not use up the budget, and another member has a budget of their own.
  expect((await requestTrack(partyId, fay, "https://vimeo.com/1")).status).toBe(422);
  expect((await requestTrack(partyId, fay, youtube(21))).status).toBe(200);
  expect((await queueOf(partyId, fay)).requests.map((r) => r.url)).not.toContain("https://www.youtube.com/watch?v=req00000020");
});

test("a full request list is 409; music mode is the host's setting, kept when other settings change", async () => {
  const names = Array.from({ length: 11 }, (_, i) => `Fan ${i + 1}`);
  const { host, partyId, guests } = await roomParty("DJ Four", ...names);
  // Ten members with five requests each fill the list (50).
  for (const [g, token] of guests.slice(0, 10).entries()) {
    for (let i = 0; i < 5; i++) expect((await requestTrack(partyId, token, youtube(100 + g * 5 + i))).status).toBe(200);
  }
  const full = await requestTrack(partyId, guests[10]!, youtube(999));
  expect(full).toMatchObject({ status: 409, body: { detail: "The request list is full (50 pending). Try again once the host has gone through it." } });
  expect((await queueOf(partyId, host)).requests).toHaveLength(50);

  const guestStream = await stream(partyId, guests[0]!);
  expect((await command(app.baseUrl, partyId, host, { type: "queue.settings", settings: { musicMode: true } })).status).toBe(200);
  await guestStream.waitFor((e) => e.type === "queue" && (e.queue as Queue).settings.musicMode === true);
  const other = await command(app.baseUrl, partyId, host, { type: "queue.settings", settings: { autoplayTiktok: false } });
  expect(((await other.json()) as { queue: Queue }).queue.settings).toMatchObject({ musicMode: true, autoplayTiktok: false });
  // A late joiner's snapshot carries music mode and the requests.
  const late = await stream(partyId, guests[10]!);
  expect(late.events[0]!.data).toMatchObject({ type: "snapshot", queue: { settings: { musicMode: true } } });
  expect((late.events[0]!.data.queue as Queue).requests).toHaveLength(50);
});

test("an ended party takes no requests and no answers to them (409)", async () => {
  const { host, partyId, guests } = await roomParty("DJ Five", "Gus");
  const made = await requestTrack(partyId, guests[0]!, youtube(500));
  const requestId = made.body.queue!.requests[0]!.id;
  expect((await api(app.baseUrl, "DELETE", `/api/v1/parties/${partyId}`, host)).status).toBe(204);
  const late = await requestTrack(partyId, guests[0]!, youtube(501));
  expect(late).toMatchObject({ status: 409, body: { detail: "This party has ended." } });
  const accept = await command(app.baseUrl, partyId, host, { type: "request.accept", requestId });
  expect(accept.status).toBe(409);
  expect(await accept.json()).toMatchObject({ detail: "This party has ended." });
});
