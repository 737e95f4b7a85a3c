/**
 * The scheduled-party API over HTTP against the real app on its embedded database: the
 * authorization matrix (anonymous / owner / other user) of every mutating route, validation
 * failures (422 with a `detail`, nothing changed), RSVP idempotence and counts, private parties.
 */
import { Client, startApp, uniqueName, type RunningApp } from "./helpers/app";

jest.setTimeout(120_000);

let app: RunningApp;
let owner: Client;
let other: Client;
let third: Client;
let anon: Client;
let ownerId: string;

const FUTURE = "2031-03-14T20:00:00.000Z";
const BASE = "/api/v1/scheduled-parties";

interface Party {
  id: string;
  title: string;
  description: string | null;
  show_movie: string;
  platform: string;
  date_time: string;
  privacy: string;
  status: string;
  rsvp_count: number;
  host_id: string;
  host_username: string | null;
  host: { username: string | null };
  invite_code: string | null;
}

async function json<T>(res: Response | Promise<Response>): Promise<T> {
  return (await (await res).json()) as T;
}

function send(client: Client, method: string, path: string, body?: unknown) {
  return client.request(method, path, body);
}

async function create(client: Client, overrides: Record<string, unknown> = {}): Promise<Party> {
  const res = await client.post(BASE, { title: "Heat watch-along", date_time: FUTURE, show_movie: "Netflix", ...overrides });
  expect(res.status).toBe(201);
  return json<Party>(res);
}

async function getParty(id: string, client: Client = owner): Promise<Party> {
  const res = await client.get(`${BASE}/${id}`);
  expect(res.status).toBe(200);
  return json<Party>(res);
}

beforeAll(async () => {
  app = await startApp();
  [owner, other, third, anon] = [new Client(app.baseUrl), new Client(app.baseUrl), new Client(app.baseUrl), new Client(app.baseUrl)];
  const ownerName = uniqueName("host");
  expect((await owner.signUp(ownerName)).status).toBe(200);
  expect((await other.signUp(uniqueName("other"))).status).toBe(200);
  expect((await third.signUp(uniqueName("third"))).status).toBe(200);
  ownerId = (await json<{ id: string }>(owner.get("/api/v1/users/me"))).id;
});

afterAll(async () => {
  await app?.stop();
});

test("the list answers without a session, with and without the trailing slash", async () => {
  for (const path of [BASE, `${BASE}/`]) {
    const res = await fetch(`${app.baseUrl}${path}`); // follows the trailing-slash redirect like a browser
    expect(res.status).toBe(200);
    expect(Array.isArray(await res.json())).toBe(true);
  }
});

test("create: the owner gets 201 and the spec's fields; defaults and trimming apply; counts are not the client's", async () => {
  const party = await create(owner, { description: "   \n  Bring snacks.  ", rsvp_count: 99, host_id: "someone-else" });
  expect(party).toMatchObject({
    title: "Heat watch-along",
    description: "Bring snacks.  ",
    show_movie: "Netflix",
    platform: "Netflix",
    date_time: FUTURE,
    privacy: "public",
    status: "upcoming",
    rsvp_count: 0,
    host_id: ownerId,
  });
  expect(party.host.username).toBe(party.host_username);
  // `platform` is accepted as the other name of show_movie.
  const viaPlatform = await create(owner, { show_movie: undefined, platform: "HBO Max" });
  expect(viaPlatform.show_movie).toBe("HBO Max");
});

test("create: anonymous → 401, and nothing is created", async () => {
  const before = (await json<Party[]>(anon.get(BASE))).length;
  const res = await anon.post(BASE, { title: "Sneaky", date_time: FUTURE, show_movie: "Netflix" });
  expect(res.status).toBe(401);
  expect((await json<Party[]>(anon.get(BASE))).length).toBe(before);
});

test.each([
  [{ title: "   ", date_time: FUTURE, show_movie: "Netflix" }, /Title is required/],
  [{ date_time: FUTURE, show_movie: "Netflix" }, /Title is required/],
  [{ title: "No date", show_movie: "Netflix" }, /date_time: Pick a date and time\./],
  [{ title: "Bad date", date_time: "next friday", show_movie: "Netflix" }, /date_time: Pick a date and time\./],
  [{ title: "Local time", date_time: "2031-03-14T20:00", show_movie: "Netflix" }, /date_time: Pick a date and time\./],
  [{ title: "No platform", date_time: FUTURE }, /Platform must be one of/],
  [{ title: "Bad platform", date_time: FUTURE, show_movie: "Hulu" }, /Platform must be one of/],
  [{ title: "Bad privacy", date_time: FUTURE, show_movie: "Netflix", privacy: "secret" }, /Privacy must be public or private/],
  [{ title: "x".repeat(201), date_time: FUTURE, show_movie: "Netflix" }, /at most 200/],
])("create: invalid body %# → 422 with a detail, nothing created", async (body, detail) => {
  const before = (await json<Party[]>(owner.get(`${BASE}/me`))).length;
  const res = await owner.post(BASE, body);
  expect(res.status).toBe(422);
  expect((await json<{ detail: string }>(res)).detail).toMatch(detail);
  expect((await json<Party[]>(owner.get(`${BASE}/me`))).length).toBe(before);
});

test("a start time that has passed is refused on create and on moving a party, in plain words; a few minutes' slack is allowed", async () => {
  const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  const before = (await json<Party[]>(owner.get(`${BASE}/me`))).length;
  const twoDaysAgo = await owner.post(BASE, { title: "Too late", date_time: ago(2 * 24 * 60), show_movie: "Netflix" });
  expect(twoDaysAgo.status).toBe(422);
  expect((await json<{ detail: string }>(twoDaysAgo)).detail).toBe("date_time: That time has already passed.");
  expect((await json<Party[]>(owner.get(`${BASE}/me`))).length).toBe(before);

  // Filled in a moment ago: within the grace, accepted.
  const justNow = ago(1);
  const party = await create(owner, { title: "Starting now", date_time: justNow });
  expect(party.date_time).toBe(justNow);

  // Moving it into the past is refused and changes nothing; sending its own time back is fine.
  const moved = await send(owner, "PUT", `${BASE}/${party.id}`, { title: "Moved", date_time: ago(60), show_movie: "Netflix" });
  expect(moved.status).toBe(422);
  expect((await json<{ detail: string }>(moved)).detail).toBe("date_time: That time has already passed.");
  expect(await getParty(party.id)).toMatchObject({ title: "Starting now", date_time: justNow });
  const kept = await send(owner, "PUT", `${BASE}/${party.id}`, { title: "Starting now (snacks)", date_time: justNow, show_movie: "Netflix" });
  expect(kept.status).toBe(200);
  expect(await getParty(party.id)).toMatchObject({ title: "Starting now (snacks)", date_time: justNow });
});

test("create: a body that is not JSON → 400", async () => {
  const res = await owner.request("POST", BASE, "{not json");
  expect(res.status).toBe(400);
});

test("update: owner 200; other user 403; anonymous 401; invalid 422 — the party changes only for the owner", async () => {
  const party = await create(owner, { title: "Original", description: "Original description" });
  const edit = { title: "Edited", date_time: "2031-04-01T18:30:00Z", show_movie: "YouTube", privacy: "public", description: "  New text" };

  expect((await send(other, "PUT", `${BASE}/${party.id}`, edit)).status).toBe(403);
  expect((await send(anon, "PUT", `${BASE}/${party.id}`, edit)).status).toBe(401);
  const invalid = await send(owner, "PUT", `${BASE}/${party.id}`, { ...edit, title: "" });
  expect(invalid.status).toBe(422);
  expect((await json<{ detail: string }>(invalid)).detail).toMatch(/Title is required/);
  expect(await getParty(party.id)).toMatchObject({ title: "Original", description: "Original description", show_movie: "Netflix" });

  const res = await send(owner, "PUT", `${BASE}/${party.id}`, edit);
  expect(res.status).toBe(200);
  expect(await json<Party>(res)).toMatchObject({ title: "Edited", description: "New text", show_movie: "YouTube", date_time: "2031-04-01T18:30:00.000Z" });
  expect((await getParty(party.id, other)).title).toBe("Edited");
});

test("delete: other user 403; anonymous 401; owner 204, then it is gone with its RSVPs", async () => {
  const party = await create(owner, { title: "Doomed" });
  expect((await send(other, "POST", `${BASE}/${party.id}/rsvp`)).status).toBe(201);

  expect((await send(other, "DELETE", `${BASE}/${party.id}`)).status).toBe(403);
  expect((await send(anon, "DELETE", `${BASE}/${party.id}`)).status).toBe(401);
  expect((await getParty(party.id)).title).toBe("Doomed");

  expect((await send(owner, "DELETE", `${BASE}/${party.id}`)).status).toBe(204);
  expect((await owner.get(`${BASE}/${party.id}`)).status).toBe(404);
  expect((await send(owner, "DELETE", `${BASE}/${party.id}`)).status).toBe(404);
  const joined = await json<{ scheduled_party_id: string }[]>(other.get(`${BASE}/me/joined`));
  expect(joined.map((r) => r.scheduled_party_id)).not.toContain(party.id);
});

test("RSVP: anonymous 401; RSVP is idempotent (\"Already RSVP\"), un-RSVP too; counts come from the database", async () => {
  const party = await create(owner, { title: "RSVP me" });
  expect((await send(anon, "POST", `${BASE}/${party.id}/rsvp`)).status).toBe(401);
  expect((await send(anon, "DELETE", `${BASE}/${party.id}/rsvp`)).status).toBe(401);

  const first = await send(other, "POST", `${BASE}/${party.id}/rsvp`);
  expect(first.status).toBe(201);
  expect(await json(first)).toMatchObject({ rsvped: true, rsvp_count: 1, scheduled_party_id: party.id });
  const again = await send(other, "POST", `${BASE}/${party.id}/rsvp`, { rsvp_count: 50 });
  expect(again.status).toBe(200);
  const againBody = await json<{ message: string; rsvp_count: number }>(again);
  expect(againBody.message).toContain("Already RSVP");
  expect(againBody.rsvp_count).toBe(1);
  expect((await send(third, "POST", `${BASE}/${party.id}/rsvp`)).status).toBe(201);
  expect((await getParty(party.id, anon)).rsvp_count).toBe(2);

  const joined = await json<{ scheduled_party_id: string; title: string; date_time: string; status: string; host_username: string }[]>(
    other.get(`${BASE}/me/joined`),
  );
  expect(joined.find((r) => r.scheduled_party_id === party.id)).toMatchObject({ title: "RSVP me", date_time: FUTURE, status: "upcoming" });

  const off = await send(other, "DELETE", `${BASE}/${party.id}/rsvp`);
  expect(off.status).toBe(200);
  expect(await json(off)).toMatchObject({ rsvped: false, rsvp_count: 1 });
  const offAgain = await send(other, "DELETE", `${BASE}/${party.id}/rsvp`);
  expect(offAgain.status).toBe(200);
  expect(await json(offAgain)).toMatchObject({ rsvped: false, rsvp_count: 1 });
  expect((await json<{ scheduled_party_id: string }[]>(other.get(`${BASE}/me/joined`))).map((r) => r.scheduled_party_id)).not.toContain(party.id);
  expect((await send(other, "POST", `${BASE}/does-not-exist/rsvp`)).status).toBe(404);
});

test("RSVP: the host cannot RSVP to their own party (422 with a reason, the count unchanged)", async () => {
  const party = await create(owner, { title: "My own party" });
  const res = await send(owner, "POST", `${BASE}/${party.id}/rsvp`);
  expect(res.status).toBe(422);
  expect(await json(res)).toMatchObject({ code: "host_cannot_rsvp", detail: "You host this party, so you cannot RSVP to it." });
  expect((await getParty(party.id, anon)).rsvp_count).toBe(0);
  expect((await json<{ scheduled_party_id: string }[]>(owner.get(`${BASE}/me/joined`))).map((r) => r.scheduled_party_id)).not.toContain(party.id);
});

test("private parties: only the host, invite-code holders and invitees see or RSVP; the code is the host's alone", async () => {
  const party = await create(owner, { title: "Secret screening", privacy: "private" });
  expect(party.invite_code).toMatch(/^[A-Z0-9]{10}$/);
  const ids = (list: Party[]) => list.map((p) => p.id);

  expect(ids(await json<Party[]>(anon.get(BASE)))).not.toContain(party.id);
  expect(ids(await json<Party[]>(other.get(BASE)))).not.toContain(party.id);
  expect(ids(await json<Party[]>(other.get(`${BASE}/host/${ownerId}`)))).not.toContain(party.id);
  expect((await other.get(`${BASE}/${party.id}`)).status).toBe(404);
  expect((await send(other, "POST", `${BASE}/${party.id}/rsvp`)).status).toBe(404);
  expect((await send(other, "POST", `${BASE}/${party.id}/rsvp?code=WRONGCODE1`)).status).toBe(404);
  expect((await send(other, "PUT", `${BASE}/${party.id}`, { title: "Mine now", date_time: FUTURE, show_movie: "Netflix" })).status).toBe(404);

  // The host sees it everywhere, with the code.
  expect(ids(await json<Party[]>(owner.get(BASE)))).toContain(party.id);
  // With the trailing slash: a permanent redirect (method and credentials kept) to the same list.
  const slash = await owner.get(`${BASE}/`);
  expect(slash.status).toBe(308);
  expect(new URL(slash.headers.get("location")!, app.baseUrl).pathname).toBe(BASE);
  expect(ids(await json<Party[]>(owner.get(new URL(slash.headers.get("location")!, app.baseUrl).pathname)))).toContain(party.id);
  expect((await json<Party[]>(owner.get(`${BASE}/me`))).find((p) => p.id === party.id)?.invite_code).toBe(party.invite_code);

  // With the code: visible and RSVP-able; afterwards the invitee sees it without the code, never the code itself.
  const withCode = await other.get(`${BASE}/${party.id}?code=${party.invite_code}`);
  expect(withCode.status).toBe(200);
  expect((await json<Party>(withCode)).invite_code).toBeNull();
  expect((await send(other, "POST", `${BASE}/${party.id}/rsvp?code=${party.invite_code}`)).status).toBe(201);
  const invitee = await json<Party[]>(other.get(BASE));
  expect(invitee.find((p) => p.id === party.id)).toMatchObject({ rsvp_count: 1, invite_code: null });
  expect((await other.get(`${BASE}/${party.id}`)).status).toBe(200);
  // Still hidden from everyone else.
  expect(ids(await json<Party[]>(third.get(BASE)))).not.toContain(party.id);
  expect(ids(await json<Party[]>(anon.get(BASE)))).not.toContain(party.id);
});

test("reads that need a session answer 401 without one", async () => {
  expect((await anon.get(`${BASE}/me`)).status).toBe(401);
  expect((await anon.get(`${BASE}/me/joined`)).status).toBe(401);
});

test("host/{id}: a user's visible parties; an unknown user → 404", async () => {
  const party = await create(owner, { title: "Listed on my profile" });
  const list = await json<Party[]>(anon.get(`${BASE}/host/${ownerId}`));
  expect(list.every((p) => p.host_id === ownerId)).toBe(true);
  expect(list.map((p) => p.id)).toContain(party.id);
  expect((await anon.get(`${BASE}/host/nobody-here`)).status).toBe(404);
});
