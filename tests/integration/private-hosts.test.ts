/**
 * A private profile stays private in every public party list: its parties are listed, but without
 * the host's username, display name or user id (`host_private: true` instead), in the live list,
 * its deltas stream, a public live party's page, the scheduled-party list, one scheduled party, and
 * the RSVP'd list of someone who RSVP'd. The host still sees their own name; public hosts are unchanged.
 * The lists show a public host's picture (host_image_url) and never a private host's.
 */
import { Client, startApp, uniqueName, type RunningApp } from "./helpers/app";
import type { Ev } from "./helpers/party";
import { SseClient } from "./helpers/sse";

jest.setTimeout(120_000);

type Json = Record<string, unknown>;

let app: RunningApp;
let secret: Client;
let open: Client;
let fan: Client;
let anon: Client;
let secretName: string;
let secretId: string;
let openName: string;
const streams: SseClient<Ev>[] = [];

const json = async <T = Json>(res: Response | Promise<Response>) => (await (await res).json()) as T;
const setPrivate = async (client: Client, value: boolean) =>
  expect((await client.request("PATCH", "/api/v1/users/me", { profile_private: value })).status).toBe(200);

/** Nothing in a payload names the private host or carries their user id. */
function expectNoTraceOfSecretHost(payload: unknown) {
  const text = JSON.stringify(payload).toLowerCase();
  expect(text).not.toContain(secretName.toLowerCase());
  expect(text).not.toContain(secretId.toLowerCase());
}

const HIDDEN_HOST_NAMES = { host_private: true, host_username: null, host_display_name: null };
const HIDDEN_LIVE_HOST = { ...HIDDEN_HOST_NAMES, host_image_url: null };
const pictureOf = (name: string) => `https://images.example.test/${name}.png`;
const signUpWithPicture = (client: Client, username: string) =>
  client.post("/api/auth/sign-up/email", { email: `${username}@example.test`, password: "correct-horse-battery", name: username, username, image: pictureOf(username) });
const HIDDEN_SCHEDULED_HOST = { ...HIDDEN_LIVE_HOST, host_id: null, host: { username: null, display_name: null } };

beforeAll(async () => {
  // The host never opens the party's stream, so after the grace the list announces AWAITING_RECONNECT with the party.
  app = await startApp({ env: { VP_HOST_GRACE_MS: "800" } });
  [secret, open, fan, anon] = [new Client(app.baseUrl), new Client(app.baseUrl), new Client(app.baseUrl), new Client(app.baseUrl)];
  secretName = uniqueName("secret");
  openName = uniqueName("open");
  expect((await signUpWithPicture(secret, secretName)).status).toBe(200);
  expect((await signUpWithPicture(open, openName)).status).toBe(200);
  expect((await fan.signUp(uniqueName("fan"))).status).toBe(200);
  secretId = (await json<{ id: string }>(secret.get("/api/v1/users/me"))).id;
  await setPrivate(secret, true);
});

afterAll(async () => {
  for (const s of streams) s.close();
  await app?.stop();
});

test("live parties: the list, its deltas and the party page show a private host's party without the host", async () => {
  const deltas = await SseClient.open<Ev>(`${app.baseUrl}/api/v1/parties/active/deltas`);
  streams.push(deltas);
  const mine = await json<Json>(secret.post("/api/v1/parties", { video_url: "https://www.netflix.com/watch/80100172", video_title: "Heat" }));
  const theirs = await json<Json>(open.post("/api/v1/parties", { video_url: "https://www.youtube.com/watch?v=abc", video_title: "Trailer" }));
  // The host's own answer still names them.
  expect(mine).toMatchObject({ host_display_name: secretName, host_private: false, role: "host" });

  const about = (id: unknown, type: string) => (e: Ev) => e.type === type && (e.payload as { id: string }).id === id;
  const created = (await deltas.waitFor(about(mine.id, "PARTY_CREATED"))).data;
  expect((created.payload as { party: Json }).party).toMatchObject({ ...HIDDEN_LIVE_HOST, video_title: "Heat" });
  expectNoTraceOfSecretHost(created);
  const away = (await deltas.waitFor(about(mine.id, "PARTY_STATE"))).data;
  expect(away.payload).toMatchObject({ state: "AWAITING_RECONNECT", party: { ...HIDDEN_LIVE_HOST, video_title: "Heat" } });
  expectNoTraceOfSecretHost(away);
  const theirsCreated = (await deltas.waitFor(about(theirs.id, "PARTY_CREATED"))).data;
  expect((theirsCreated.payload as { party: Json }).party).toMatchObject({ host_private: false, host_username: openName, host_display_name: openName, host_image_url: pictureOf(openName) });

  // The full list and the site's field selection.
  for (const path of ["/api/v1/parties/active", "/api/v1/parties/active?fields=id,host_display_name,host_username,host_private,host_image_url,video_title&limit=100"]) {
    const list = await json<Json[]>(anon.get(path));
    expect(list.find((p) => p.id === mine.id)).toMatchObject({ ...HIDDEN_LIVE_HOST, video_title: "Heat" });
    expect(list.find((p) => p.id === theirs.id)).toMatchObject({ host_private: false, host_username: openName, host_image_url: pictureOf(openName) });
    expectNoTraceOfSecretHost(list);
  }

  // A public party's page, for someone who has not joined it (signed in or not).
  for (const viewer of [anon, fan]) {
    const detail = await json<Json>(viewer.get(`/api/v1/parties/${String(mine.id)}`));
    expect(detail).toMatchObject({ ...HIDDEN_LIVE_HOST, role: null });
    expectNoTraceOfSecretHost(detail);
  }

  // Making the profile public again shows the name again.
  await setPrivate(secret, false);
  const listed = (await json<Json[]>(anon.get("/api/v1/parties/active"))).find((p) => p.id === mine.id);
  expect(listed).toMatchObject({ host_private: false, host_username: secretName, host_display_name: secretName, host_image_url: pictureOf(secretName) });
  await setPrivate(secret, true);
});

test("scheduled parties: the list, one party and an RSVP'd list hide a private host; the host still sees their own", async () => {
  const res = await secret.post("/api/v1/scheduled-parties", { title: "Secret screening", date_time: "2031-03-14T20:00:00.000Z", show_movie: "Netflix" });
  expect(res.status).toBe(201);
  const party = await json<Json>(res);
  expect(party).toMatchObject({ host_id: secretId, host_username: secretName, host_private: false });
  expect((await open.post("/api/v1/scheduled-parties", { title: "Open screening", date_time: "2031-03-15T20:00:00.000Z", show_movie: "YouTube" })).status).toBe(201);

  for (const viewer of [anon, fan]) {
    const list = await json<Json[]>(viewer.get("/api/v1/scheduled-parties"));
    expect(list.find((p) => p.id === party.id)).toMatchObject({ ...HIDDEN_SCHEDULED_HOST, title: "Secret screening" });
    expect(list.find((p) => p.title === "Open screening")).toMatchObject({ host_private: false, host_username: openName, host_image_url: pictureOf(openName), host: { username: openName } });
    expectNoTraceOfSecretHost(list);
    const one = await json<Json>(viewer.get(`/api/v1/scheduled-parties/${String(party.id)}`));
    expect(one).toMatchObject(HIDDEN_SCHEDULED_HOST);
    expectNoTraceOfSecretHost(one);
  }

  // Someone who RSVP'd sees the party in their list, still without the host.
  expect((await fan.post(`/api/v1/scheduled-parties/${String(party.id)}/rsvp`)).status).toBe(201);
  const joined = await json<Json[]>(fan.get("/api/v1/scheduled-parties/me/joined"));
  expect(joined.find((r) => r.scheduled_party_id === party.id)).toMatchObject(HIDDEN_HOST_NAMES);
  expectNoTraceOfSecretHost(joined);

  // The host's own views keep their name (and the id that marks the party as theirs).
  const own = (await json<Json[]>(secret.get("/api/v1/scheduled-parties"))).find((p) => p.id === party.id);
  expect(own).toMatchObject({ host_private: false, host_id: secretId, host_username: secretName, host_display_name: secretName });
  expect(await json<Json[]>(secret.get("/api/v1/scheduled-parties/me"))).toEqual([expect.objectContaining({ id: party.id, host_id: secretId })]);
  expect((await anon.get(`/api/v1/scheduled-parties/host/${secretId}`)).status).toBe(404);
});
