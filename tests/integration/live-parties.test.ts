/**
 * Live parties against the real app: clients follow the host over SSE, only the host steers, a
 * dropped client resumes with Last-Event-ID and gets every missed event exactly once, chat limits,
 * presence and the party state machine, and the public list with its deltas stream.
 */
import { startApp, type RunningApp } from "./helpers/app";
import { api, command, createParty, guestToken, joinAndOpen, type Ev } from "./helpers/party";
import { SseClient } from "./helpers/sse";

jest.setTimeout(90_000);

let app: RunningApp;
const streams: SseClient<Ev>[] = [];

async function stream(partyId: string, token: string, headers: Record<string, string> = {}) {
  const s = await joinAndOpen(app.baseUrl, partyId, token, headers);
  streams.push(s);
  return s;
}

/** The party's state as a stream last saw it (its snapshot, then any `party` events). */
function lastState(s: SseClient<Ev>): string | undefined {
  const parties = s.events.map((e) => e.data).filter((d) => d.type === "snapshot" || d.type === "party");
  return (parties.at(-1)?.party as { state?: string } | undefined)?.state;
}

/**
 * Opens the host's stream and waits until the party has its host online and is ACTIVE. The grace
 * timer is short here (800 ms), so on a slow machine it may fire before the host's stream is counted;
 * the party then returns to ACTIVE as soon as the host's presence lands. Waiting for that makes what
 * guests see next independent of the machine's speed.
 */
async function connectHost(partyId: string, token: string): Promise<SseClient<Ev>> {
  const host = await stream(partyId, token);
  await host.waitFor((e) => e.type === "presence" && e.hostOnline === true);
  if (lastState(host) !== "ACTIVE") await host.waitFor((e) => e.type === "party" && (e.party as { state: string }).state === "ACTIVE");
  return host;
}

beforeAll(async () => {
  app = await startApp({ env: { VP_HOST_GRACE_MS: "800", VP_PARTY_END_AFTER_MS: "2500" } });
});
afterEach(() => {
  for (const s of streams.splice(0)) s.close();
});
afterAll(async () => {
  await app?.stop();
});

test("two guests follow the host's play, pause and seek; snapshots come first", async () => {
  const host = await guestToken(app.baseUrl, "Host One");
  const party = await createParty(app.baseUrl, host);
  await connectHost(party.id, host);
  const a = await stream(party.id, await guestToken(app.baseUrl, "Ann"));
  const b = await stream(party.id, await guestToken(app.baseUrl, "Ben"));
  for (const s of [a, b]) {
    const first = s.events[0]?.data ?? (await s.waitFor(() => true)).data;
    expect(first).toMatchObject({ type: "snapshot", role: "guest", party: { id: party.id, state: "ACTIVE" }, playback: { paused: true } });
  }

  expect((await command(app.baseUrl, party.id, host, { type: "play", position: 12.5, cid: 1 })).status).toBe(200);
  expect((await command(app.baseUrl, party.id, host, { type: "pause", position: 20, cid: 2 })).status).toBe(200);
  expect((await command(app.baseUrl, party.id, host, { type: "seek", position: 95, cid: 3 })).status).toBe(200);

  for (const s of [a, b]) {
    const seek = await s.waitFor((e) => e.type === "playback" && (e as { cid?: number }).cid === 3);
    const states = s.events.filter((e) => e.data.type === "playback").map((e) => e.data.state as Record<string, unknown>);
    expect(states.map((st) => [st.paused, st.position])).toEqual([
      [false, 12.5],
      [true, 20],
      [true, 95],
    ]);
    // Every event id increases.
    const ids = s.events.map((e) => Number(e.id));
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);
    expect(seek.data.state).toMatchObject({ seq: 3 });
  }
});

test("the host's buffered horizon travels with the playback state; a bad one is 422 with detail", async () => {
  const host = await guestToken(app.baseUrl, "Host Horizon");
  const party = await createParty(app.baseUrl, host);
  await connectHost(party.id, host);
  const guest = await stream(party.id, await guestToken(app.baseUrl, "Hal"));
  await guest.waitFor((e) => e.type === "snapshot");
  for (const body of [
    { type: "horizon", horizon: -1 },
    { type: "horizon", horizon: "soon" },
    { type: "horizon" },
    { type: "play", position: 12, horizon: 10_000_001 },
  ]) {
    const res = await command(app.baseUrl, party.id, host, body);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ detail: expect.any(String), code: expect.any(String) });
  }
  expect((await command(app.baseUrl, party.id, host, { type: "play", position: 12, horizon: 40, cid: 1 })).status).toBe(200);
  expect((await command(app.baseUrl, party.id, host, { type: "horizon", horizon: 70.5, cid: 2 })).status).toBe(200);
  expect((await command(app.baseUrl, party.id, host, { type: "horizon", horizon: null, cid: 3 })).status).toBe(200);
  // A guest may not speak for the host's player.
  expect((await command(app.baseUrl, party.id, await guestToken(app.baseUrl, "Not Host"), { type: "horizon", horizon: 1 })).status).toBe(403);
  await guest.waitFor((e) => e.type === "playback" && (e as { cid?: number }).cid === 3);
  const states = guest.events.filter((e) => e.data.type === "playback").map((e) => e.data.state as Record<string, unknown>);
  expect(states.map((st) => [st.paused, st.position, st.horizon])).toEqual([
    [false, 12, 40],
    [false, 12, 70.5],
    [false, 12, undefined],
  ]);
  // A late joiner's snapshot holds the state as it is.
  await command(app.baseUrl, party.id, host, { type: "horizon", horizon: 90, cid: 4 });
  await guest.waitFor((e) => e.type === "playback" && (e as { cid?: number }).cid === 4);
  const late = await stream(party.id, await guestToken(app.baseUrl, "Late Lou"));
  const snapshot = await late.waitFor((e) => e.type === "snapshot");
  expect(snapshot.data.playback).toMatchObject({ paused: false, position: 12, horizon: 90 });
});

test("a guest's play/pause/seek/drawing is refused with 403 and changes nothing", async () => {
  const host = await guestToken(app.baseUrl, "Host Two");
  const party = await createParty(app.baseUrl, host);
  const guest = await guestToken(app.baseUrl, "Sneaky");
  const s = await stream(party.id, guest);
  await s.waitFor((e) => e.type === "snapshot");
  for (const body of [
    { type: "play" },
    { type: "seek", position: 100 },
    { type: "rate", rate: 2 },
    { type: "draw.clear" },
    { type: "media", url: "https://www.youtube.com/watch?v=x", title: "Other" },
  ]) {
    const res = await command(app.baseUrl, party.id, guest, body);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ detail: "Only the host can control playback and drawing.", code: "host_only" });
  }
  // A stranger who never joined cannot even chat.
  const stranger = await guestToken(app.baseUrl, "Stranger");
  expect((await command(app.baseUrl, party.id, stranger, { type: "chat", text: "hi" })).status).toBe(403);
  // Nothing was logged: a marker chat is the next event after the snapshot and presence.
  await command(app.baseUrl, party.id, guest, { type: "chat", text: "marker" });
  await s.waitFor((e) => e.type === "chat");
  expect(s.events.filter((e) => e.data.type === "playback" || e.data.type.startsWith("draw"))).toHaveLength(0);
  // Anonymous: 401.
  expect((await api(app.baseUrl, "POST", `/api/v1/parties/${party.id}/commands`, null, { v: 1, type: "play" })).status).toBe(401);
});

test("a dropped client resumes with Last-Event-ID and receives every missed event exactly once", async () => {
  const host = await guestToken(app.baseUrl, "Host Three");
  const party = await createParty(app.baseUrl, host);
  const guest = await guestToken(app.baseUrl, "Dropper");
  const first = await stream(party.id, guest);
  await command(app.baseUrl, party.id, host, { type: "play", position: 1, cid: 1 });
  await first.waitFor((e) => e.type === "playback");
  const resumeFrom = first.lastId!;
  first.close();

  for (let i = 0; i < 5; i++) await command(app.baseUrl, party.id, host, { type: "seek", position: 10 + i, cid: 10 + i });
  await command(app.baseUrl, party.id, guest, { type: "chat", text: "while away" });

  const resumed = await stream(party.id, guest, { "Last-Event-ID": resumeFrom });
  await resumed.waitFor((e) => e.type === "chat");
  await command(app.baseUrl, party.id, host, { type: "pause", cid: 99 });
  await resumed.waitFor((e) => (e as { cid?: number }).cid === 99);

  const seen = resumed.events.map((e) => e.data);
  expect(seen.some((e) => e.type === "snapshot")).toBe(false);
  const seekCids = seen.filter((e) => e.type === "playback").map((e) => (e as { cid?: number }).cid);
  expect(seekCids).toEqual([10, 11, 12, 13, 14, 99]);
  const ids = resumed.events.map((e) => e.id);
  expect(new Set(ids).size).toBe(ids.length);
  expect(Number(ids[0])).toBe(Number(resumeFrom) + 1);

  // An unknown or too old id gets a fresh snapshot instead.
  const fresh = await stream(party.id, guest, { "Last-Event-ID": "999999" });
  expect((await fresh.waitFor(() => true)).data.type).toBe("snapshot");
});

test("chat: over 500 characters is 422; members see messages; late joiners get recent history", async () => {
  const host = await guestToken(app.baseUrl, "Host Four");
  const party = await createParty(app.baseUrl, host);
  const guest = await guestToken(app.baseUrl, "Chatty");
  const s = await stream(party.id, guest);
  await s.waitFor((e) => e.type === "snapshot");

  const long = await command(app.baseUrl, party.id, guest, { type: "chat", text: "x".repeat(501) });
  expect(long.status).toBe(422);
  expect(((await long.json()) as { detail: string }).detail).toContain("longer than 500 characters");
  expect((await command(app.baseUrl, party.id, guest, { type: "chat", text: "   " })).status).toBe(422);
  expect((await command(app.baseUrl, party.id, guest, { type: "chat", text: "y".repeat(500) })).status).toBe(200);
  expect((await command(app.baseUrl, party.id, host, { type: "chat", text: "welcome!" })).status).toBe(200);

  const msg = await s.waitFor((e) => e.type === "chat" && (e.message as { text: string }).text === "welcome!");
  expect(msg.data.message).toMatchObject({ displayName: "Host Four" });

  const late = await stream(party.id, await guestToken(app.baseUrl, "Late"));
  const snap = (await late.waitFor((e) => e.type === "snapshot")).data as unknown as { chat: { text: string }[] };
  expect(snap.chat.map((m) => m.text)).toEqual(["y".repeat(500), "welcome!"]);
});

test("chat is rate limited per member", async () => {
  const host = await guestToken(app.baseUrl, "Host Five");
  const party = await createParty(app.baseUrl, host);
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) statuses.push((await command(app.baseUrl, party.id, host, { type: "chat", text: `m${i}` })).status);
  expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
  expect(statuses[10]).toBe(429);
});

test("invalid input is rejected with 4xx detail and creates nothing", async () => {
  const host = await guestToken(app.baseUrl, "Host Six");
  for (const body of [
    {},
    { video_url: "javascript:alert(1)", video_title: "x" },
    { video_url: "https://www.netflix.com/watch/1", video_title: "" },
    { video_url: "https://www.twitch.tv/videos/1", video_title: "x", chat_provider: "twitch" },
    { video_url: "https://www.netflix.com/watch/1", video_title: "x", streamer_latency_ms: -5 },
  ]) {
    const res = await api(app.baseUrl, "POST", "/api/v1/parties", host, body);
    expect(res.status).toBe(422);
    expect(await res.json()).toHaveProperty("detail");
  }
  expect((await api(app.baseUrl, "POST", "/api/v1/parties", host, "{oops")).status).toBe(400);
  expect((await api(app.baseUrl, "POST", "/api/v1/parties", null, { video_url: "https://a.b/c", video_title: "x" })).status).toBe(401);
  const mine = await api(app.baseUrl, "GET", "/api/v1/users/me/current-party", host);
  expect(await mine.json()).toEqual({ current_party: null });
  const bad = await command(app.baseUrl, "nope", host, { type: "ping", t0: 1 });
  expect(bad.status).toBe(404);
  expect((await api(app.baseUrl, "POST", "/api/v1/guests", null, { username: "<script>" })).status).toBe(422);
});

test("one live party per host; private parties are reachable only by invite code and never listed", async () => {
  const host = await guestToken(app.baseUrl, "Host Seven");
  const party = await createParty(app.baseUrl, host, { visibility: "private" });
  expect((await api(app.baseUrl, "POST", "/api/v1/parties", host, { video_url: "https://www.hulu.com/watch/1", video_title: "Two" })).status).toBe(409);

  const list = (await (await fetch(`${app.baseUrl}/api/v1/parties/active`)).json()) as { id: string }[];
  expect(list.map((p) => p.id)).not.toContain(party.id);

  const outsider = await guestToken(app.baseUrl, "Outsider");
  expect((await api(app.baseUrl, "GET", `/api/v1/parties/${party.id}`, outsider)).status).toBe(404);
  await expect(stream(party.id, outsider)).rejects.toMatchObject({ status: 404 });
  const byCode = await api(app.baseUrl, "POST", `/api/v1/parties/${party.invite_code.toLowerCase()}/join`, outsider);
  expect(byCode.status).toBe(200);
  expect(await byCode.json()).toMatchObject({ id: party.id, role: "guest", visibility: "private" });
  // Once a member, the id works too.
  expect((await api(app.baseUrl, "GET", `/api/v1/parties/${party.id}`, outsider)).status).toBe(200);
  // Only the host ends it.
  expect((await api(app.baseUrl, "DELETE", `/api/v1/parties/${party.id}`, outsider)).status).toBe(403);
  expect((await api(app.baseUrl, "DELETE", `/api/v1/parties/${party.id}`, host)).status).toBe(204);
});

test("current party and leave party: a guest leaves; the host leaving ends the party", async () => {
  const host = await guestToken(app.baseUrl, "Host Eight");
  const party = await createParty(app.baseUrl, host);
  const guest = await guestToken(app.baseUrl, "Leaver");
  await api(app.baseUrl, "POST", `/api/v1/parties/${party.id}/join`, guest);
  const current = (await (await api(app.baseUrl, "GET", "/api/v1/users/me/current-party", guest)).json()) as {
    current_party: Record<string, unknown>;
  };
  expect(current.current_party).toMatchObject({ id: party.id, party_role: "guest", video_title: "Heat", platform: "Netflix" });
  expect((await api(app.baseUrl, "DELETE", "/api/v1/users/me/leave-party", guest)).status).toBe(204);
  expect(await (await api(app.baseUrl, "GET", "/api/v1/users/me/current-party", guest)).json()).toEqual({ current_party: null });
  expect((await api(app.baseUrl, "DELETE", "/api/v1/users/me/leave-party", guest)).status).toBe(404);

  const hostView = (await (await api(app.baseUrl, "GET", "/api/v1/users/me/current-party", host)).json()) as {
    current_party: { party_role: string };
  };
  expect(hostView.current_party.party_role).toBe("host");
  expect((await api(app.baseUrl, "DELETE", "/api/v1/users/me/leave-party", host)).status).toBe(204);
  const list = (await (await fetch(`${app.baseUrl}/api/v1/parties/active`)).json()) as { id: string }[];
  expect(list.map((p) => p.id)).not.toContain(party.id);
});

test("the active list and its deltas reflect create, update, size, AWAITING_RECONNECT and ENDED", async () => {
  const deltas = await SseClient.open<Ev>(`${app.baseUrl}/api/v1/parties/active/deltas`);
  streams.push(deltas);
  const host = await guestToken(app.baseUrl, "Host Nine");
  const party = await createParty(app.baseUrl, host, { video_url: "https://www.youtube.com/watch?v=abc", video_title: "Trailer" });
  const pid = party.id;
  const about = (type: string) => (e: Ev) => e.type === type && (e.payload as { id: string }).id === pid;

  const created = await deltas.waitFor(about("PARTY_CREATED"));
  expect((created.data.payload as { party: Record<string, unknown> }).party).toMatchObject({ video_title: "Trailer", platform: "YouTube" });

  const fieldsUrl = `${app.baseUrl}/api/v1/parties/active?fields=id,host_display_name,platform_id,platform_domain,chat_provider,chat_identifier,created_at,party_size,video_title,host_video_url&limit=100`;
  const listed = ((await (await fetch(fieldsUrl)).json()) as Record<string, unknown>[]).find((p) => p.id === pid);
  expect(Object.keys(listed ?? {}).sort()).toEqual(
    ["id", "host_display_name", "platform_id", "platform_domain", "chat_provider", "chat_identifier", "created_at", "party_size", "video_title", "host_video_url"].sort(),
  );
  expect((await fetch(`${app.baseUrl}/api/v1/parties/active?fields=id,password`)).status).toBe(422);
  expect((await fetch(`${app.baseUrl}/api/v1/parties/active?limit=101`)).status).toBe(422);

  // Host connects, a guest joins: the size changes.
  const hostStream = await stream(pid, host);
  const guestStream = await stream(pid, await guestToken(app.baseUrl, "Watcher"));
  await deltas.waitFor((e) => about("PARTY_SIZE")(e) && (e.payload as { party_size: number }).party_size === 2);
  await guestStream.waitFor((e) => e.type === "presence" && e.members === 2 && e.hostOnline === true);

  // Media change → PARTY_UPDATED with the new URL and title; the list follows.
  await command(app.baseUrl, pid, host, { type: "media", url: "https://www.youtube.com/watch?v=def", title: "Feature" });
  const updated = await deltas.waitFor(about("PARTY_UPDATED"));
  expect(updated.data.payload).toEqual({ id: pid, host_video_url: "https://www.youtube.com/watch?v=def", video_title: "Feature" });
  const party2 = await guestStream.waitFor((e) => e.type === "party" && (e.party as { media: { title: string } }).media.title === "Feature");
  const playbackAfter = await guestStream.waitFor((e) => e.type === "playback");
  expect(guestStream.events.indexOf(party2)).toBeLessThan(guestStream.events.indexOf(playbackAfter));
  const row = ((await (await fetch(`${app.baseUrl}/api/v1/parties/active`)).json()) as Record<string, unknown>[]).find((p) => p.id === pid);
  expect(row).toMatchObject({ video_title: "Feature", host_video_url: "https://www.youtube.com/watch?v=def", party_size: 2 });

  // The host's stream drops → AWAITING_RECONNECT after the grace; back → ACTIVE.
  hostStream.close();
  await deltas.waitFor((e) => about("PARTY_STATE")(e) && (e.payload as { state: string }).state === "AWAITING_RECONNECT");
  await guestStream.waitFor((e) => e.type === "party" && (e.party as { state: string }).state === "AWAITING_RECONNECT");
  const listedAway = ((await (await fetch(`${app.baseUrl}/api/v1/parties/active`)).json()) as Record<string, unknown>[]).find((p) => p.id === pid);
  expect(listedAway).toMatchObject({ state: "AWAITING_RECONNECT" });
  const back = await stream(pid, host);
  await deltas.waitFor((e) => about("PARTY_STATE")(e) && (e.payload as { state: string }).state === "ACTIVE");
  back.close();

  // No host for VP_PARTY_END_AFTER_MS → ENDED and gone from the list.
  await deltas.waitFor(about("PARTY_ENDED"), 15_000);
  await guestStream.waitFor((e) => e.type === "party" && (e.party as { state: string }).state === "ENDED");
  const after = (await (await fetch(`${app.baseUrl}/api/v1/parties/active`)).json()) as { id: string }[];
  expect(after.map((p) => p.id)).not.toContain(pid);
  expect((await command(app.baseUrl, pid, host, { type: "play" })).status).toBe(409);
});

test("pings are answered with server receive and send times", async () => {
  const host = await guestToken(app.baseUrl, "Pinger");
  const party = await createParty(app.baseUrl, host);
  const before = Date.now();
  const res = await command(app.baseUrl, party.id, host, { type: "ping", t0: 123.5 });
  const after = Date.now();
  const pong = (await res.json()) as { type: string; t0: number; t1: number; t2: number };
  expect(pong.type).toBe("pong");
  expect(pong.t0).toBe(123.5);
  expect(pong.t1).toBeGreaterThanOrEqual(before - 5);
  expect(pong.t2).toBeGreaterThanOrEqual(pong.t1);
  expect(pong.t2).toBeLessThanOrEqual(after + 5);
});
