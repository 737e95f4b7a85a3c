/**
 * Polls across two app instances on one Redis: a vote sent to instance B is counted in the tallies
 * instance A serves, the host's close on A is seen on B with the winner queued once, votes racing
 * through both instances are all counted, and a poll's deadline (armed on both instances) closes it
 * exactly once.
 */
import { type RunningApp } from "./helpers/app";
import { startCluster, type Cluster } from "./helpers/cluster";
import { accountToken, command, createParty, guestToken, api, joinAndOpen, type Ev } from "./helpers/party";
import { SseClient } from "./helpers/sse";

jest.setTimeout(150_000);

let cluster: Cluster;
let a: RunningApp;
let b: RunningApp;
const streams: SseClient<Ev>[] = [];

interface PollState {
  id: string;
  status: string;
  tallies: number[];
  winner: number | null;
}
interface QueueState {
  items: { id: string; url: string; title: string }[];
}

beforeAll(async () => {
  cluster = await startCluster("vp_polls");
  ({ a, b } = cluster);
});
afterAll(async () => {
  for (const s of streams) s.close();
  await cluster?.stop();
});

async function stream(app: RunningApp, partyId: string, token: string) {
  const s = await joinAndOpen(app.baseUrl, partyId, token);
  streams.push(s);
  await s.waitFor((e) => e.type === "snapshot");
  return s;
}
const waitPoll = async (s: SseClient<Ev>, match: (p: PollState) => boolean, timeoutMs?: number) =>
  (await s.waitFor((e) => e.type === "poll" && match(e.poll as PollState), timeoutMs)).data.poll as PollState;
const queueEvents = (s: SseClient<Ev>) => s.events.map((e) => e.data).filter((d) => d.type === "queue").map((d) => d.queue as QueueState);

async function expectOk(res: Promise<Response>) {
  const response = await res;
  if (response.status !== 200) throw new Error(`${response.status}: ${await response.text()}`);
}

async function partyWithQueue(name: string) {
  const host = await guestToken(a.baseUrl, `${name} host`);
  const party = await createParty(a.baseUrl, host);
  const res = await api(a.baseUrl, "POST", `/api/v1/parties/${party.id}/queue`, host, {
    items: [1, 2].map((n) => ({ url: `https://video.example/${name}/${n}`, title: `${name} ${n}` })),
  });
  expect(res.status).toBe(201);
  const items = ((await res.json()) as QueueState).items;
  return { host, party, items };
}

test("a vote on instance B is counted on A; the host's close on A is seen on B and the winner is queued once", async () => {
  const { host, party, items } = await partyWithQueue("ab");
  const onA = await stream(a, party.id, host);
  const guest = await accountToken(b.baseUrl, "ab voter");
  const onB = await stream(b, party.id, guest);
  await expectOk(command(a.baseUrl, party.id, host, { type: "poll.open", poll: { kind: "next", options: items.map((i) => ({ itemId: i.id })), durationSeconds: null } }));
  const poll = await waitPoll(onB, (p) => p.status === "open");

  await expectOk(command(b.baseUrl, party.id, guest, { type: "poll.vote", pollId: poll.id, option: 1 }));
  await waitPoll(onA, (p) => p.tallies.join() === "0,1");

  await expectOk(command(a.baseUrl, party.id, host, { type: "poll.close", pollId: poll.id }));
  expect(await waitPoll(onB, (p) => p.status === "closed")).toMatchObject({ winner: 1 });
  await onB.waitFor((e) => e.type === "queue" && (e.queue as QueueState).items[0]?.id === items[1]!.id);
  // B's replica has it too: a vote through B is refused as closed.
  expect((await command(b.baseUrl, party.id, guest, { type: "poll.vote", pollId: poll.id, option: 0 })).status).toBe(409);
});

test("votes racing through both instances are all counted (no vote lost to another instance's update)", async () => {
  const { host, party } = await partyWithQueue("race");
  const onA = await stream(a, party.id, host);
  await expectOk(command(a.baseUrl, party.id, host, { type: "poll.open", poll: { kind: "next", options: [{ title: "X" }, { title: "Y" }], durationSeconds: null } }));
  const poll = await waitPoll(onA, (p) => p.status === "open");
  const voters = await Promise.all(
    Array.from({ length: 8 }, async (_, i) => {
      const app = i % 2 === 0 ? a : b;
      const token = await accountToken(app.baseUrl, `race voter ${i}`);
      expect((await api(app.baseUrl, "POST", `/api/v1/parties/${party.id}/join`, token)).status).toBe(200);
      return { app, token, option: i % 3 === 0 ? 0 : 1 };
    }),
  );
  await Promise.all(voters.map((v) => expectOk(command(v.app.baseUrl, party.id, v.token, { type: "poll.vote", pollId: poll.id, option: v.option }))));
  const expected = [voters.filter((v) => v.option === 0).length, voters.filter((v) => v.option === 1).length];
  await waitPoll(onA, (p) => p.tallies.join() === expected.join());
  const read = (await (await api(b.baseUrl, "GET", `/api/v1/parties/${party.id}/poll`, host)).json()) as { poll: PollState };
  expect(read.poll.tallies).toEqual(expected);
});

test("the deadline closes the poll once, though both instances hold a timer for it", async () => {
  const { host, party, items } = await partyWithQueue("deadline");
  const onA = await stream(a, party.id, host);
  const guest = await accountToken(b.baseUrl, "deadline voter");
  const onB = await stream(b, party.id, guest);
  await expectOk(command(a.baseUrl, party.id, host, { type: "poll.open", poll: { kind: "next", options: items.map((i) => ({ itemId: i.id })), durationSeconds: 30 } }));
  const poll = await waitPoll(onB, (p) => p.status === "open");
  await expectOk(command(b.baseUrl, party.id, guest, { type: "poll.vote", pollId: poll.id, option: 1 }));
  // Nobody sends anything more. (The wait covers the poll's 30 s; only the outcome is asserted.)
  for (const s of [onA, onB]) expect(await waitPoll(s, (p) => p.status === "closed", 60_000)).toMatchObject({ id: poll.id, winner: 1 });
  await onB.waitFor((e) => e.type === "queue" && (e.queue as QueueState).items[0]?.id === items[1]!.id);
  // A later event on the log shows that nothing else came before it: one close, one queue change.
  await expectOk(command(a.baseUrl, party.id, host, { type: "chat", text: "marker" }));
  for (const s of [onA, onB]) {
    await s.waitFor((e) => e.type === "chat" && (e.message as { text: string }).text === "marker");
    expect(s.events.filter((e) => e.data.type === "poll" && (e.data.poll as PollState).status === "closed")).toHaveLength(1);
    expect(queueEvents(s)).toHaveLength(1);
  }
});
