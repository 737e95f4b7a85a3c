/**
 * How guests vote is the host's choice per poll, and the public poll says which rule applies
 * (`guestVotes`): "accounts_only" (the default) counts members with an account only, a guest's vote
 * is refused and changes nothing; "one_per_device" counts one guest ballot per device (the caller's
 * network address) within the poll, so fresh guest identities from one address cannot stuff it.
 * Accounts always vote once each, wherever they are, and so does the host, guest or not.
 */
import { Client, uniqueName } from "./helpers/app";
import { api, command, createParty, guestToken, livePartyApp } from "./helpers/party";

jest.setTimeout(180_000);

const live = livePartyApp();

interface PollState {
  id: string;
  tallies: number[];
  guestVotes: string;
}

async function accountToken(displayName: string): Promise<string> {
  const username = uniqueName("voter");
  const res = await new Client(live.baseUrl).post("/api/auth/sign-up/email", { email: `${username}@example.test`, password: "correct-horse-battery", name: displayName, username });
  expect(res.status).toBe(200);
  return res.headers.get("set-auth-token")!;
}

async function joined(partyId: string, token: string): Promise<string> {
  expect((await api(live.baseUrl, "POST", `/api/v1/parties/${partyId}/join`, token)).status).toBe(200);
  return token;
}

const pollOf = async (partyId: string, token: string) =>
  ((await (await api(live.baseUrl, "GET", `/api/v1/parties/${partyId}/poll`, token)).json()) as { poll: PollState; yourVote: number | null });

async function answer(res: Promise<Response>) {
  const response = await res;
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as { detail?: string } };
}

/** A party whose host opened a two-option poll (`guestVotes` left out when undefined). */
async function pollParty(name: string, guestVotes?: string) {
  const host = await accountToken(`${name} host`);
  const party = await createParty(live.baseUrl, host);
  const watcher = await live.join(party.id, host);
  const opened = await answer(
    command(live.baseUrl, party.id, host, {
      type: "poll.open",
      poll: { kind: "next", options: [{ title: "Heat" }, { title: "Ronin" }], durationSeconds: null, ...(guestVotes ? { guestVotes } : {}) },
    }),
  );
  expect(opened.status).toBe(200);
  const poll = (await watcher.stream.waitFor((e) => e.type === "poll")).data.poll as PollState;
  return { host, partyId: party.id, poll, watcher };
}

test("by default only members with an account vote: a guest's vote is refused and the public poll says so", async () => {
  const r = await pollParty("Default");

  const account = await joined(r.partyId, await accountToken("Default Ada"));
  expect((await answer(command(live.baseUrl, r.partyId, account, { type: "poll.vote", pollId: r.poll.id, option: 0 }))).status).toBe(200);
  const guest = await joined(r.partyId, await guestToken(live.baseUrl, "Default Guest"));
  const refused = await answer(command(live.baseUrl, r.partyId, guest, { type: "poll.vote", pollId: r.poll.id, option: 1 }));
  expect(refused).toEqual({ status: 403, body: expect.objectContaining({ detail: "Only members with an account vote in this poll. Sign in to vote." }) });

  expect(await pollOf(r.partyId, guest)).toMatchObject({ poll: { tallies: [1, 0] }, yourVote: null });
  // The public poll says which rule its tally follows.
  expect(r.poll.guestVotes).toBe("accounts_only");
  await r.watcher.stream.waitFor((e) => e.type === "poll" && (e.poll as PollState).tallies.join() === "1,0");
});

test("a guest host votes like any member (one identity per party), in either rule", async () => {
  const host = await guestToken(live.baseUrl, "Guest host");
  const party = await createParty(live.baseUrl, host);
  const watcher = await live.join(party.id, host);
  expect((await answer(command(live.baseUrl, party.id, host, { type: "poll.open", poll: { kind: "break", durationSeconds: null } }))).status).toBe(200);
  const poll = (await watcher.stream.waitFor((e) => e.type === "poll")).data.poll as PollState;
  expect((await answer(command(live.baseUrl, party.id, host, { type: "poll.vote", pollId: poll.id, option: 1 }))).status).toBe(200);
  await watcher.stream.waitFor((e) => e.type === "poll" && (e.poll as PollState).tallies[1] === 1);
});

test("one guest vote per device: ten fresh guests from one address count once; the first may change it", async () => {
  const r = await pollParty("Device", "one_per_device");
  const account = await joined(r.partyId, await accountToken("Device Ada"));
  expect((await answer(command(live.baseUrl, r.partyId, account, { type: "poll.vote", pollId: r.poll.id, option: 0 }))).status).toBe(200);

  const guests: string[] = [];
  for (let i = 0; i < 10; i += 1) guests.push(await joined(r.partyId, await guestToken(live.baseUrl, `Stuffer ${i}`)));
  const answers = [];
  for (const guest of guests) answers.push(await answer(command(live.baseUrl, r.partyId, guest, { type: "poll.vote", pollId: r.poll.id, option: 1 })));
  expect(answers[0]!.status).toBe(200);
  for (const refused of answers.slice(1)) {
    expect(refused).toEqual({ status: 403, body: expect.objectContaining({ detail: "A guest on this device has already voted in this poll. Sign in to vote as well." }) });
  }
  expect((await pollOf(r.partyId, r.host)).poll).toMatchObject({ tallies: [1, 1], guestVotes: "one_per_device" });

  // The guest who voted may change their vote; a second account from the same address counts.
  expect((await answer(command(live.baseUrl, r.partyId, guests[0]!, { type: "poll.vote", pollId: r.poll.id, option: 0 }))).status).toBe(200);
  const second = await joined(r.partyId, await accountToken("Device Bea"));
  expect((await answer(command(live.baseUrl, r.partyId, second, { type: "poll.vote", pollId: r.poll.id, option: 1 }))).status).toBe(200);
  await r.watcher.stream.waitFor((e) => e.type === "poll" && (e.poll as PollState).tallies.join() === "2,1");
  expect(await pollOf(r.partyId, guests[0]!)).toMatchObject({ yourVote: 0 });
  expect(await pollOf(r.partyId, guests[1]!)).toMatchObject({ yourVote: null });
});

test("an unknown guest rule is a 422 and opens nothing", async () => {
  const host = await accountToken("Bad host");
  const party = await createParty(live.baseUrl, host);
  const bad = await answer(
    command(live.baseUrl, party.id, host, { type: "poll.open", poll: { kind: "break", durationSeconds: null, guestVotes: "everyone" } }),
  );
  expect(bad.status).toBe(422);
  expect(bad.body.detail).toMatch(/guestVotes/);
  expect((await answer(api(live.baseUrl, "GET", `/api/v1/parties/${party.id}/poll`, host))).body).toMatchObject({ poll: null });
});
