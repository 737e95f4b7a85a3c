/**
 * Accounts and the API wrapper against the real app: cookie and bearer sessions, logout revoking the
 * bearer, duplicate and reserved names, the sign-in rate limit, and error bodies.
 */
import { Client, startApp, uniqueName, type RunningApp } from "./helpers/app";

jest.setTimeout(90_000);

let app: RunningApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

test("sign-up opens a session; /api/v1/users/me answers the own profile without private auth fields", async () => {
  const client = new Client(app.baseUrl);
  const username = uniqueName("alice");
  const res = await client.signUp(username);
  expect(res.status).toBe(200);
  const me = await client.get("/api/v1/users/me");
  expect(me.status).toBe(200);
  const body = (await me.json()) as Record<string, unknown>;
  expect(body).toMatchObject({ username, display_name: username, email: `${username}@example.test`, profile_private: false });
  expect(Object.keys(body)).not.toEqual(expect.arrayContaining(["password", "token", "emailVerified"]));
});

test("without a session the API answers 401 with a JSON detail", async () => {
  const res = await fetch(`${app.baseUrl}/api/v1/users/me`);
  expect(res.status).toBe(401);
  expect(res.headers.get("content-type")).toContain("application/json");
  expect(await res.json()).toEqual({ detail: "Authentication required. Please log in.", code: "unauthorized" });
});

test("a bearer token works on /api/v1 and stops working after logout; a forged one is 401", async () => {
  const client = new Client(app.baseUrl);
  const username = uniqueName("bearer");
  await client.signUp(username);
  const signIn = await client.post("/api/auth/sign-in/username", { username, password: "correct-horse-battery" });
  const token = signIn.headers.get("set-auth-token");
  expect(token).toBeTruthy();
  const bearer = { Authorization: `Bearer ${token}` };

  const me = await fetch(`${app.baseUrl}/api/v1/users/me`, { headers: bearer });
  expect(me.status).toBe(200);

  const out = await fetch(`${app.baseUrl}/api/auth/sign-out`, {
    method: "POST",
    headers: { ...bearer, Origin: app.baseUrl, "Content-Type": "application/json" },
    body: "{}",
  });
  expect(out.status).toBe(200);
  expect((await fetch(`${app.baseUrl}/api/v1/users/me`, { headers: bearer })).status).toBe(401);

  const forged = await fetch(`${app.baseUrl}/api/v1/users/me`, { headers: { Authorization: "Bearer forged.token" } });
  expect(forged.status).toBe(401);
  expect(await forged.json()).toHaveProperty("detail");
});

test("login works by username (any case) and by e-mail", async () => {
  const client = new Client(app.baseUrl);
  const username = uniqueName("Mixed");
  await client.signUp(username, "pw-for-login-123");
  const byName = await new Client(app.baseUrl).post("/api/auth/sign-in/username", {
    username: username.toUpperCase(),
    password: "pw-for-login-123",
  });
  expect(byName.status).toBe(200);
  const byEmail = await new Client(app.baseUrl).post("/api/auth/sign-in/email", {
    email: `${username}@example.test`,
    password: "pw-for-login-123",
  });
  expect(byEmail.status).toBe(200);
  const wrong = await new Client(app.baseUrl).post("/api/auth/sign-in/username", { username, password: "nope-nope-nope" });
  expect(wrong.status).toBe(401);
});

test("duplicate e-mail, duplicate username and reserved usernames are refused with clear messages", async () => {
  const username = uniqueName("dup");
  await new Client(app.baseUrl).signUp(username);

  const sameEmail = await new Client(app.baseUrl).post("/api/auth/sign-up/email", {
    email: `${username}@example.test`,
    password: "another-password-1",
    name: "x",
    username: uniqueName("other"),
  });
  expect(sameEmail.status).toBeGreaterThanOrEqual(400);
  expect(sameEmail.status).toBeLessThan(500);
  expect(((await sameEmail.json()) as { message: string }).message).toBe("User already exists. Use another email.");

  const sameName = await new Client(app.baseUrl).post("/api/auth/sign-up/email", {
    email: `${uniqueName("e")}@example.test`,
    password: "another-password-1",
    name: "x",
    username: username.toUpperCase(),
  });
  expect(sameName.status).toBe(400);
  expect(((await sameName.json()) as { message: string }).message).toBe("Username is already taken. Please try another.");

  for (const reserved of ["about", "parties", "Profile", "api", "faqs"]) {
    const res = await new Client(app.baseUrl).post("/api/auth/sign-up/email", {
      email: `${uniqueName("r")}@example.test`,
      password: "another-password-1",
      name: reserved,
      username: reserved,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe("That username is reserved. Please choose another.");
  }
});

test("repeated failed sign-ins for one account are rate limited with 429 and a detail", async () => {
  const username = uniqueName("limit");
  await new Client(app.baseUrl).signUp(username);
  const statuses: number[] = [];
  let last: Response | undefined;
  for (let i = 0; i < 12; i++) {
    last = await new Client(app.baseUrl).post("/api/auth/sign-in/username", { username, password: `wrong-${i}-password` });
    statuses.push(last.status);
  }
  expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
  expect(statuses[10]).toBe(429);
  expect(last?.headers.get("retry-after")).toBeTruthy();
  expect(await last?.json()).toEqual({
    detail: "Too many sign-in attempts. Please wait a minute and try again.",
    code: "rate_limited",
  });
  // Other accounts are not locked out by it.
  const other = uniqueName("free");
  await new Client(app.baseUrl).signUp(other, "free-password-1");
  const ok = await new Client(app.baseUrl).post("/api/auth/sign-in/username", { username: other, password: "free-password-1" });
  expect(ok.status).toBe(200);
});

test("unknown paths answer the 404 page with status 404; a public profile answers 200", async () => {
  const res = await fetch(`${app.baseUrl}/definitely-not-a-page/x`);
  expect(res.status).toBe(404);
  const html = await res.text();
  expect(html).toContain("404 - Page Not Found");
  expect(html).toContain("The page you are looking for does not exist.");

  const username = uniqueName("pub");
  await new Client(app.baseUrl).signUp(username);
  expect((await fetch(`${app.baseUrl}/${username}`)).status).toBe(200);
  expect((await fetch(`${app.baseUrl}/no_such_user_${Date.now()}`)).status).toBe(404);
});

describe("Better Auth's own endpoints follow the profile rules", () => {
  const HUGE_NAME = "x".repeat(1_000_000);

  async function ownProfile(client: Client): Promise<{ display_name: string; profile_image_url: string | null }> {
    const res = await client.get("/api/v1/users/me");
    expect(res.status).toBe(200);
    return (await res.json()) as { display_name: string; profile_image_url: string | null };
  }

  test("update-user is closed: a huge name, a javascript: picture or control characters change nothing", async () => {
    const client = new Client(app.baseUrl);
    const username = uniqueName("upd");
    await client.signUp(username);
    const before = await ownProfile(client);

    for (const body of [{ name: HUGE_NAME }, { image: "javascript:alert(document.cookie)" }, { name: "evil\u0000\u001b[2Jname" }, { name: "Fine Name" }]) {
      const res = await client.post("/api/auth/update-user", body);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ detail: "Not found.", code: "not_found" });
    }
    expect(await ownProfile(client)).toEqual(before);
  });

  test("the app's other unused Better Auth endpoints answer 404 too", async () => {
    const client = new Client(app.baseUrl);
    await client.signUp(uniqueName("unused"));
    for (const path of ["/api/auth/change-password", "/api/auth/change-email", "/api/auth/is-username-available", "/api/auth/delete-user", "/api/auth/list-sessions"]) {
      const res = path === "/api/auth/list-sessions" ? await client.get(path) : await client.post(path, {});
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
    }
  });

  test.each([
    ["a 1 MB name", { name: HUGE_NAME }, "Display name must be at most 50 characters."],
    ["control characters in the name", { name: "Bob\u0007\nSmith" }, "Display name must not contain control characters."],
    ["a bidi override in the name", { name: "\u202Egnp.exe" }, "Display name must not contain control characters."],
    ["a blank name", { name: "   " }, "Display name is required."],
    ["a javascript: picture", { image: "javascript:alert(1)" }, "Profile image must be an http(s) URL."],
  ])("sign-up with %s is refused with 422 and the rule's message; no account is created", async (_label, profile, message) => {
    const username = uniqueName("su");
    const email = `${username}@example.test`;
    const res = await new Client(app.baseUrl).post("/api/auth/sign-up/email", { email, password: "correct-horse-battery", name: "Valid", username, ...profile });
    expect(res.status).toBe(422);
    // `message` is what Better Auth's client (the sign-up form) shows; `detail` what every API client reads.
    expect(await res.json()).toEqual({ message, detail: message, code: "unprocessable_entity" });

    expect((await new Client(app.baseUrl).post("/api/auth/sign-in/email", { email, password: "correct-horse-battery" })).status).toBe(401);
    // Both the e-mail and the username are still free.
    expect((await new Client(app.baseUrl).signUp(username)).status).toBe(200);
  });

  test("sign-up with a valid name and https picture keeps them (trimmed)", async () => {
    const client = new Client(app.baseUrl);
    const username = uniqueName("ok");
    const res = await client.post("/api/auth/sign-up/email", {
      email: `${username}@example.test`,
      password: "correct-horse-battery",
      name: "  Zoë 🎬 Fan  ",
      image: "https://cdn.example.test/a.png",
      username,
    });
    expect(res.status).toBe(200);
    expect(await ownProfile(client)).toMatchObject({ display_name: "Zoë 🎬 Fan", profile_image_url: "https://cdn.example.test/a.png" });
  });

  test("sign-up with an over-long display username is refused (the username rules apply to it)", async () => {
    const username = uniqueName("du");
    const res = await new Client(app.baseUrl).post("/api/auth/sign-up/email", {
      email: `${username}@example.test`,
      password: "correct-horse-battery",
      name: "Valid",
      username,
      displayUsername: "d".repeat(100_000),
    });
    expect(res.status).toBe(400);
    expect((await res.json()) as { detail: string }).toMatchObject({ detail: "Display username is invalid" });
    expect((await new Client(app.baseUrl).signUp(username)).status).toBe(200);
  });

  test("Edit Info applies the same display-name rule and message", async () => {
    const client = new Client(app.baseUrl);
    await client.signUp(uniqueName("edit"));
    const before = await ownProfile(client);
    const res = await client.request("PATCH", "/api/v1/users/me/account", { display_name: "tab\there" });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ detail: "display_name: Display name must not contain control characters.", code: "unprocessable_entity" });
    expect(await ownProfile(client)).toEqual(before);
  });
});
