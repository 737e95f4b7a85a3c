/**
 * POST /api/v1/auth/token-exchange with platform `session`, on PostgreSQL so the test can age a
 * session: the bearer works on /api/v1, dies at logout and at expiry, and forged or malformed input
 * gets a 4xx with a `detail` and changes nothing.
 */
import { Client, startApp, uniqueName, type RunningApp } from "./helpers/app";
import { createTestDatabase, type TestDatabase } from "./helpers/postgres";

jest.setTimeout(120_000);

let db: TestDatabase;
let app: RunningApp;
beforeAll(async () => {
  db = await createTestDatabase("vp_token");
  app = await startApp({ env: { DATABASE_URL: db.url } });
});
afterAll(async () => {
  await app?.stop();
  await db?.drop();
});

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const usersMe = (token: string) => fetch(`${app.baseUrl}/api/v1/users/me`, { headers: bearer(token) });

async function signedIn() {
  const client = new Client(app.baseUrl);
  const username = uniqueName("tx");
  const res = await client.signUp(username);
  expect(res.status).toBe(200);
  const session = (await (await client.get("/api/auth/get-session")).json()) as { session: { token: string }; user: { id: string } };
  return { client, username, sessionToken: session.session.token, userId: session.user.id, signedToken: res.headers.get("set-auth-token")! };
}

function exchange(token: unknown, platform: unknown = "session", client = new Client(app.baseUrl)) {
  return client.post("/api/v1/auth/token-exchange", { platform, token });
}

test("a session token is exchanged for a bearer and the user; the bearer works on /api/v1", async () => {
  const { username, sessionToken, signedToken, userId } = await signedIn();
  for (const token of [sessionToken, signedToken]) {
    const res = await exchange(token);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { vp_access_token: string; user: Record<string, unknown> };
    expect(body.user).toEqual({
      id: userId,
      username,
      display_name: username,
      email: `${username}@example.test`,
      profile_image_url: null,
      provider_id: "email",
      twitch_username: null,
    });
    const meRes = await usersMe(body.vp_access_token);
    expect(meRes.status).toBe(200);
    expect(((await meRes.json()) as { id: string }).id).toBe(userId);
  }
});

test("the bearer stops working after logout, and cannot be exchanged again", async () => {
  const { client, sessionToken } = await signedIn();
  const { vp_access_token } = (await (await exchange(sessionToken)).json()) as { vp_access_token: string };
  expect((await usersMe(vp_access_token)).status).toBe(200);

  expect((await client.post("/api/auth/sign-out", {})).status).toBe(200);

  const after = await usersMe(vp_access_token);
  expect(after.status).toBe(401);
  expect(await after.json()).toHaveProperty("detail");
  const again = await exchange(vp_access_token);
  expect(again.status).toBe(401);
  expect(await again.json()).toEqual({ detail: "Token exchange failed", code: "unauthorized" });
});

test("an expired session's bearer is refused with 401 and a detail", async () => {
  const { sessionToken, userId } = await signedIn();
  const { vp_access_token } = (await (await exchange(sessionToken)).json()) as { vp_access_token: string };
  expect((await usersMe(vp_access_token)).status).toBe(200);

  await db.query(`update "session" set expires_at = now() - interval '1 minute' where user_id = $1`, [userId]);

  const res = await usersMe(vp_access_token);
  expect(res.status).toBe(401);
  expect(await res.json()).toEqual({ detail: "Authentication required. Please log in.", code: "unauthorized" });
  const exchanged = await exchange(vp_access_token);
  expect(exchanged.status).toBe(401);
  expect(await exchanged.json()).toMatchObject({ detail: "Token exchange failed" });
});

test("a forged token is refused with 401 and a detail", async () => {
  const { sessionToken } = await signedIn();
  for (const forged of ["forged", `${sessionToken.slice(0, -2)}xx`, `${sessionToken}.not-our-signature`]) {
    const res = await exchange(forged);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ detail: "Token exchange failed", code: "unauthorized" });
    const meRes = await usersMe(forged);
    expect(meRes.status).toBe(401);
    expect(await meRes.json()).toHaveProperty("detail");
  }
});

test("a token no HTTP header can carry (a character past U+00FF, a line break) is a 422 with a detail, not a 500", async () => {
  const client = new Client(app.baseUrl);
  const { sessionToken } = await signedIn();
  for (const platform of ["session", "kick"]) {
    for (const token of [`${sessionToken}\u0100`, "tok\u20acen", `${sessionToken.slice(0, 8)}\r\n${sessionToken.slice(8)}`, "line\nbreak", "a b"]) {
      const res = await client.post("/api/v1/auth/token-exchange", { platform, token });
      expect({ platform, token, status: res.status }).toEqual({ platform, token, status: 422 });
      expect(((await res.json()) as { detail: string }).detail).toMatch(/token must be visible ASCII/);
    }
  }
  expect((await client.get("/api/v1/users/me")).status).toBe(401);
});

test("malformed requests get 4xx with a detail and start no session", async () => {
  const client = new Client(app.baseUrl);
  const cases: [unknown, number, RegExp][] = [
    [{ platform: "firebase", token: "x" }, 422, /platform must be session or kick/],
    [{ platform: "session" }, 422, /token/],
    [{ platform: "session", token: "" }, 422, /token is required/],
    ["{not json", 400, /valid JSON/],
  ];
  for (const [body, status, detail] of cases) {
    const res = await client.post("/api/v1/auth/token-exchange", body);
    expect(res.status).toBe(status);
    expect(((await res.json()) as { detail: string }).detail).toMatch(detail);
  }
  // A form post (what another site could send without CORS) is not accepted.
  const { sessionToken } = await signedIn();
  const form = await fetch(`${app.baseUrl}/api/v1/auth/token-exchange`, {
    method: "POST",
    headers: { "Content-Type": "text/plain" },
    body: JSON.stringify({ platform: "session", token: sessionToken }),
  });
  expect(form.status).toBe(415);
  expect(((await form.json()) as { detail: string }).detail).toMatch(/JSON/);
  expect((await client.get("/api/v1/users/me")).status).toBe(401);
});
