/**
 * The Twitch chat bot with two app instances on PostgreSQL and Redis: a playlist's bot runs on one
 * instance only (a Redis claim), so a viewer's "!add" is added once; settings saved through the other
 * instance reach the bot; when an instance stops, the bot keeps (or comes back to) working on the other.
 */
import { Client, uniqueName } from "./helpers/app";
import { Redis } from "ioredis";
import { startCluster, TEST_REDIS_URL, type Cluster } from "./helpers/cluster";
import { startTwitchChatStandIn, type TwitchChatStandIn } from "../support/twitch-chat-stand-in";

jest.setTimeout(240_000);

const TOKEN = "clusterbottoken0123456789secret";
const BOT = "vp_cluster_bot";
const CHANNEL = "cluster_streamer";
const YT = ["dQw4w9WgXcQ", "9bZkp7q19f0"] as const;

interface Settings {
  status: string;
  enabled: boolean;
}

let chat: TwitchChatStandIn;
let cluster: Cluster;
let onA: Client;
let onB: Client;
let playlistId: string;

async function statusUntil(client: Client, done: (s: Settings) => boolean): Promise<void> {
  for (;;) {
    const res = await client.get(`/api/v1/playlists/${playlistId}/twitch`);
    expect(res.status).toBe(200);
    if (done((await res.json()) as Settings)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function linkCount(client: Client): Promise<number> {
  const res = await client.get(`/api/v1/playlists/${playlistId}`);
  return ((await res.json()) as { links: unknown[] }).links.length;
}

beforeAll(async () => {
  chat = await startTwitchChatStandIn();
  chat.addAccount({ token: TOKEN, login: BOT, userId: "901", scopes: ["chat:read", "chat:edit"] });
  chat.addChannel(CHANNEL);
  cluster = await startCluster("twitchbot", { ...chat.env, VP_TWITCH_BOT_SWEEP_MS: "300", VP_TWITCH_BOT_LOCK_MS: "2000" });
  const name = uniqueName("tbcluster");
  onA = new Client(cluster.a.baseUrl);
  expect((await onA.signUp(name)).status).toBe(200);
  onB = new Client(cluster.b.baseUrl);
  expect((await onB.post("/api/auth/sign-in/email", { email: `${name}@example.test`, password: "correct-horse-battery" })).status).toBe(200);
  const created = await onA.post("/api/v1/playlists", { title: "Two instances" });
  playlistId = ((await created.json()) as { id: string }).id;
});

afterAll(async () => {
  await cluster?.stop();
  await chat?.close();
});

test("one bot for the playlist across two instances; an add from chat lands once", async () => {
  const path = `/api/v1/playlists/${playlistId}/twitch`;
  expect((await onA.request("PUT", path, { channel: CHANNEL, bot_username: BOT, oauth_token: TOKEN, replies_enabled: true, cooldown_seconds: 0 })).status).toBe(200);
  expect((await onA.post(`${path}/connection`)).status).toBe(200);
  await chat.joins(CHANNEL, 1);
  await statusUntil(onB, (s) => s.status === "connected");

  // Settings saved through the other instance restart the bot with them, still once.
  expect((await onB.request("PUT", path, { channel: CHANNEL, bot_username: BOT, command_prefix: "!q", replies_enabled: true, cooldown_seconds: 0 })).status).toBe(200);
  await chat.joins(CHANNEL, 2);
  await statusUntil(onA, (s) => s.status === "connected");
  expect(chat.say(CHANNEL, { login: "fan1", userId: "7001" }, `!q https://youtu.be/${YT[0]}`)).toBe(1);
  expect((await chat.nextReply(CHANNEL)).text).toBe(`@fan1 Added: https://www.youtube.com/watch?v=${YT[0]}`);
  expect(await linkCount(onA)).toBe(1);
});

test("the instance running the bot stops: the other one takes it over", async () => {
  // The claim's key names the holding process (pid:random).
  const redis = new Redis(TEST_REDIS_URL);
  const holder = await redis.get(`${cluster.redisPrefix}:twitch-bot:${playlistId}`);
  await redis.quit();
  const holderPid = Number(holder?.split(":")[0]);
  expect([cluster.a.proc.pid, cluster.b.proc.pid]).toContain(holderPid);
  const [dying, survivor] = holderPid === cluster.a.proc.pid ? [cluster.a, onB] : [cluster.b, onA];

  await dying.stop();
  await chat.noneJoined(CHANNEL);
  await chat.joins(CHANNEL, 3);
  expect(chat.say(CHANNEL, { login: "fan2", userId: "7002" }, `!q https://youtu.be/${YT[1]}`)).toBe(1);
  expect((await chat.nextReply(CHANNEL)).text).toBe(`@fan2 Added: https://www.youtube.com/watch?v=${YT[1]}`);
  expect(await linkCount(survivor)).toBe(2);
  await statusUntil(survivor, (s) => s.status === "connected");

  expect((await survivor.request("DELETE", `/api/v1/playlists/${playlistId}/twitch/connection`)).status).toBe(200);
  await chat.noneJoined(CHANNEL);
});
