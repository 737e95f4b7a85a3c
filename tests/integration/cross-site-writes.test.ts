/**
 * Cross-site request forgery over HTTP against the real app: a write carrying the victim's session
 * cookie but sent by a page on another origin (another site, or another port of the same host, which
 * is the same *site*, so SameSite cookies still travel) is refused with 403 and changes nothing; the
 * site's own pages, bearer-token clients, guests and non-browser clients keep working.
 */
import { Client, freePort, startApp, uniqueName, type RunningApp } from "./helpers/app";
import { bearer, guestToken } from "./helpers/party";

jest.setTimeout(120_000);

const PARTIES = "/api/v1/scheduled-parties";
const FUTURE = "2031-03-14T20:00:00.000Z";
const EVIL = "https://evil.example";
const PARTNER = "https://partner.example";

let app: RunningApp;
let victim: Client;
let host: Client;
let otherPortOrigin: string;

interface Party {
  id: string;
  title: string;
  rsvp_count: number;
}

async function json<T>(res: Response | Promise<Response>): Promise<T> {
  return (await (await res).json()) as T;
}

function partyBody(title: string) {
  return { title, date_time: FUTURE, show_movie: "Netflix" };
}

async function expectRefused(res: Response): Promise<void> {
  expect(res.status).toBe(403);
  const body = (await res.json()) as { detail: string; code: string };
  expect(body.code).toBe("cross_site_request");
  expect(body.detail).toMatch(/another site/);
}

async function myPartyTitles(): Promise<string[]> {
  return (await json<Party[]>(victim.get(`${PARTIES}/me`))).map((p) => p.title);
}

/** A raw request with the victim's cookie and exactly the given headers (no Origin unless given). */
async function rawWithCookie(cookie: string, method: string, path: string, headers: Record<string, string>, body?: unknown) {
  return fetch(`${app.baseUrl}${path}`, {
    method,
    headers: { Cookie: cookie, ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

let victimCookie: string;

beforeAll(async () => {
  app = await startApp({ env: { VP_TRUSTED_ORIGINS: PARTNER } });
  otherPortOrigin = `http://localhost:${await freePort()}`;
  victim = new Client(app.baseUrl);
  host = new Client(app.baseUrl);
  expect((await host.signUp(uniqueName("host"))).status).toBe(200);
  // Signed up with a raw request so the test holds the cookie itself (the Client keeps its own private).
  const victimName = uniqueName("victim");
  const signUp = await fetch(`${app.baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { Origin: app.baseUrl, "Content-Type": "application/json" },
    body: JSON.stringify({ email: `${victimName}@example.test`, password: "correct-horse-battery", name: victimName, username: victimName }),
  });
  expect(signUp.status).toBe(200);
  victimCookie = signUp.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  expect((await victim.post("/api/auth/sign-in/username", { username: victimName, password: "correct-horse-battery" })).status).toBe(200);
});

afterAll(async () => {
  await app?.stop();
});

test("a write with Origin of another site is refused with 403 and creates, edits, RSVPs and deletes nothing", async () => {
  const evil = { Origin: EVIL };
  await expectRefused(await victim.post(PARTIES, partyBody("Forged party"), evil));
  expect(await myPartyTitles()).not.toContain("Forged party");

  const own = await json<Party>(victim.post(PARTIES, partyBody("My own party")));
  await expectRefused(await victim.request("PUT", `${PARTIES}/${own.id}`, partyBody("Renamed by a forger"), evil));
  await expectRefused(await victim.request("DELETE", `${PARTIES}/${own.id}`, undefined, evil));
  expect(await json<Party>(victim.get(`${PARTIES}/${own.id}`))).toMatchObject({ title: "My own party" });

  const hosted = await json<Party>(host.post(PARTIES, partyBody("Host's party")));
  await expectRefused(await victim.request("POST", `${PARTIES}/${hosted.id}/rsvp`, undefined, evil));
  expect((await json<Party>(host.get(`${PARTIES}/${hosted.id}`))).rsvp_count).toBe(0);
  const joined = await json<{ scheduled_party_id: string }[]>(victim.get(`${PARTIES}/me/joined`));
  expect(joined.map((j) => j.scheduled_party_id)).not.toContain(hosted.id);

  const bioBefore = (await json<{ bio: string | null }>(victim.get("/api/v1/users/me"))).bio;
  await expectRefused(await victim.request("PATCH", "/api/v1/users/me", { bio: "Pwned" }, evil));
  expect((await json<{ bio: string | null }>(victim.get("/api/v1/users/me"))).bio).toBe(bioBefore);
});

test("a page on another port of the same host (same site, so the cookie travels) is refused", async () => {
  const hosted = await json<Party>(host.post(PARTIES, partyBody("Same-site target")));
  await expectRefused(await victim.request("POST", `${PARTIES}/${hosted.id}/rsvp`, undefined, { Origin: otherPortOrigin, "Sec-Fetch-Site": "same-site" }));
  await expectRefused(await victim.post(PARTIES, partyBody("From another port"), { Origin: otherPortOrigin }));
  expect((await json<Party>(host.get(`${PARTIES}/${hosted.id}`))).rsvp_count).toBe(0);
  expect(await myPartyTitles()).not.toContain("From another port");
});

test("Sec-Fetch-Site: cross-site or same-site without an Origin is refused; same-origin passes", async () => {
  await expectRefused(await rawWithCookie(victimCookie, "POST", PARTIES, { "Sec-Fetch-Site": "cross-site" }, partyBody("Cross-site no origin")));
  await expectRefused(await rawWithCookie(victimCookie, "POST", PARTIES, { "Sec-Fetch-Site": "same-site" }, partyBody("Same-site no origin")));
  const ok = await rawWithCookie(victimCookie, "POST", PARTIES, { "Sec-Fetch-Site": "same-origin" }, partyBody("Same-origin fetch"));
  expect(ok.status).toBe(201);
  const mine = (await json<Party[]>(rawWithCookie(victimCookie, "GET", `${PARTIES}/me`, {}))).map((p) => p.title);
  expect(mine).toContain("Same-origin fetch");
  expect(mine).not.toContain("Cross-site no origin");
  expect(mine).not.toContain("Same-site no origin");
});

test("the site's own origin, a VP_TRUSTED_ORIGINS origin and a non-browser client (no Origin, no Sec-Fetch-Site) may write", async () => {
  expect((await victim.post(PARTIES, partyBody("From the site"), { Origin: app.baseUrl, "Sec-Fetch-Site": "same-origin" })).status).toBe(201);
  expect((await victim.post(PARTIES, partyBody("From the partner"), { Origin: PARTNER })).status).toBe(201);
  // curl or a script holding the cookie itself: no browser, so no page could have forged it.
  expect((await rawWithCookie(victimCookie, "POST", PARTIES, {}, partyBody("From curl"))).status).toBe(201);
  expect(await myPartyTitles()).toEqual(expect.arrayContaining(["From the site", "From the partner", "From curl"]));
});

test("bearer-token and guest-token calls are unaffected by a foreign Origin", async () => {
  const name = uniqueName("bearer");
  const client = new Client(app.baseUrl);
  await client.signUp(name);
  const token = (await client.post("/api/auth/sign-in/username", { username: name, password: "correct-horse-battery" })).headers.get("set-auth-token");
  expect(token).toBeTruthy();
  const created = await fetch(`${app.baseUrl}${PARTIES}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, Origin: EVIL, "Sec-Fetch-Site": "cross-site", "Content-Type": "application/json" },
    body: JSON.stringify(partyBody("Via the extension")),
  });
  expect(created.status).toBe(201);
  expect((await json<Party>(created)).title).toBe("Via the extension");

  const guest = await guestToken(app.baseUrl, "Guest Host");
  const live = await fetch(`${app.baseUrl}/api/v1/parties`, {
    method: "POST",
    headers: { ...bearer(guest), Origin: EVIL, "Content-Type": "application/json" },
    body: JSON.stringify({ video_url: "https://www.netflix.com/watch/80100172", video_title: "Heat" }),
  });
  expect(live.status).toBe(201);
});

test("reads are not blocked by a foreign Origin (they change nothing)", async () => {
  const res = await victim.get("/api/v1/users/me", { Origin: EVIL, "Sec-Fetch-Site": "cross-site" });
  expect(res.status).toBe(200);
});
