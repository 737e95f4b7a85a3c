/**
 * Google, Twitch and Kick sign-in against the real app, with a local OpenID Connect server standing
 * in for all three providers: users created with unique usernames from the provider's name, the
 * same user found on the next sign-in, the Kick code → token → session chain with its PKCE and
 * one-time checks, and provider errors.
 */
import { Client, startApp, uniqueName, type RunningApp } from "./helpers/app";
import { betterAuthProviderFlow, kickCode, startStandIn, type StandIn } from "../support/stand-in";

jest.setTimeout(120_000);

let standIn: StandIn;
let app: RunningApp;
let run = 0;
/** Provider account ids unique across test files and runs: the files may share one database. */
const account = (name: string) => {
  run += 1;
  return uniqueName(name);
};

beforeAll(async () => {
  standIn = await startStandIn();
  app = await startApp({ env: standIn.env });
});
afterAll(async () => {
  await app?.stop();
  await standIn?.stop();
});

async function me(client: Client) {
  const res = await client.get("/api/v1/users/me");
  expect(res.status).toBe(200);
  return (await res.json()) as { id: string; username: string; display_name: string; email: string; provider_id: string; twitch_username: string | null };
}

async function signInWith(provider: "google" | "twitch" | "kick", accountId: string) {
  const client = new Client(app.baseUrl);
  const res = await betterAuthProviderFlow(client, { path: "/api/auth/sign-in/social", provider }, { kind: "login", account: accountId });
  expect(res.status).toBe(302);
  expect(res.headers.get("location")).toBe("/");
  return client;
}

test("the server reports all three providers as configured", async () => {
  const res = await fetch(`${app.baseUrl}/api/v1/auth/providers`);
  expect(await res.json()).toEqual({ google: true, twitch: true, kick: true });
});

test("Google: a first sign-in creates a user named after the Google name; the next finds the same user", async () => {
  const id = account("g");
  await standIn.control("accounts", { id, claims: { name: "Ada Lovelace", email: `${id}@gmail.test` } });
  const first = await me(await signInWith("google", id));
  expect(first).toMatchObject({ display_name: "Ada Lovelace", email: `${id}@gmail.test`, provider_id: "google" });
  expect(first.username).toMatch(/^ada_lovelace(_\d+)?$/);

  const again = await me(await signInWith("google", id));
  expect(again.id).toBe(first.id);
  expect(again.username).toBe(first.username);
});

test("two provider users with the same name get different usernames", async () => {
  const a = account("same");
  const b = account("same");
  for (const id of [a, b]) await standIn.control("accounts", { id, claims: { name: "Grace Hopper Unique" } });
  const first = await me(await signInWith("google", a));
  const second = await me(await signInWith("google", b));
  expect(first.username).toBe("grace_hopper_unique");
  expect(second.username).toBe("grace_hopper_unique_2");
  expect(second.id).not.toBe(first.id);
});

test("Twitch: sign-in records twitch as the login method and fills twitch_username", async () => {
  const id = account("t");
  await standIn.control("accounts", { id, claims: { preferred_username: "StreamQueen" + run } });
  const user = await me(await signInWith("twitch", id));
  expect(user.provider_id).toBe("twitch");
  expect(user.twitch_username).toBe(`streamqueen${run}`);
  expect(user.display_name).toBe(`StreamQueen${run}`);
  expect(user.username).toBe(`streamqueen${run}`);

  // The header reads the session's user: the Twitch icon depends on lastLoginMethod there.
  const client = await signInWith("twitch", id);
  const session = (await (await client.get("/api/auth/get-session")).json()) as { user: { lastLoginMethod: string; id: string } };
  expect(session.user).toMatchObject({ id: user.id, lastLoginMethod: "twitch" });
});

test("Twitch: a localized display name is resolved to the login through the Twitch API", async () => {
  const id = account("tk");
  await standIn.control("accounts", { id, claims: { preferred_username: "스트리머", twitch_login: `seoul_streamer_${run}` } });
  const user = await me(await signInWith("twitch", id));
  expect(user.twitch_username).toBe(`seoul_streamer_${run}`);
  expect(user.username).toMatch(/^[a-z0-9_.]{3,30}$/);
});

test("a cancelled provider login signs nobody in and reports access_denied", async () => {
  const client = new Client(app.baseUrl);
  const res = await betterAuthProviderFlow(client, { path: "/api/auth/sign-in/social", provider: "google" }, { kind: "cancel" });
  expect(res.status).toBe(302);
  expect(res.headers.get("location")).toContain("error=access_denied");
  expect((await client.get("/api/v1/users/me")).status).toBe(401);
});

describe("Kick", () => {
  async function kickSignIn(accountId: string, callback: "/auth/kick/callback" | "/kick-auth-callback" = "/auth/kick/callback") {
    const { callbackUrl, state, verifier } = await kickCode(app.baseUrl, { kind: "login", account: accountId }, callback);
    expect(callbackUrl.origin).toBe(app.baseUrl);
    expect(callbackUrl.pathname).toBe(callback);
    expect(callbackUrl.searchParams.get("state")).toBe(state);
    const code = callbackUrl.searchParams.get("code")!;
    const client = new Client(app.baseUrl);
    const exchanged = await client.post("/api/v1/auth/kick/exchange-code", { code, codeVerifier: verifier, redirectPath: callback });
    expect(exchanged.status).toBe(200);
    const { kickAccessToken } = (await exchanged.json()) as { kickAccessToken: string };
    const tokenRes = await client.post("/api/v1/auth/token-exchange", { platform: "kick", token: kickAccessToken });
    return { client, tokenRes, kickAccessToken, code, verifier };
  }

  test("code → Kick token → session and bearer; a second sign-in finds the same user", async () => {
    const id = account("k");
    await standIn.control("accounts", { id, claims: { preferred_username: `KickFan${run}`, email: `${id}@kick.test` } });
    const { client, tokenRes } = await kickSignIn(id);
    expect(tokenRes.status).toBe(200);
    const body = (await tokenRes.json()) as { vp_access_token: string; user: Record<string, unknown> };
    expect(body.user).toMatchObject({ display_name: `KickFan${run}`, provider_id: "kick", username: `kickfan${run}` });

    // The response started a normal session (cookie) …
    expect((await me(client)).id).toBe(body.user.id);
    // … and the bearer works on /api/v1 on its own.
    const byBearer = await fetch(`${app.baseUrl}/api/v1/users/me`, { headers: { Authorization: `Bearer ${body.vp_access_token}` } });
    expect(byBearer.status).toBe(200);

    const again = await kickSignIn(id, "/kick-auth-callback");
    expect(again.tokenRes.status).toBe(200);
    expect(((await again.tokenRes.json()) as { user: { id: string } }).user.id).toBe(body.user.id);
  });

  test("a Kick token is exchanged once only; tokens this server did not obtain are refused", async () => {
    const id = account("k1");
    const { client, tokenRes, kickAccessToken } = await kickSignIn(id);
    expect(tokenRes.status).toBe(200);
    const replay = await client.post("/api/v1/auth/token-exchange", { platform: "kick", token: kickAccessToken });
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({ detail: "Token exchange failed" });

    const stranger = await new Client(app.baseUrl).post("/api/v1/auth/token-exchange", { platform: "kick", token: "some-other-apps-token" });
    expect(stranger.status).toBe(401);
    expect(await stranger.json()).toMatchObject({ detail: "Token exchange failed" });
  });

  test("the code needs the matching PKCE verifier and works once", async () => {
    const id = account("k2");
    const { callbackUrl, verifier } = await kickCode(app.baseUrl, { kind: "login", account: id });
    const code = callbackUrl.searchParams.get("code")!;
    const client = new Client(app.baseUrl);
    const wrong = await client.post("/api/v1/auth/kick/exchange-code", { code, codeVerifier: "x".repeat(64) });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ detail: "Kick did not accept the sign-in code. Please try logging in again." });
    // oidc-provider revokes a code after a failed use; a fresh one with the right verifier works once.
    const fresh = await kickCode(app.baseUrl, { kind: "login", account: id });
    const freshCode = fresh.callbackUrl.searchParams.get("code")!;
    expect((await client.post("/api/v1/auth/kick/exchange-code", { code: freshCode, codeVerifier: fresh.verifier })).status).toBe(200);
    expect((await client.post("/api/v1/auth/kick/exchange-code", { code: freshCode, codeVerifier: fresh.verifier })).status).toBe(400);
    expect(verifier).not.toBe(fresh.verifier);
  });

  test("bad input to exchange-code and authorize is refused with a detail", async () => {
    const client = new Client(app.baseUrl);
    const missing = await client.post("/api/v1/auth/kick/exchange-code", { code: "abc" });
    expect(missing.status).toBe(422);
    expect(((await missing.json()) as { detail: string }).detail).toMatch(/codeVerifier/);
    const form = await fetch(`${app.baseUrl}/api/v1/auth/kick/exchange-code`, {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: JSON.stringify({ code: "abc", codeVerifier: "v".repeat(43) }),
    });
    expect(form.status).toBe(415);
    expect(((await form.json()) as { detail: string }).detail).toMatch(/Content-Type: application\/json/);
    const badAuthorize = await fetch(`${app.baseUrl}/api/v1/auth/kick/authorize?state=short&code_challenge=x`, { redirect: "manual" });
    expect(badAuthorize.status).toBe(422);
  });

  test("a cancelled Kick login comes back to the callback with the provider's error and our state", async () => {
    const { callbackUrl, state } = await kickCode(app.baseUrl, { kind: "cancel" });
    expect(callbackUrl.pathname).toBe("/auth/kick/callback");
    expect(callbackUrl.searchParams.get("error")).toBe("access_denied");
    expect(callbackUrl.searchParams.get("state")).toBe(state);
  });
});

test("without provider credentials the providers are off and Kick answers with a clear error", async () => {
  const bare = await startApp();
  try {
    expect(await (await fetch(`${bare.baseUrl}/api/v1/auth/providers`)).json()).toEqual({ google: false, twitch: false, kick: false });
    const start = await fetch(`${bare.baseUrl}/api/v1/auth/kick/authorize?state=${"s".repeat(32)}&code_challenge=${"c".repeat(43)}`, { redirect: "manual" });
    expect(start.status).toBe(302);
    const location = new URL(start.headers.get("location")!);
    expect(location.pathname).toBe("/auth/kick/callback");
    expect(location.searchParams.get("error_description")).toBe("Kick sign-in is not configured on this server.");
    const exchange = await new Client(bare.baseUrl).post("/api/v1/auth/kick/exchange-code", { code: "abc", codeVerifier: "v".repeat(43) });
    expect(exchange.status).toBe(400);
    expect(await exchange.json()).toMatchObject({ detail: "Kick sign-in is not configured on this server." });
  } finally {
    await bare.stop();
  }
});
