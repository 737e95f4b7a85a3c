/**
 * Profiles over HTTP against the real app: GET /users/{username} (privacy, per-network private
 * flags, never the e-mail) and PATCH /users/me (only your own; validation → 422 with the rule's
 * text, nothing changed).
 */
import { Client, startApp, uniqueName, type RunningApp } from "./helpers/app";

jest.setTimeout(120_000);

let app: RunningApp;
let alice: Client;
let bob: Client;
let anon: Client;
let aliceName: string;
let bobName: string;

type Json = Record<string, unknown>;
const json = async (res: Response | Promise<Response>) => (await (await res).json()) as Json;
const me = (client: Client) => json(client.get("/api/v1/users/me"));
const patch = (client: Client, body: unknown) => client.request("PATCH", "/api/v1/users/me", body);

beforeAll(async () => {
  app = await startApp();
  [alice, bob, anon] = [new Client(app.baseUrl), new Client(app.baseUrl), new Client(app.baseUrl)];
  aliceName = uniqueName("alice");
  bobName = uniqueName("bob");
  expect((await alice.signUp(aliceName)).status).toBe(200);
  expect((await bob.signUp(bobName)).status).toBe(200);
});

afterAll(async () => {
  await app?.stop();
});

test("a public profile answers anyone without the e-mail or the sign-in method", async () => {
  const res = await anon.get(`/api/v1/users/${aliceName}`);
  expect(res.status).toBe(200);
  const body = await json(res);
  expect(body).toMatchObject({ username: aliceName, display_name: aliceName, profile_private: false });
  expect(body).not.toHaveProperty("email");
  expect(body).not.toHaveProperty("provider_id");
  expect(JSON.stringify(body)).not.toContain("@example.test");
  expect((await anon.get("/api/v1/users/no_such_user_here")).status).toBe(404);
});

test("PATCH /users/me: anonymous → 401", async () => {
  expect((await patch(anon, { bio: "hi" })).status).toBe(401);
});

test("bio: at most 300 characters, refused with the spec's text and nothing changed", async () => {
  expect((await patch(alice, { bio: "Original bio" })).status).toBe(200);
  const res = await patch(alice, { bio: "x".repeat(301) });
  expect(res.status).toBe(422);
  expect((await json(res)).detail).toBe("Bio must be at most 300 characters.");
  expect((await me(alice)).bio).toBe("Original bio");
  const ok = await patch(alice, { bio: "y".repeat(300) });
  expect(ok.status).toBe(200);
  expect((await json(ok)).bio).toBe("y".repeat(300));
});

test.each([
  [{ accent_color: "red" }, /hex colour/],
  [{ text_color: "#12345" }, /hex colour/],
  [{ email: "stolen@example.test" }, /Unrecognized key/],
  [{ profile_private: "yes" }, /boolean/],
  [{ instagram_username: "a/b" }, /Instagram username/],
  [{ twitch_username: "x".repeat(26) }, /Twitch username/],
  [{}, /Nothing to update/],
])("invalid update %# → 422 with a detail, nothing changed", async (body, detail) => {
  const before = await me(alice);
  const res = await patch(alice, body);
  expect(res.status).toBe(422);
  expect((await json(res)).detail).toMatch(detail);
  expect(await me(alice)).toEqual(before);
});

test("colours are saved as lower-case hex", async () => {
  const res = await patch(alice, { accent_color: "#FF8800", text_color: "#abc" });
  expect(res.status).toBe(200);
  expect(await me(alice)).toMatchObject({ accent_color: "#ff8800", text_color: "#abc" });
  expect(await json(anon.get(`/api/v1/users/${aliceName}`))).toMatchObject({ accent_color: "#ff8800", text_color: "#abc" });
});

test("social links: private ones are hidden from the public profile; the owner still has them", async () => {
  const res = await patch(alice, {
    twitch_username: "@AliceStreams",
    twitch_private: false,
    instagram_username: "alice.pics",
    instagram_private: true,
    discord_username: "alice#1234",
  });
  expect(res.status).toBe(200);
  expect(await me(alice)).toMatchObject({ twitch_username: "alicestreams", instagram_username: "alice.pics", instagram_private: true, discord_username: "alice#1234" });
  const pub = await json(bob.get(`/api/v1/users/${aliceName}`));
  expect(pub).toMatchObject({ twitch_username: "alicestreams", instagram_username: null, discord_username: "alice#1234" });
  expect(JSON.stringify(pub)).not.toContain("alice.pics");
  // Clearing a link: blank → null.
  expect((await patch(alice, { discord_username: "" })).status).toBe(200);
  expect((await me(alice)).discord_username).toBeNull();
});

test("a private profile is not shown to others (404, as if missing), but its owner still sees it", async () => {
  const bobId = (await me(bob)).id as string;
  expect((await patch(bob, { profile_private: true })).status).toBe(200);
  for (const client of [anon, alice]) {
    const res = await client.get(`/api/v1/users/${bobName}`);
    expect(res.status).toBe(404);
    expect((await json(res)).detail).toBe("User not found");
    expect((await client.get(`/api/v1/scheduled-parties/host/${bobId}`)).status).toBe(404);
  }
  const own = await bob.get(`/api/v1/users/${bobName}`);
  expect(own.status).toBe(200);
  expect((await json(own)).profile_private).toBe(true);
  expect((await bob.get(`/api/v1/scheduled-parties/host/${bobId}`)).status).toBe(200);

  expect((await patch(bob, { profile_private: false })).status).toBe(200);
  expect((await anon.get(`/api/v1/users/${bobName}`)).status).toBe(200);
});

test("nobody can update another user: there is no PATCH on /users/{username}, and bob's PATCH changes only bob", async () => {
  const aliceBefore = await me(alice);
  expect((await bob.request("PATCH", `/api/v1/users/${aliceName}`, { bio: "hacked" })).status).toBe(405);
  expect((await patch(bob, { bio: "Bob's own bio" })).status).toBe(200);
  expect(await me(alice)).toEqual(aliceBefore);
  expect((await me(bob)).bio).toBe("Bob's own bio");
});

test("public Twitch info: none for a private or missing Twitch link", async () => {
  expect((await patch(alice, { twitch_private: true })).status).toBe(200);
  const hidden = await anon.get(`/api/v1/users/${aliceName}/twitch`);
  expect(hidden.status).toBe(404);
  expect((await json(hidden)).detail).toBe("No Twitch info found.");
  expect((await anon.get(`/api/v1/users/${bobName}/twitch`)).status).toBe(404);
});
