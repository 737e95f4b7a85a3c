/**
 * Polls against the real app: the host opens a poll on the next viewing, members vote and change
 * their vote with live tallies on the party stream (never who voted), the host of a public poll alone
 * reads the names, closing queues the winner next, a tie waits for the host's pick, the server closes
 * an expired poll by itself, the discussion-break vote delays the next item (skip, extend), and the
 * authorization matrix (host / guest / non-member / anonymous) with nothing changed on refusal.
 */
import { startApp, type RunningApp } from "./helpers/app";
import { accountToken, api, bearer, command, createParty, guestToken, joinAndOpen, type Ev } from "./helpers/party";
import { SseClient } from "./helpers/sse";

jest.setTimeout(120_000);

let app: RunningApp;
const streams: SseClient<Ev>[] = [];

interface PollState {
  id: string;
  status: string;
  tallies: number[];
  winner: number | null;
  tied: number[];
  visibility: string;
  options: { label: string; url: string | null; itemId: string | null; breakSeconds: number | null }[];
}
interface QueueState {
  items: { id: string; url: string; title: string }[];
  start: { mediaId: string; at: number; kind?: string } | null;
  pendingBreak?: { seconds: number } | null;
}
interface PollView {
  poll: PollState | null;
  yourVote: number | null;
  voters: string[][] | null;
}

beforeAll(async () => {
  app = await startApp();
});
afterEach(() => {
  for (const s of streams.splice(0)) s.close();
});
afterAll(async () => {
  await app?.stop();
});

async function stream(partyId: string, token: string) {
  const s = await joinAndOpen(app.baseUrl, partyId, token);
  streams.push(s);
  await s.waitFor((e) => e.type === "snapshot");
  return s;
}

async function ok(res: Promise<Response>, status = 200): Promise<Record<string, unknown>> {
  const response = await res;
  const text = await response.text();
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${text}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

const send = (partyId: string, token: string, body: Record<string, unknown>) => command(app.baseUrl, partyId, token, body);
const pollOf = async (partyId: string, token: string | null) => (await ok(api(app.baseUrl, "GET", `/api/v1/parties/${partyId}/poll`, token))) as unknown as PollView;
const queueOf = async (partyId: string, token: string) => (await ok(api(app.baseUrl, "GET", `/api/v1/parties/${partyId}/queue`, token))) as unknown as QueueState;

/** A party with three queued links, its host, two joined members (Ann, Bob) and their streams. */
async function room(name: string) {
  const host = await guestToken(app.baseUrl, `${name} host`);
  const party = await createParty(app.baseUrl, host);
  await ok(
    api(app.baseUrl, "POST", `/api/v1/parties/${party.id}/queue`, host, {
      items: [1, 2, 3].map((n) => ({ url: `https://video.example/${name}/${n}`, title: `${name} ${n}` })),
    }),
    201,
  );
  // Accounts: a poll counts members with an account by default (guests only as the host allows).
  const ann = await accountToken(app.baseUrl, `${name} Ann`);
  const bob = await accountToken(app.baseUrl, `${name} Bob`);
  const hostStream = await stream(party.id, host);
  const annStream = await stream(party.id, ann);
  const bobStream = await stream(party.id, bob);
  const queue = await queueOf(party.id, host);
  return { party, host, ann, bob, hostStream, annStream, bobStream, items: queue.items };
}

const polls = (s: SseClient<Ev>) => s.events.map((e) => e.data).filter((d) => d.type === "poll").map((d) => d.poll as PollState);
const waitPoll = async (s: SseClient<Ev>, match: (p: PollState) => boolean, timeoutMs?: number) =>
  (await s.waitFor((e) => e.type === "poll" && match(e.poll as PollState), timeoutMs)).data.poll as PollState;
const waitQueue = async (s: SseClient<Ev>, match: (q: QueueState) => boolean) => (await s.waitFor((e) => e.type === "queue" && match(e.queue as QueueState))).data.queue as QueueState;

test("lifecycle: open, vote, change a vote, live tallies for everyone, close, winner queued next", async () => {
  const r = await room("life");
  const [first, , third] = r.items;
  await ok(
    send(r.party.id, r.host, {
      type: "poll.open",
      poll: { kind: "next", options: [{ itemId: first!.id }, { itemId: third!.id }, { url: "https://video.example/life/new", title: "Brand new" }, { title: "Dinner first" }], durationSeconds: null, public: true },
    }),
  );
  const opened = await waitPoll(r.annStream, (p) => p.status === "open");
  expect(opened).toMatchObject({ visibility: "public", tallies: [0, 0, 0, 0], winner: null });
  expect(opened.options.map((o) => o.label)).toEqual(["life 1", "life 3", "Brand new", "Dinner first"]);

  await ok(send(r.party.id, r.ann, { type: "poll.vote", pollId: opened.id, option: 0 }));
  await ok(send(r.party.id, r.bob, { type: "poll.vote", pollId: opened.id, option: 2 }));
  await waitPoll(r.hostStream, (p) => p.tallies.join() === "1,0,1,0");
  // Ann changes her mind: still one vote each.
  await ok(send(r.party.id, r.ann, { type: "poll.vote", pollId: opened.id, option: 2 }));
  for (const s of [r.hostStream, r.annStream, r.bobStream]) await waitPoll(s, (p) => p.tallies.join() === "0,0,2,0");

  // The stream carries tallies only: neither names nor voter entries reach anyone.
  for (const s of [r.hostStream, r.annStream, r.bobStream]) {
    const text = JSON.stringify(s.events.map((e) => e.data).filter((d) => d.type !== "snapshot" && d.type !== "presence"));
    expect(text).not.toContain("Ann");
    expect(text).not.toContain("Bob");
    expect(s.events.some((e) => e.data.type === "poll.entry")).toBe(false);
  }
  // Names for the host of a public poll only; each member sees their own vote.
  expect(await pollOf(r.party.id, r.host)).toMatchObject({ voters: [[], [], ["life Ann", "life Bob"], []], yourVote: null });
  expect(await pollOf(r.party.id, r.bob)).toMatchObject({ voters: null, yourVote: 2, poll: { tallies: [0, 0, 2, 0] } });
  // A late joiner's snapshot has the poll, and their vote (none).
  const late = await stream(r.party.id, await guestToken(app.baseUrl, "life Late"));
  expect(late.events[0]!.data).toMatchObject({ type: "snapshot", poll: { id: opened.id, tallies: [0, 0, 2, 0] }, pollVote: null });

  await ok(send(r.party.id, r.host, { type: "poll.close", pollId: opened.id }));
  expect(await waitPoll(r.bobStream, (p) => p.status === "closed")).toMatchObject({ winner: 2, tallies: [0, 0, 2, 0] });
  const queue = await waitQueue(r.bobStream, (q) => q.items[0]?.url === "https://video.example/life/new");
  expect(queue.items.map((i) => i.title)).toEqual(["Brand new", "life 1", "life 2", "life 3"]);

  // Closed: votes and a second close are refused; nothing changes.
  const late409 = await send(r.party.id, r.ann, { type: "poll.vote", pollId: opened.id, option: 0 });
  expect(late409.status).toBe(409);
  expect((await send(r.party.id, r.host, { type: "poll.close", pollId: opened.id })).status).toBe(409);
  expect((await pollOf(r.party.id, r.ann)).poll).toMatchObject({ status: "closed", tallies: [0, 0, 2, 0] });
});

test("a queued item that wins moves to the front; an anonymous poll shows nobody's names, not even to the host", async () => {
  const r = await room("anon");
  const third = r.items[2]!;
  await ok(send(r.party.id, r.host, { type: "poll.open", poll: { kind: "next", options: [{ itemId: r.items[0]!.id }, { itemId: third.id }], durationSeconds: 600 } }));
  const poll = await waitPoll(r.annStream, (p) => p.status === "open");
  expect(poll.visibility).toBe("anonymous");
  await ok(send(r.party.id, r.ann, { type: "poll.vote", pollId: poll.id, option: 1 }));
  await waitPoll(r.hostStream, (p) => p.tallies.join() === "0,1");
  expect(await pollOf(r.party.id, r.host)).toMatchObject({ voters: null });
  await ok(send(r.party.id, r.host, { type: "poll.close", pollId: poll.id }));
  const queue = await waitQueue(r.annStream, (q) => q.items[0]?.id === third.id);
  expect(queue.items.map((i) => i.id)).toEqual([third.id, r.items[0]!.id, r.items[1]!.id]);
});

test("a tie: the poll says so and the host picks one of the tied options; the pick is queued next", async () => {
  const r = await room("tie");
  await ok(send(r.party.id, r.host, { type: "poll.open", poll: { kind: "next", options: r.items.map((i) => ({ itemId: i.id })), durationSeconds: null } }));
  const poll = await waitPoll(r.annStream, (p) => p.status === "open");
  await ok(send(r.party.id, r.ann, { type: "poll.vote", pollId: poll.id, option: 1 }));
  await ok(send(r.party.id, r.bob, { type: "poll.vote", pollId: poll.id, option: 2 }));
  await waitPoll(r.hostStream, (p) => p.tallies.join() === "0,1,1");
  await ok(send(r.party.id, r.host, { type: "poll.close", pollId: poll.id }));
  expect(await waitPoll(r.annStream, (p) => p.status === "tie")).toMatchObject({ tied: [1, 2], winner: null });
  const queueBefore = await queueOf(r.party.id, r.host);

  // Only the host picks, and only among the tied options.
  expect((await send(r.party.id, r.ann, { type: "poll.pick", pollId: poll.id, option: 2 })).status).toBe(403);
  const notTied = await send(r.party.id, r.host, { type: "poll.pick", pollId: poll.id, option: 0 });
  expect(notTied.status).toBe(422);
  expect(((await notTied.json()) as { detail: string }).detail).toMatch(/tied options/);
  // While tied, no other poll can open.
  expect((await send(r.party.id, r.host, { type: "poll.open", poll: { kind: "break", durationSeconds: null } })).status).toBe(409);
  expect(await queueOf(r.party.id, r.host)).toEqual(queueBefore);

  await ok(send(r.party.id, r.host, { type: "poll.pick", pollId: poll.id, option: 2 }));
  expect(await waitPoll(r.annStream, (p) => p.status === "closed")).toMatchObject({ winner: 2, tied: [] });
  await waitQueue(r.annStream, (q) => q.items[0]?.id === r.items[2]!.id);
});

test("at most one open poll (409); cancel ends it without a winner and the queue stays as it was", async () => {
  const r = await room("one");
  const open = { type: "poll.open", poll: { kind: "next", options: [{ title: "A" }, { title: "B" }], durationSeconds: null } };
  await ok(send(r.party.id, r.host, open));
  const poll = await waitPoll(r.annStream, (p) => p.status === "open");
  const second = await send(r.party.id, r.host, open);
  expect(second.status).toBe(409);
  expect(((await second.json()) as { detail: string }).detail).toMatch(/already open/);
  await ok(send(r.party.id, r.ann, { type: "poll.vote", pollId: poll.id, option: 0 }));
  await ok(send(r.party.id, r.host, { type: "poll.cancel", pollId: poll.id }));
  expect(await waitPoll(r.annStream, (p) => p.status === "cancelled")).toMatchObject({ winner: null });
  expect((await queueOf(r.party.id, r.host)).items).toEqual(r.items);
  // A title-only winner is announced, the queue unchanged.
  await ok(send(r.party.id, r.host, open));
  const next = await waitPoll(r.annStream, (p) => p.status === "open" && p.id !== poll.id);
  await ok(send(r.party.id, r.bob, { type: "poll.vote", pollId: next.id, option: 1 }));
  await waitPoll(r.hostStream, (p) => p.id === next.id && p.tallies.join() === "0,1");
  await ok(send(r.party.id, r.host, { type: "poll.close", pollId: next.id }));
  expect(await waitPoll(r.annStream, (p) => p.id === next.id && p.status === "closed")).toMatchObject({ winner: 1 });
  expect((await queueOf(r.party.id, r.host)).items).toEqual(r.items);
});

test("the server closes an expired poll by itself, and queues the winner", async () => {
  const r = await room("expiry");
  await ok(send(r.party.id, r.host, { type: "poll.open", poll: { kind: "next", options: [{ itemId: r.items[1]!.id }, { title: "Something else" }], durationSeconds: 30 } }));
  const poll = await waitPoll(r.annStream, (p) => p.status === "open");
  await ok(send(r.party.id, r.ann, { type: "poll.vote", pollId: poll.id, option: 0 }));
  // Nobody sends anything more: the deadline closes it.
  // (The wait covers the poll's 30 s; what is asserted is that it closes, not when.)
  expect(await waitPoll(r.bobStream, (p) => p.status === "closed", 60_000)).toMatchObject({ id: poll.id, winner: 0, tallies: [1, 0] });
  await waitQueue(r.bobStream, (q) => q.items[0]?.id === r.items[1]!.id);
  expect((await send(r.party.id, r.bob, { type: "poll.vote", pollId: poll.id, option: 1 })).status).toBe(409);
  expect(polls(r.bobStream).filter((p) => p.status === "closed")).toHaveLength(1);
});

test("discussion break: the winning break delays the next item (a countdown everyone sees); the host extends or skips it", async () => {
  const r = await room("break");
  await ok(send(r.party.id, r.host, { type: "poll.open", poll: { kind: "break", breakMinutes: [0, 5, 10], durationSeconds: null } }));
  const poll = await waitPoll(r.annStream, (p) => p.status === "open");
  expect(poll.options.map((o) => [o.label, o.breakSeconds])).toEqual([
    ["No break", 0],
    ["5 min break", 300],
    ["10 min break", 600],
  ]);
  await ok(send(r.party.id, r.ann, { type: "poll.vote", pollId: poll.id, option: 1 }));
  await waitPoll(r.hostStream, (p) => p.tallies.join() === "0,1,0");
  await ok(send(r.party.id, r.host, { type: "poll.close", pollId: poll.id }));
  expect((await waitQueue(r.annStream, (q) => q.pendingBreak != null)).pendingBreak).toEqual({ seconds: 300 });

  // The current item ends: the marathon moves on, and the next item waits for the break.
  const snapshot = r.hostStream.events[0]!.data as unknown as { party: { media: { id: string } } };
  const before = Date.now();
  await ok(send(r.party.id, r.host, { type: "queue.next", fromMediaId: snapshot.party.media.id, auto: true }));
  const after = Date.now();
  const started = await waitQueue(r.annStream, (q) => q.start?.kind === "break");
  expect(started.pendingBreak).toBeNull();
  expect(started.start!.at).toBeGreaterThanOrEqual(before + 300_000);
  expect(started.start!.at).toBeLessThanOrEqual(after + 300_000);
  // Chat stays open during the break.
  await ok(send(r.party.id, r.bob, { type: "chat", text: "what did everyone think?" }));

  // Guests cannot change the break.
  expect((await send(r.party.id, r.ann, { type: "break.extend" })).status).toBe(403);
  await ok(send(r.party.id, r.host, { type: "break.extend" }));
  expect((await waitQueue(r.annStream, (q) => q.start?.at === started.start!.at + 300_000)).start!.kind).toBe("break");
  await ok(send(r.party.id, r.host, { type: "break.skip" }));
  const skipped = await waitQueue(r.annStream, (q) => q.start !== null && q.start.at < started.start!.at);
  expect(skipped.start!.at).toBeLessThanOrEqual(Date.now());
  expect((await send(r.party.id, r.host, { type: "break.skip" })).status).toBe(409);
});

test("authorization: host-only actions 403 for guests and non-members, 401 anonymous; votes 403 for non-members; bad input 422; nothing changes", async () => {
  const r = await room("auth");
  const outsider = await guestToken(app.baseUrl, "auth Outsider");
  const open = { type: "poll.open", poll: { kind: "next", options: [{ title: "A" }, { title: "B" }], durationSeconds: null, public: true } };
  for (const token of [r.ann, outsider]) expect((await send(r.party.id, token, open)).status).toBe(403);
  expect((await api(app.baseUrl, "POST", `/api/v1/parties/${r.party.id}/commands`, null, { v: 1, ...open })).status).toBe(401);
  expect((await pollOf(r.party.id, r.host)).poll).toBeNull();

  // Bad input: 422 with detail, nothing opened.
  const bad: [Record<string, unknown>, RegExp][] = [
    [{ kind: "next", options: [{ title: "A" }], durationSeconds: null }, /at least 2 options/],
    [{ kind: "next", options: [{ title: "A" }, { title: "B" }], durationSeconds: 10 }, /at least 30 seconds/],
    [{ kind: "next", options: [{ title: "A" }, { url: "javascript:alert(1)" }], durationSeconds: null }, /Option 2/],
    [{ kind: "next", options: [{ itemId: "nope" }, { title: "B" }], durationSeconds: null }, /no longer in the queue/],
    [{ kind: "break", breakMinutes: [5, 5], durationSeconds: null }, /once/],
  ];
  for (const [poll, detail] of bad) {
    const res = await send(r.party.id, r.host, { type: "poll.open", poll });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { detail: string }).detail).toMatch(detail);
  }
  expect((await pollOf(r.party.id, r.host)).poll).toBeNull();

  await ok(send(r.party.id, r.host, open));
  const poll = await waitPoll(r.annStream, (p) => p.status === "open");
  await ok(send(r.party.id, r.ann, { type: "poll.vote", pollId: poll.id, option: 0 }));
  // The host votes too (a member like any other).
  await ok(send(r.party.id, r.host, { type: "poll.vote", pollId: poll.id, option: 1 }));
  expect((await send(r.party.id, outsider, { type: "poll.vote", pollId: poll.id, option: 1 })).status).toBe(403);
  expect((await api(app.baseUrl, "POST", `/api/v1/parties/${r.party.id}/commands`, null, { v: 1, type: "poll.vote", pollId: poll.id, option: 1 })).status).toBe(401);
  expect((await send(r.party.id, r.bob, { type: "poll.vote", pollId: poll.id, option: 2 })).status).toBe(422);
  expect((await send(r.party.id, r.bob, { type: "poll.vote", pollId: "another", option: 0 })).status).toBe(409);
  for (const action of [
    { type: "poll.close", pollId: poll.id },
    { type: "poll.cancel", pollId: poll.id },
    { type: "poll.pick", pollId: poll.id, option: 0 },
    { type: "break.skip" },
    { type: "break.extend" },
  ]) {
    for (const token of [r.bob, outsider]) expect((await send(r.party.id, token, action)).status).toBe(403);
    expect((await api(app.baseUrl, "POST", `/api/v1/parties/${r.party.id}/commands`, null, { v: 1, ...action })).status).toBe(401);
  }
  // Guests read the poll without names; the host of this public poll reads them.
  expect(await pollOf(r.party.id, r.bob)).toMatchObject({ poll: { status: "open", tallies: [1, 1] }, voters: null, yourVote: null });
  expect(await pollOf(r.party.id, r.host)).toMatchObject({ poll: { status: "open", tallies: [1, 1] }, voters: [["auth Ann"], ["auth host"]], yourVote: 1 });
  expect((await api(app.baseUrl, "GET", `/api/v1/parties/${r.party.id}/poll`, null)).status).toBe(200);
});

test("a stream resuming across poll changes gets a snapshot, never the voter entries", async () => {
  const r = await room("resume");
  await ok(send(r.party.id, r.host, { type: "poll.open", poll: { kind: "next", options: [{ title: "A" }, { title: "B" }], durationSeconds: null } }));
  const poll = await waitPoll(r.annStream, (p) => p.status === "open");
  const from = r.annStream.lastId!;
  await ok(send(r.party.id, r.bob, { type: "poll.vote", pollId: poll.id, option: 1 }));
  const resumed = await SseClient.open<Ev>(`${app.baseUrl}/api/v1/parties/${r.party.id}/events`, { ...bearer(r.ann), "Last-Event-ID": from });
  streams.push(resumed);
  expect((await resumed.waitFor(() => true)).data).toMatchObject({ type: "snapshot", poll: { tallies: [0, 1] } });
  expect(resumed.events.some((e) => e.data.type === "poll.entry")).toBe(false);
});
