/**
 * Rooms over HTTP against the real app (embedded database; in the second run PostgreSQL + Redis):
 * the role matrix (each action × owner, co-host, moderator, member, stranger, anonymous: allowed, or
 * 401/403 with nothing changed), the address rules (reserved words, lookalikes, taken addresses,
 * length and characters: clear messages, nothing created), a changed address leading to the room,
 * invite links, handing a room over, and a room still at its address after the app restarts.
 */
import { Client, startApp, uniqueName, type RunningApp } from "./helpers/app";

jest.setTimeout(180_000);

interface Room {
  id: string;
  slug: string;
  title: string;
  description: string | null;
  privacy: string;
  owner: { id: string; username: string | null; name: string };
  member_count: number;
  your_role: string | null;
  invite_code: string | null;
  live: { party_id: string; join_id: string; title: string; url: string } | null;
  last_played: { title: string; url: string; ended_at: string } | null;
}
interface Member {
  id: string;
  role: string;
}
interface ErrorBody {
  detail: string;
  code: string;
}

const dataDir = `/tmp/vp-rooms-${process.pid}-${Date.now()}`;
let app: RunningApp;
const people = {} as Record<"owner" | "cohost" | "moderator" | "member" | "stranger" | "anon", Client>;
const ids = {} as Record<"owner" | "cohost" | "moderator" | "member" | "stranger", string>;
let ownerUsername: string;

const slugOf = (prefix: string) => uniqueName(prefix).toLowerCase().replace(/[^a-z0-9]+/g, "-");
const json = async <T>(res: Response | Promise<Response>): Promise<T> => (await (await res).json()) as T;

function call(who: keyof typeof people, method: string, path: string, body?: unknown): Promise<Response> {
  return people[who].request(method, path, body);
}

async function expectRefused(res: Promise<Response>, status: number, code: string): Promise<ErrorBody> {
  const r = await res;
  const body = (await r.json()) as ErrorBody;
  expect({ status: r.status, code: body.code }).toEqual({ status, code });
  expect(body.detail.length).toBeGreaterThan(0);
  return body;
}

async function createRoom(body: Record<string, unknown>, who: keyof typeof people = "owner"): Promise<Room> {
  const res = await call(who, "POST", "/api/v1/rooms", { title: "Friday films", ...body });
  expect(res.status).toBe(201);
  return json<Room>(res);
}

async function readRoom(slug: string, who: keyof typeof people = "owner"): Promise<Room> {
  const res = await call(who, "GET", `/api/v1/rooms/${slug}`);
  expect(res.status).toBe(200);
  return json<Room>(res);
}

async function members(slug: string): Promise<Record<string, string>> {
  const list = await json<Member[]>(call("owner", "GET", `/api/v1/rooms/${slug}/members`));
  return Object.fromEntries(list.map((m) => [m.id, m.role]));
}

async function signUpAll(): Promise<void> {
  for (const who of ["owner", "cohost", "moderator", "member", "stranger"] as const) {
    const client = new Client(app.baseUrl);
    const username = uniqueName(who.slice(0, 5));
    if (who === "owner") ownerUsername = username;
    expect((await client.signUp(username)).status).toBe(200);
    people[who] = client;
    ids[who] = (await json<{ id: string }>(client.get("/api/v1/users/me"))).id;
  }
  people.anon = new Client(app.baseUrl);
}

/** A public room whose co-host, moderator and member are the people of those names. */
async function staffedRoom(privacy = "public"): Promise<Room> {
  const room = await createRoom({ slug: slugOf("crew"), privacy });
  const code = room.invite_code!;
  for (const who of ["cohost", "moderator", "member"] as const) {
    expect((await call(who, "POST", `/api/v1/rooms/${room.slug}/members`, { invite_code: code })).status).toBe(200);
    if (who !== "member") expect((await call("owner", "PUT", `/api/v1/rooms/${room.slug}/members/${ids[who]}`, { role: who })).status).toBe(200);
  }
  expect(await members(room.slug)).toEqual({ [ids.owner]: "owner", [ids.cohost]: "cohost", [ids.moderator]: "moderator", [ids.member]: "member" });
  return room;
}

beforeAll(async () => {
  app = await startApp({ dataDir });
  await signUpAll();
});

afterAll(async () => {
  await app?.stop();
  (await import("node:fs")).rmSync(dataDir, { recursive: true, force: true });
});

describe("creating a room", () => {
  test("with its own address: the creator owns it and gets its invite code; a stranger reads it without one", async () => {
    const slug = slugOf("films");
    const room = await createRoom({ slug: slug.toUpperCase(), description: "  Films on Fridays.  ", privacy: "public" });
    expect(room).toMatchObject({ slug, title: "Friday films", description: "Films on Fridays.", privacy: "public", member_count: 1, your_role: "owner" });
    expect(room.owner).toEqual({ id: ids.owner, username: ownerUsername.toLowerCase(), name: ownerUsername });
    expect(room.invite_code).toMatch(/^\w{12}$/);
    const seen = await readRoom(slug, "stranger");
    expect(seen).toMatchObject({ slug, your_role: null, invite_code: null });
    expect((await readRoom(slug, "anon")).invite_code).toBeNull();
  });

  test("an owner whose profile is private is not named to anyone else", async () => {
    const client = new Client(app.baseUrl);
    const username = uniqueName("quiet");
    expect((await client.signUp(username)).status).toBe(200);
    expect((await client.request("PATCH", "/api/v1/users/me", { profile_private: true })).status).toBe(200);
    const room = await json<Room>(client.post("/api/v1/rooms", { slug: slugOf("quiet"), title: "Quiet room" }));
    expect(room.owner).toMatchObject({ username: username.toLowerCase(), name: username });
    for (const who of ["stranger", "anon"] as const) expect((await readRoom(room.slug, who)).owner).toEqual({ id: room.owner.id, username: null, name: "a private owner" });
  });

  test("without an address, a streamer's room is at their username", async () => {
    const client = new Client(app.baseUrl);
    const username = uniqueName("Streamer");
    expect((await client.signUp(username)).status).toBe(200);
    const res = await client.post("/api/v1/rooms", { title: "My channel" });
    expect(res.status).toBe(201);
    expect((await json<Room>(res)).slug).toBe(username.toLowerCase().replace(/_/g, "-"));
  });

  test("bad addresses are refused with a message that says why, and nothing is created", async () => {
    const taken = await createRoom({ slug: slugOf("movie-night") });
    const mine = async () => (await json<Room[]>(call("owner", "GET", "/api/v1/users/me/rooms"))).map((r) => r.slug).sort();
    const before = await mine();
    const cases: [unknown, number, string, string][] = [
      ["ab", 422, "unprocessable_entity", "slug: Address must be 3 to 32 characters."],
      ["x".repeat(33), 422, "unprocessable_entity", "slug: Address must be 3 to 32 characters."],
      ["movie night", 422, "unprocessable_entity", "slug: Address may use only lowercase letters, digits and single hyphens between them."],
      ["movie--night", 422, "unprocessable_entity", "slug: Address may use only lowercase letters, digits and single hyphens between them."],
      ["-movie", 422, "unprocessable_entity", "slug: Address may use only lowercase letters, digits and single hyphens between them."],
      ["parties", 422, "unprocessable_entity", "slug: That address is reserved for the site. Please pick another."],
      ["api", 422, "unprocessable_entity", "slug: That address is reserved for the site. Please pick another."],
      ["adm1n", 422, "unprocessable_entity", "slug: That address is reserved for the site. Please pick another."],
      ["vlewparty", 422, "unprocessable_entity", "slug: That address is reserved for the site. Please pick another."],
      [taken.slug, 409, "room_slug_taken", "That address is taken. Please pick another."],
      [taken.slug.replace(/o/g, "0"), 409, "room_slug_taken", `That address looks too much like /r/${taken.slug}, which is taken. Please pick another.`],
      [taken.slug.replace(/-/g, ""), 409, "room_slug_taken", `That address looks too much like /r/${taken.slug}, which is taken. Please pick another.`],
    ];
    for (const [slug, status, code, detail] of cases) {
      const body = await expectRefused(call("stranger", "POST", "/api/v1/rooms", { slug, title: "Mine now" }), status, code);
      expect({ slug, detail: body.detail }).toEqual({ slug, detail });
    }
    await expectRefused(call("owner", "POST", "/api/v1/rooms", { slug: slugOf("x"), title: " " }), 422, "unprocessable_entity");
    await expectRefused(call("owner", "POST", "/api/v1/rooms", { slug: slugOf("x"), title: "T", privacy: "secret" }), 422, "unprocessable_entity");
    await expectRefused(call("anon", "POST", "/api/v1/rooms", { slug: slugOf("x"), title: "T" }), 401, "unauthorized");
    expect(await mine()).toEqual(before);
    expect(await json<Room[]>(call("stranger", "GET", "/api/v1/users/me/rooms"))).toEqual([]);
  });
});

describe("the role matrix", () => {
  const everyone = ["owner", "cohost", "moderator", "member", "stranger", "anon"] as const;
  type Who = (typeof everyone)[number];
  /** What each person gets for an owner-only change: allowed, or refused with this status and code. */
  const ownerOnly: Record<Who, [number, string?]> = {
    owner: [200],
    cohost: [403, "owner_only"],
    moderator: [403, "owner_only"],
    member: [403, "owner_only"],
    stranger: [403, "owner_only"],
    anon: [401, "unauthorized"],
  };

  test("changing the room's title, description, privacy: the owner only", async () => {
    const room = await staffedRoom();
    // The refusals first, each checked to change nothing; then the owner's change.
    for (const who of [...everyone.slice(1), everyone[0]]) {
      const [status, code] = ownerOnly[who];
      const res = call(who, "PATCH", `/api/v1/rooms/${room.slug}`, { title: `By ${who}`, privacy: "unlisted" });
      if (code) {
        await expectRefused(res, status, code);
        expect(await readRoom(room.slug)).toMatchObject({ title: "Friday films", privacy: "public" });
      } else {
        expect((await res).status).toBe(status);
        expect(await readRoom(room.slug)).toMatchObject({ title: "By owner", privacy: "unlisted" });
      }
    }
  });

  test("replacing the invite link: the owner only; co-hosts see the code, others do not", async () => {
    const room = await staffedRoom();
    const code = room.invite_code;
    expect((await readRoom(room.slug, "cohost")).invite_code).toBe(code);
    for (const who of ["moderator", "member", "stranger", "anon"] as const) expect((await readRoom(room.slug, who)).invite_code).toBeNull();
    for (const who of ["cohost", "moderator", "member", "stranger", "anon"] as const) {
      const [status, refusal] = ownerOnly[who];
      await expectRefused(call(who, "POST", `/api/v1/rooms/${room.slug}/invite`), status, refusal!);
      expect((await readRoom(room.slug)).invite_code).toBe(code);
    }
    const replaced = await json<Room>(call("owner", "POST", `/api/v1/rooms/${room.slug}/invite`));
    expect(replaced.invite_code).not.toBe(code);
    expect((await readRoom(room.slug)).invite_code).toBe(replaced.invite_code);
  });

  test("giving roles: the owner only (co-hosts may not promote)", async () => {
    const room = await staffedRoom();
    const before = await members(room.slug);
    for (const who of ["cohost", "moderator", "member", "stranger", "anon"] as const) {
      const [status, code] = ownerOnly[who];
      await expectRefused(call(who, "PUT", `/api/v1/rooms/${room.slug}/members/${ids.member}`, { role: "cohost" }), status, code!);
      if (who !== "anon" && who !== "cohost") await expectRefused(call(who, "PUT", `/api/v1/rooms/${room.slug}/members/${ids[who]}`, { role: "cohost" }), status, code!);
    }
    expect(await members(room.slug)).toEqual(before);
    const promoted = await json<Member>(call("owner", "PUT", `/api/v1/rooms/${room.slug}/members/${ids.member}`, { role: "moderator" }));
    expect(promoted).toMatchObject({ id: ids.member, role: "moderator" });
    await expectRefused(call("owner", "PUT", `/api/v1/rooms/${room.slug}/members/${ids.stranger}`, { role: "moderator" }), 404, "not_found");
    await expectRefused(call("owner", "PUT", `/api/v1/rooms/${room.slug}/members/${ids.member}`, { role: "admin" }), 422, "unprocessable_entity");
  });

  test("removing a member: the owner, or the member themselves", async () => {
    const room = await staffedRoom();
    for (const who of ["cohost", "moderator", "stranger", "anon"] as const) {
      const [status, code] = ownerOnly[who];
      await expectRefused(call(who, "DELETE", `/api/v1/rooms/${room.slug}/members/${ids.member}`), status, code!);
    }
    expect((await members(room.slug))[ids.member]).toBe("member");
    expect((await call("member", "DELETE", `/api/v1/rooms/${room.slug}/members/${ids.member}`)).status).toBe(204);
    expect((await members(room.slug))[ids.member]).toBeUndefined();
    expect((await call("owner", "DELETE", `/api/v1/rooms/${room.slug}/members/${ids.moderator}`)).status).toBe(204);
    expect(await members(room.slug)).toEqual({ [ids.owner]: "owner", [ids.cohost]: "cohost" });
  });

  test("seeing who belongs: members only", async () => {
    const room = await staffedRoom();
    for (const who of ["owner", "cohost", "moderator", "member"] as const) {
      const res = await call(who, "GET", `/api/v1/rooms/${room.slug}/members`);
      expect({ who, status: res.status }).toEqual({ who, status: 200 });
    }
    await expectRefused(call("stranger", "GET", `/api/v1/rooms/${room.slug}/members`), 403, "not_member");
    await expectRefused(call("anon", "GET", `/api/v1/rooms/${room.slug}/members`), 401, "unauthorized");
  });

  test("deleting the room: the owner only", async () => {
    const room = await staffedRoom();
    for (const who of ["cohost", "moderator", "member", "stranger", "anon"] as const) {
      const [status, code] = ownerOnly[who];
      await expectRefused(call(who, "DELETE", `/api/v1/rooms/${room.slug}`), status, code!);
      expect((await readRoom(room.slug)).member_count).toBe(4);
    }
    expect((await call("owner", "DELETE", `/api/v1/rooms/${room.slug}`)).status).toBe(204);
    await expectRefused(call("owner", "GET", `/api/v1/rooms/${room.slug}`), 404, "not_found");
    expect((await json<Room[]>(call("member", "GET", "/api/v1/users/me/rooms"))).map((r) => r.slug)).not.toContain(room.slug);
  });
});

describe("members-only rooms and invite links", () => {
  test("a stranger needs the current invite code to read or join; a replaced one explains itself", async () => {
    const room = await createRoom({ slug: slugOf("club"), privacy: "members" });
    const old = room.invite_code!;
    await expectRefused(call("stranger", "GET", `/api/v1/rooms/${room.slug}`), 403, "members_only");
    await expectRefused(call("anon", "GET", `/api/v1/rooms/${room.slug}`), 403, "members_only");
    await expectRefused(call("stranger", "POST", `/api/v1/rooms/${room.slug}/members`, {}), 403, "members_only");
    const wrong = await expectRefused(call("stranger", "POST", `/api/v1/rooms/${room.slug}/members`, { invite_code: "nope" }), 403, "invalid_invite");
    expect(wrong.detail).toBe("This invite link is not valid: the room's owner may have replaced it. Ask them for the current one.");
    expect((await readRoom(room.slug)).member_count).toBe(1);

    expect((await readRoom(`${room.slug}?code=${old}`, "anon")).title).toBe("Friday films");
    const replaced = (await json<Room>(call("owner", "POST", `/api/v1/rooms/${room.slug}/invite`))).invite_code!;
    await expectRefused(call("stranger", "POST", `/api/v1/rooms/${room.slug}/members`, { invite_code: old }), 403, "invalid_invite");
    const joined = await json<Room>(call("stranger", "POST", `/api/v1/rooms/${room.slug}/members`, { invite_code: replaced }));
    expect(joined).toMatchObject({ your_role: "member", member_count: 2 });
    // A member reads the room without the code from then on; joining again changes nothing.
    expect((await readRoom(room.slug, "stranger")).your_role).toBe("member");
    expect((await json<Room>(call("stranger", "POST", `/api/v1/rooms/${room.slug}/members`, {}))).member_count).toBe(2);
    expect((await json<Room[]>(call("stranger", "GET", "/api/v1/users/me/rooms"))).map((r) => [r.slug, r.your_role])).toContainEqual([room.slug, "member"]);
  });
});

describe("going live", () => {
  const video = { video_url: "https://www.youtube.com/watch?v=roomLive001", video_title: "Opening night" };
  interface Party {
    id: string;
    visibility: string;
    invite_code: string | null;
  }

  test("the owner and co-hosts go live, one party at a time; the room shows it, then what played last", async () => {
    const room = await staffedRoom();
    for (const who of ["moderator", "member", "stranger"] as const) {
      const refused = await expectRefused(call(who, "POST", `/api/v1/rooms/${room.slug}/live`, video), 403, "forbidden");
      expect(refused.detail).toBe("Only the room's owner and co-hosts can go live in it.");
    }
    await expectRefused(call("anon", "POST", `/api/v1/rooms/${room.slug}/live`, video), 401, "unauthorized");
    expect((await readRoom(room.slug)).live).toBeNull();

    const res = await call("owner", "POST", `/api/v1/rooms/${room.slug}/live`, video);
    expect(res.status).toBe(201);
    const party = await json<Party>(res);
    expect(party.visibility).toBe("public");
    expect((await readRoom(room.slug, "anon")).live).toEqual({ party_id: party.id, join_id: party.id, title: "Opening night", url: video.video_url });
    // A second "Go live" while the room is live, by anyone of its staff, is refused.
    const twice = await expectRefused(call("cohost", "POST", `/api/v1/rooms/${room.slug}/live`, { ...video, video_title: "Another" }), 409, "room_live");
    expect(twice.detail).toBe("This room is live already: join its party, or end it before going live again.");
    await expectRefused(call("owner", "POST", `/api/v1/rooms/${room.slug}/live`, { video_url: "not a link", video_title: "x" }), 422, "unprocessable_entity");

    expect((await call("owner", "DELETE", `/api/v1/parties/${party.id}`)).status).toBe(204);
    const after = await readRoom(room.slug, "stranger");
    expect(after.live).toBeNull();
    expect(after.last_played).toMatchObject({ title: "Opening night", url: video.video_url });

    // The co-host goes live next, and hosts it.
    const next = await json<Party>(call("cohost", "POST", `/api/v1/rooms/${room.slug}/live`, { ...video, video_title: "Second night" }));
    const hosting = await json<{ current_party: { id: string; party_role: string } | null }>(call("cohost", "GET", "/api/v1/users/me/current-party"));
    expect(hosting.current_party).toMatchObject({ id: next.id, party_role: "host" });
    expect((await readRoom(room.slug)).live?.title).toBe("Second night");
    expect((await call("cohost", "DELETE", `/api/v1/parties/${next.id}`)).status).toBe(204);
    expect((await readRoom(room.slug)).last_played?.title).toBe("Second night");
  });

  test("a members-only room's party is private: its members join it by its invite code", async () => {
    const room = await staffedRoom("members");
    const party = await json<Party>(call("cohost", "POST", `/api/v1/rooms/${room.slug}/live`, video));
    expect(party.visibility).toBe("private");
    expect((await readRoom(room.slug, "member")).live?.join_id).toBe(party.invite_code);
    await expectRefused(call("stranger", "GET", `/api/v1/rooms/${room.slug}`), 403, "members_only");
    expect((await call("cohost", "DELETE", `/api/v1/parties/${party.id}`)).status).toBe(204);
  });
});

describe("owners and addresses", () => {
  test("the owner cannot leave before handing the room over; after the handover the old owner is a co-host", async () => {
    const room = await staffedRoom();
    const stay = await expectRefused(call("owner", "DELETE", `/api/v1/rooms/${room.slug}/members/${ids.owner}`), 409, "owner_must_hand_over");
    expect(stay.detail).toBe("You own this room: hand it over to another member before you leave it.");
    await expectRefused(call("owner", "PUT", `/api/v1/rooms/${room.slug}/members/${ids.owner}`, { role: "member" }), 409, "owner_must_hand_over");
    expect((await readRoom(room.slug)).your_role).toBe("owner");

    const handed = await json<Member>(call("owner", "PUT", `/api/v1/rooms/${room.slug}/members/${ids.moderator}`, { role: "owner" }));
    expect(handed).toMatchObject({ id: ids.moderator, role: "owner" });
    expect(await readRoom(room.slug)).toMatchObject({ your_role: "cohost", owner: { id: ids.moderator } });
    // The old owner, a co-host now, may not give roles any more; and may leave.
    await expectRefused(call("owner", "PUT", `/api/v1/rooms/${room.slug}/members/${ids.member}`, { role: "cohost" }), 403, "owner_only");
    expect((await call("owner", "DELETE", `/api/v1/rooms/${room.slug}/members/${ids.owner}`)).status).toBe(204);
    expect((await readRoom(room.slug, "owner")).your_role).toBeNull();
  });

  test("a changed address: the old one leads to the room and nobody else can take it; the room can take it back", async () => {
    const room = await createRoom({ slug: slugOf("old-home") });
    const moved = slugOf("new-home");
    const updated = await json<Room>(call("owner", "PATCH", `/api/v1/rooms/${room.slug}`, { slug: moved }));
    expect(updated.slug).toBe(moved);
    expect(await readRoom(room.slug, "stranger")).toMatchObject({ id: room.id, slug: moved });
    await expectRefused(call("stranger", "POST", "/api/v1/rooms", { slug: room.slug, title: "Squatter" }), 409, "room_slug_taken");
    await expectRefused(call("owner", "PATCH", `/api/v1/rooms/${moved}`, { slug: "parties" }), 422, "unprocessable_entity");
    const back = await json<Room>(call("owner", "PATCH", `/api/v1/rooms/${moved}`, { slug: room.slug }));
    expect(back.slug).toBe(room.slug);
    expect((await readRoom(moved, "stranger")).slug).toBe(room.slug);
  });

  test("a room is still at its address, with its members and roles, after the app restarts", async () => {
    const room = await staffedRoom("members");
    await app.stop();
    app = await startApp({ dataDir });
    // The sessions are the database's: each person is still signed in on the new process.
    for (const who of ["owner", "cohost", "moderator", "member", "stranger"] as const) {
      const client = new Client(app.baseUrl);
      Object.assign(client, { cookies: (people[who] as unknown as { cookies: Map<string, string> }).cookies });
      people[who] = client;
    }
    people.anon = new Client(app.baseUrl);
    expect(await readRoom(room.slug, "member")).toMatchObject({ id: room.id, privacy: "members", member_count: 4, your_role: "member" });
    expect(await members(room.slug)).toEqual({ [ids.owner]: "owner", [ids.cohost]: "cohost", [ids.moderator]: "moderator", [ids.member]: "member" });
    await expectRefused(call("stranger", "GET", `/api/v1/rooms/${room.slug}`), 403, "members_only");
  });
});
