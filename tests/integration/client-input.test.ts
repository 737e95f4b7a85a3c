/**
 * Input a client can send must never get a 500: NUL and other control characters in stored text,
 * `%00` and malformed percent-escapes in paths, dates the database cannot hold, bodies of the wrong
 * content type or size, methods a route does not serve and paths no route serves. Each answers a
 * 4xx with `{detail, code}` and stores nothing. (The property-based sweep over every route is
 * api-fuzz.test.ts; these are the known cases, one by one.)
 */
import { Client, startApp, uniqueName, type RunningApp } from "./helpers/app";
import { api, createParty, guestToken } from "./helpers/party";

jest.setTimeout(120_000);

let app: RunningApp;
let owner: Client;
let ownerName: string;
/** The owner's session as a bearer token, for requests the cookie-keeping Client cannot shape. */
let ownerToken: string;

beforeAll(async () => {
  app = await startApp();
  owner = new Client(app.baseUrl);
  ownerName = uniqueName("input");
  const signUp = await owner.signUp(ownerName);
  expect(signUp.status).toBe(200);
  ownerToken = signUp.headers.get("set-auth-token") ?? "";
  expect(ownerToken).not.toBe("");
});

afterAll(async () => {
  await app?.stop();
});

interface ErrorBody {
  detail: string;
  code: string;
}

async function expectError(res: Response, status: number, detail?: RegExp): Promise<ErrorBody> {
  const text = await res.text();
  expect({ status: res.status, text }).toEqual({ status, text: expect.any(String) });
  expect(res.headers.get("content-type")).toContain("application/json");
  const body = JSON.parse(text) as ErrorBody;
  expect(body).toEqual({ detail: expect.any(String), code: expect.any(String) });
  if (detail) expect(body.detail).toMatch(detail);
  return body;
}

const NUL = "\u0000";
const CONTROL = /control characters/;

async function createScheduled(client: Client, overrides: Record<string, unknown> = {}): Promise<Response> {
  return client.post("/api/v1/scheduled-parties", { title: "Movie night", date_time: "2031-05-01T19:00:00Z", show_movie: "Netflix", ...overrides });
}

describe("U+0000 in stored text is refused with 422 and stores nothing", () => {
  test("profile bio", async () => {
    await expectError(await owner.request("PATCH", "/api/v1/users/me", { bio: `heist${NUL}movies` }), 422, /^Bio must not contain control characters/);
    expect(((await (await owner.get("/api/v1/users/me")).json()) as { bio: string | null }).bio).toBeNull();
  });

  test("display name (Edit Info)", async () => {
    await expectError(await owner.request("PATCH", "/api/v1/users/me/account", { display_name: `Ann${NUL}` }), 422, /Display name must not contain control characters/);
    expect(((await (await owner.get("/api/v1/users/me")).json()) as { display_name: string }).display_name).toBe(ownerName);
  });

  test("scheduled party title and description, on create and on update", async () => {
    await expectError(await createScheduled(owner, { title: `Movie${NUL}night` }), 422, /^title: Title must not contain control characters/);
    await expectError(await createScheduled(owner, { description: `Bring${NUL}snacks` }), 422, /Description must not contain control characters/);
    const created = await createScheduled(owner);
    expect(created.status).toBe(201);
    const party = (await created.json()) as { id: string };
    const edit = { title: `Edited${NUL}`, date_time: "2031-05-01T19:00:00Z", show_movie: "Netflix" };
    await expectError(await owner.request("PUT", `/api/v1/scheduled-parties/${party.id}`, edit), 422, CONTROL);
    const mine = (await (await owner.get("/api/v1/scheduled-parties/me")).json()) as { title: string }[];
    expect(mine.map((p) => p.title)).toEqual(["Movie night"]);
  });

  test("live party video title, synopsis and video URL; media titles sent to a running party", async () => {
    const host = await guestToken(app.baseUrl, "Nul Host");
    const base = { video_url: "https://www.netflix.com/watch/80100172", video_title: "Heat" };
    for (const body of [
      { ...base, video_title: `He${NUL}at` },
      { ...base, synopsis: `A crew${NUL}` },
      { ...base, video_url: `https://www.netflix.com/watch/${NUL}` },
      { ...base, chat_identifier: `chan${NUL}` },
    ]) {
      await expectError(await api(app.baseUrl, "POST", "/api/v1/parties", host, body), 422, CONTROL);
    }
    const current = (await (await api(app.baseUrl, "GET", "/api/v1/users/me/current-party", host)).json()) as { current_party: unknown };
    expect(current.current_party).toBeNull();

    const party = await createParty(app.baseUrl, host);
    const media = { v: 1, type: "media", url: "https://www.netflix.com/watch/1", title: `Next${NUL}` };
    await expectError(await api(app.baseUrl, "POST", `/api/v1/parties/${party.id}/commands`, host, media), 422, CONTROL);
    const chat = { v: 1, type: "chat", text: `hi${NUL}` };
    await expectError(await api(app.baseUrl, "POST", `/api/v1/parties/${party.id}/commands`, host, chat), 422, CONTROL);
    const detail = (await (await api(app.baseUrl, "GET", `/api/v1/parties/${party.id}`, host)).json()) as { video_title: string };
    expect(detail.video_title).toBe("Heat");
  });

  test("other control characters and unpaired surrogates are refused the same way", async () => {
    await expectError(await owner.request("PATCH", "/api/v1/users/me", { bio: "bell\u0007" }), 422, CONTROL);
    await expectError(await owner.request("PATCH", "/api/v1/users/me", { bio: "half \uD83D emoji" }), 422, /^Bio must be valid Unicode text/);
    // Tabs, line breaks and real emoji are text.
    const ok = await owner.request("PATCH", "/api/v1/users/me", { bio: "line one\n\tline two 🎬" });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { bio: string }).bio).toBe("line one\n\tline two 🎬");
  });
});

test("%00 in a path id answers 4xx with a detail on every id route", async () => {
  const host = await guestToken(app.baseUrl, "Path Host");
  const paths: [string, string, string | null][] = [
    ["GET", "/api/v1/parties/%00", host],
    ["DELETE", "/api/v1/parties/%00", host],
    ["POST", "/api/v1/parties/%00/join", host],
    ["GET", "/api/v1/parties/%00/events", host],
    ["POST", "/api/v1/parties/a%00b/commands", host],
    ["GET", "/api/v1/playlists/%00", null],
    ["GET", "/api/v1/scheduled-parties/%00", null],
    ["GET", "/api/v1/scheduled-parties/host/%00", null],
    ["GET", "/api/v1/users/%00", null],
    ["GET", "/api/v1/users/%00/twitch", null],
  ];
  for (const [method, path, token] of paths) {
    const res = await api(app.baseUrl, method, path, token, method === "POST" ? { v: 1, type: "ping", t0: 1 } : undefined);
    const body = await expectError(res, 422, /ID|Username/);
    expect(body.detail).toMatch(CONTROL);
  }
  for (const [method, path] of [
    ["PUT", "/api/v1/scheduled-parties/%00"],
    ["DELETE", "/api/v1/scheduled-parties/%00"],
    ["POST", "/api/v1/scheduled-parties/%00/rsvp"],
    ["DELETE", "/api/v1/scheduled-parties/%00/rsvp"],
    ["POST", "/api/v1/playlists/%00/links"],
  ] as const) {
    await expectError(await owner.request(method, path, method === "PUT" || method === "POST" ? {} : undefined), 422, CONTROL);
  }
});

test("a NUL in an invite code query is refused, not looked up", async () => {
  const created = await createScheduled(owner, { privacy: "private" });
  const { id } = (await created.json()) as { id: string };
  const stranger = new Client(app.baseUrl);
  expect((await stranger.signUp(uniqueName("stranger"))).status).toBe(200);
  await expectError(await stranger.get(`/api/v1/scheduled-parties/${id}?code=AB%00CD`), 422, CONTROL);
  await expectError(await stranger.post(`/api/v1/scheduled-parties/${id}/rsvp?code=AB%00CD`), 422, CONTROL);
});

test("a NUL in the token of token-exchange is refused and starts no session", async () => {
  const client = new Client(app.baseUrl);
  await expectError(await client.post("/api/v1/auth/token-exchange", { platform: "session", token: `abc${NUL}def` }), 422, /token must not contain control characters/);
  await expectError(await client.post("/api/v1/auth/token-exchange", { platform: "kick", token: NUL }), 422, CONTROL);
  expect((await client.get("/api/v1/users/me")).status).toBe(401);
});

test.each([
  ["/api/auth/sign-in/email", { email: `${"a"}\u0000b@example.test`, password: "correct-horse-battery" }],
  ["/api/auth/sign-in/email", { email: "a\udc00b@example.test", password: "correct-horse-battery" }],
  ["/api/auth/sign-in/username", { username: "a\u0000b", password: "correct-horse-battery" }],
])("a sign-in whose account name holds NUL or an unpaired surrogate is refused, not looked up (%s)", async (path, body) => {
  const res = await new Client(app.baseUrl).post(path, body);
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
});

describe("scheduled party dates are bounded: never past, never beyond 2200", () => {
  test("year 0000 is refused (the database has no year 0), in plain words", async () => {
    await expectError(await createScheduled(owner, { date_time: "0000-01-01T00:00:00Z" }), 422, /That time has already passed/);
  });

  test("years 0001–0099 are refused instead of coming back as 19xx or 20xx", async () => {
    for (const year of ["0001", "0050", "0099"]) {
      await expectError(await createScheduled(owner, { title: `Year ${year}`, date_time: `${year}-06-01T12:00:00Z` }), 422, /That time has already passed/);
    }
    const mine = (await (await owner.get("/api/v1/scheduled-parties/me")).json()) as { title: string }[];
    expect(mine.filter((p) => p.title.startsWith("Year "))).toEqual([]);
  });

  test("the last storable instant is accepted and read back unchanged; past it, or before 1970, is refused", async () => {
    const dateTime = "2200-12-31T23:59:59.000Z";
    const res = await createScheduled(owner, { title: `Bound ${dateTime}`, date_time: dateTime });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { date_time: string }).date_time).toBe(dateTime);
    await expectError(await createScheduled(owner, { date_time: "1970-01-01T00:00:00.000Z" }), 422, /That time has already passed/);
    await expectError(await createScheduled(owner, { date_time: "1969-12-31T23:59:59Z" }), 422, /That time has already passed/);
    await expectError(await createScheduled(owner, { date_time: "2201-01-01T00:00:00Z" }), 422, /Pick a date before 2201/);
    // An offset that moves the instant before 1970 counts, not the digits.
    await expectError(await createScheduled(owner, { date_time: "1970-01-01T00:30:00+01:00" }), 422, /That time has already passed/);
  });
});

describe("malformed percent-escapes in the URL", () => {
  test.each(["/%ff", "/parties/%E0%A4%A", "/u/100%"])("%s answers a 400 page", async (path) => {
    const res = await fetch(`${app.baseUrl}${path}`);
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toContain("text/html");
    const html = await res.text();
    expect(html).toContain("400 - Bad Request");
    expect(html).toContain('href="/"');
  });

  test.each(["/api/v1/%ff", "/api/v1/parties/%ff", "/api/v1/users/%c0%af/twitch"])("%s answers 400 {detail, code}", async (path) => {
    await expectError(await fetch(`${app.baseUrl}${path}`), 400, /malformed percent-escape/);
  });
});

test("a URL past the server's 16 KB header limit gets 431 {detail, code}, not a bare status", async () => {
  await expectError(await fetch(`${app.baseUrl}/api/v1/parties/${"a".repeat(20_000)}`), 431, /too large/);
});

describe("request bodies", () => {
  test("a body sent as anything but JSON gets 415 and changes nothing", async () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "text/json", null]) {
      const sent = await fetch(`${app.baseUrl}/api/v1/users/me`, {
        method: "PATCH",
        headers: { Authorization: `Bearer ${ownerToken}`, ...(type ? { "Content-Type": type } : {}) },
        body: JSON.stringify({ bio: "Sent as a form" }),
      });
      await expectError(sent, 415, /Content-Type: application\/json/);
    }
    const me = (await (await owner.get("/api/v1/users/me")).json()) as { bio: string | null };
    expect(me.bio).not.toBe("Sent as a form");
    // A charset parameter is still JSON.
    const utf8 = await fetch(`${app.baseUrl}/api/v1/users/me`, {
      method: "PATCH",
      headers: { Authorization: `Bearer ${ownerToken}`, "Content-Type": "application/json; charset=utf-8" },
      body: JSON.stringify({ bio: "Sent as JSON" }),
    });
    expect(utf8.status).toBe(200);
  });

  test("a body over 256 KB gets 413", async () => {
    const res = await fetch(`${app.baseUrl}/api/v1/guests`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "x".repeat(300 * 1024) }),
    });
    await expectError(res, 413, /at most 256 KB/);
  });

  test("a realtime route that refuses a body it did not read still answers, and the client's next request goes through", async () => {
    // Party commands are served past Next (the hot path): a refusal before the body is read (no
    // token) or while reading it (over 256 KB) must answer on the socket and not leave the unread
    // rest in front of the next request of a kept-alive connection.
    const host = await guestToken(app.baseUrl, "Body Host");
    const party = await createParty(app.baseUrl, host);
    const path = `/api/v1/parties/${party.id}/commands`;
    const big = JSON.stringify({ v: 1, type: "chat", text: "x".repeat(300 * 1024) });
    for (let round = 0; round < 3; round++) {
      await expectError(await api(app.baseUrl, "POST", path, null, big), 401);
      await expectError(await api(app.baseUrl, "POST", path, host, big), 413, /at most 256 KB/);
      const chat = await api(app.baseUrl, "POST", path, host, { v: 1, type: "chat", text: `still here ${round}` });
      expect(chat.status).toBeLessThan(300);
    }
  });

  test("Infinity spelled as a huge number and NaN as a literal are refused", async () => {
    const host = await guestToken(app.baseUrl, "Number Host");
    const party = await createParty(app.baseUrl, host);
    const path = `/api/v1/parties/${party.id}/commands`;
    await expectError(await api(app.baseUrl, "POST", path, host, '{"v":1,"type":"seek","position":1e999}'), 422);
    await expectError(await api(app.baseUrl, "POST", path, host, '{"v":1,"type":"seek","position":NaN}'), 400, /valid JSON/);
  });
});

describe("methods and paths no route serves", () => {
  test("an unsupported method gets 405 {detail, code} with an Allow header", async () => {
    const res = await fetch(`${app.baseUrl}/api/v1/health`, { method: "PUT" });
    const body = await expectError(res, 405);
    expect(body.code).toBe("method_not_allowed");
    expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    const patch = await fetch(`${app.baseUrl}/api/v1/scheduled-parties/abc`, { method: "PATCH" });
    await expectError(patch, 405, /PATCH is not supported here/);
    expect(patch.headers.get("allow")).toBe("DELETE, GET, HEAD, OPTIONS, PUT");
  });

  test("OPTIONS lists only the served methods", async () => {
    const res = await fetch(`${app.baseUrl}/api/v1/users/me`, { method: "OPTIONS" });
    expect(res.status).toBe(204);
    expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS, PATCH");
  });

  test("an unknown /api/v1 path gets 404 {detail, code}, not the HTML page", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const res = await fetch(`${app.baseUrl}/api/v1/no/such/endpoint`, { method });
      const body = await expectError(res, 404, /no API endpoint at \/api\/v1\/no\/such\/endpoint/);
      expect(body.code).toBe("not_found");
    }
  });
});
