/**
 * "!vote N" from the party's Twitch chat, against the real app and the local Twitch chat stand-in
 * (tests/support/twitch-chat-stand-in.ts): only the host turns it on, only for a party on Twitch chat;
 * while on, the server reads the channel anonymously (read-only) and each Twitch viewer has one vote
 * in the open poll, which they may change; off, the server leaves the channel.
 */
import { startApp, type RunningApp } from "./helpers/app";
import { command, createParty, guestToken, openMemberStream, type Ev } from "./helpers/party";
import type { SseClient } from "./helpers/sse";
import { startTwitchChatStandIn, type TwitchChatStandIn } from "../support/twitch-chat-stand-in";

jest.setTimeout(120_000);

const CHANNEL = "votestreamer";
let app: RunningApp;
let chat: TwitchChatStandIn;
const streams: SseClient<Ev>[] = [];

beforeAll(async () => {
  chat = await startTwitchChatStandIn();
  chat.addChannel(CHANNEL);
  app = await startApp({ env: { VP_HOST_GRACE_MS: "600000", ...chat.env } });
});
afterAll(async () => {
  for (const s of streams) s.close();
  await app?.stop();
  await chat?.close();
});

const join = async (partyId: string, token: string) => (await openMemberStream(app.baseUrl, partyId, token, streams)).stream;

type PollState = { id: string; status: string; tallies: number[] };
const pollOf = (e: Ev) => e.poll as PollState;

test("the host turns Twitch votes on: one changeable vote per Twitch viewer in the open poll; off leaves the chat", async () => {
  const host = await guestToken(app.baseUrl, "Streamer Host");
  const party = await createParty(app.baseUrl, host, { chat_provider: "twitch", chat_identifier: CHANNEL });
  const hostStream = await join(party.id, host);
  const guest = await guestToken(app.baseUrl, "Site Guest");
  await join(party.id, guest);

  // Only the host switches it; only a party on Twitch chat has it.
  const asGuest = await command(app.baseUrl, party.id, guest, { type: "room.twitchvotes", enabled: true });
  expect(asGuest.status).toBe(403);
  const builtinHost = await guestToken(app.baseUrl, "Builtin Host");
  const builtin = await createParty(app.baseUrl, builtinHost);
  const notTwitch = await command(app.baseUrl, builtin.id, builtinHost, { type: "room.twitchvotes", enabled: true });
  expect(notTwitch.status).toBe(409);
  expect(((await notTwitch.json()) as { detail: string }).detail).toBe("This party does not use Twitch chat.");
  expect((await command(app.baseUrl, party.id, host, { type: "room.twitchvotes", enabled: "yes" })).status).toBe(422);
  expect(chat.joinedCount(CHANNEL)).toBe(0);

  expect((await command(app.baseUrl, party.id, host, { type: "poll.open", poll: { kind: "next", options: [{ title: "Heat" }, { title: "Ronin" }], durationSeconds: null, guestVotes: "one_per_device" } })).status).toBe(200);
  const poll = pollOf((await hostStream.waitFor((e) => e.type === "poll" && pollOf(e).status === "open")).data);

  expect((await command(app.baseUrl, party.id, host, { type: "room.twitchvotes", enabled: true })).status).toBe(200);
  await hostStream.waitFor((e) => e.type === "moderation" && (e.moderation as { twitchVotes: boolean }).twitchVotes);
  await chat.joins(CHANNEL, 1);
  // Read-only: the anonymous connection never logged in with an account.
  expect(chat.failedLogins()).toEqual([]);

  const ann = { login: "ann_tv", displayName: "AnnTV", userId: "5001" };
  const bob = { login: "bob_tv", userId: "5002" };
  expect(chat.say(CHANNEL, ann, "!vote 2")).toBe(1);
  await hostStream.waitFor((e) => e.type === "poll" && pollOf(e).tallies.join() === "0,1");
  // Ann changes her vote; chatter, unknown options and other commands count for nothing.
  chat.say(CHANNEL, bob, "hello chat");
  chat.say(CHANNEL, bob, "!vote 7");
  chat.say(CHANNEL, ann, "!vote 1");
  await hostStream.waitFor((e) => e.type === "poll" && pollOf(e).tallies.join() === "1,0");
  chat.say(CHANNEL, bob, "!VOTE 1 because");
  await hostStream.waitFor((e) => e.type === "poll" && pollOf(e).tallies.join() === "2,0");
  // A site member's vote counts beside them.
  expect((await command(app.baseUrl, party.id, guest, { type: "poll.vote", pollId: poll.id, option: 1 })).status).toBe(200);
  await hostStream.waitFor((e) => e.type === "poll" && pollOf(e).tallies.join() === "2,1");

  // Off: the server leaves the channel; what is said there no longer reaches the party.
  expect((await command(app.baseUrl, party.id, host, { type: "room.twitchvotes", enabled: false })).status).toBe(200);
  await chat.noneJoined(CHANNEL);
  expect(chat.say(CHANNEL, { login: "cat_tv", userId: "5003" }, "!vote 2")).toBe(0);
});
