/**
 * Twitch info on the profile (GET /api/v1/users/me/twitch) through the server-side Twitch client,
 * against the stand-in's Helix API: live and offline channels, a channel Twitch does not know, the
 * cache, and Twitch being down. Runs on PostgreSQL so a test can set a Twitch username directly.
 */
import { Client, startApp, type RunningApp } from "./helpers/app";
import { createTestDatabase, type TestDatabase } from "./helpers/postgres";
import { betterAuthProviderFlow, startStandIn, type StandIn } from "../support/stand-in";

jest.setTimeout(120_000);

let standIn: StandIn;
let db: TestDatabase;
let app: RunningApp;
let n = 0;

beforeAll(async () => {
  standIn = await startStandIn();
  db = await createTestDatabase("vp_twitch");
  // A long cache makes the cache test independent of how fast the machine is.
  app = await startApp({ env: { ...standIn.env, DATABASE_URL: db.url, VP_TWITCH_CACHE_SECONDS: "3600" } });
});
afterAll(async () => {
  await app?.stop();
  await db?.drop();
  await standIn?.stop();
});

/** A Twitch user who signs in to the app; returns their client and Twitch login. */
async function streamer(live: boolean) {
  n += 1;
  const id = `tw-${process.pid.toString(36)}-${n}`;
  const login = `streamer_${process.pid.toString(36)}_${n}`;
  await standIn.control("accounts", { id, claims: { preferred_username: login.toUpperCase(), picture: `https://img.test/${login}.png` } });
  await standIn.control("twitch/stream", { login, live });
  const client = new Client(app.baseUrl);
  await betterAuthProviderFlow(client, { path: "/api/auth/sign-in/social", provider: "twitch" }, { kind: "login", account: id });
  return { client, id, login };
}

const twitchInfo = (client: Client) => client.get("/api/v1/users/me/twitch");
const stats = async () => (await standIn.control("twitch/stats")) as { helixRequests: number; tokenRequests: number };

test("a live channel: display name, image, Live, user id and a player embedded for this host", async () => {
  const { client, id, login } = await streamer(true);
  const res = await twitchInfo(client);
  expect(res.status).toBe(200);
  const body = (await res.json()) as Record<string, unknown>;
  expect(body).toEqual({
    login,
    displayName: login.toUpperCase(),
    profileImageUrl: `https://img.test/${login}.png`,
    isLive: true,
    userId: id,
    embedUrl: `https://player.twitch.tv/?channel=${login}&parent=localhost&muted=true`,
  });
  // The app's Twitch credentials stay on the server.
  expect(JSON.stringify(body)).not.toContain(standIn.env.TWITCH_CLIENT_ID);
});

test("an offline channel: Offline and no player", async () => {
  const { client } = await streamer(false);
  expect(await (await twitchInfo(client)).json()).toMatchObject({ isLive: false, embedUrl: null });
});

test("answers are cached: a channel that goes live still shows Offline within the cache time, with no new Twitch calls", async () => {
  const { client, login } = await streamer(false);
  expect(await (await twitchInfo(client)).json()).toMatchObject({ isLive: false });
  const before = await stats();
  await standIn.control("twitch/stream", { login, live: true });
  expect(await (await twitchInfo(client)).json()).toMatchObject({ isLive: false });
  expect((await stats()).helixRequests).toBe(before.helixRequests);
});

test("Twitch down: 503 'Twitch info unavailable'; back up: the info (failures are not cached)", async () => {
  const { client } = await streamer(true);
  await standIn.control("twitch/down", { down: true });
  try {
    const res = await twitchInfo(client);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ detail: "Twitch info unavailable", code: "service_unavailable" });
  } finally {
    await standIn.control("twitch/down", { down: false });
  }
  const res = await twitchInfo(client);
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ isLive: true });
});

test("no Twitch username, or one Twitch does not know: 404 'No Twitch info found.'", async () => {
  const client = new Client(app.baseUrl);
  await client.signUp(`plain_${process.pid.toString(36)}`);
  const none = await twitchInfo(client);
  expect(none.status).toBe(404);
  expect(await none.json()).toMatchObject({ detail: "No Twitch info found." });

  const me = (await (await client.get("/api/v1/users/me")).json()) as { id: string };
  await db.query(`update "user" set twitch_username = 'nobody_on_twitch' where id = $1`, [me.id]);
  const unknown = await twitchInfo(client);
  expect(unknown.status).toBe(404);
  expect(await unknown.json()).toMatchObject({ detail: "No Twitch info found." });
});

test("signed-out callers get 401", async () => {
  const res = await fetch(`${app.baseUrl}/api/v1/users/me/twitch`);
  expect(res.status).toBe(401);
  expect(await res.json()).toHaveProperty("detail");
});
