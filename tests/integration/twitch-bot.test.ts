/**
 * The playlists' Twitch chat bot against the real app and a local Twitch chat stand-in
 * (tests/support/twitch-chat-stand-in.ts): who may connect it, login and join failures shown as the
 * Error status with their reason, "!add <link>" from chat added to the playlist with the Accept
 * switches, the per-viewer cooldown and replies, reconnecting after the chat server drops the
 * connection, reconnecting after an app restart, and stopping on Disconnect and on deletion.
 * Nothing reaches the internet.
 */
import { rmSync } from "node:fs";
import { Client, makeDataDir, startApp, uniqueName, type RunningApp } from "./helpers/app";
import { startTwitchChatStandIn, type TwitchChatStandIn, type Viewer } from "../support/twitch-chat-stand-in";

jest.setTimeout(240_000);

const TOKEN = "standinbottoken0123456789secret";
const NO_SCOPE_TOKEN = "standinnoscopetoken987654321";
const BOT = "vp_test_bot";
const CHANNEL = "streamer_one";
const PASSWORD = "correct-horse-battery";
const YT = ["dQw4w9WgXcQ", "9bZkp7q19f0", "kJQP7kiw5Fk", "OPf0YbXqDm0"] as const;

interface Settings {
  channel: string | null;
  bot_username: string | null;
  has_oauth_token: boolean;
  replies_enabled: boolean;
  cooldown_seconds: number;
  enabled: boolean;
  status: "disconnected" | "connecting" | "connected" | "error";
  status_detail: string | null;
}
interface Detail {
  admin_key: string | null;
  links: { url: string; video_id: string | null; platform: string | null }[];
}

let chat: TwitchChatStandIn;
let app: RunningApp;
let dataDir: string;
let env: Record<string, string>;
let owner: Client;
let ownerName: string;
let editor: Client;
let stranger: Client;
let playlistId: string;

const viewer = (n: number): Viewer => ({ login: `viewer${n}`, displayName: `Viewer${n}`, userId: String(5000 + n) });
const twitchPath = () => `/api/v1/playlists/${playlistId}/twitch`;
const connectionPath = () => `${twitchPath()}/connection`;
const json = async <T>(res: Response): Promise<T> => (await res.json()) as T;

async function signedUp(base: string, name: string): Promise<Client> {
  const client = new Client(base);
  expect((await client.signUp(name, PASSWORD)).status).toBe(200);
  return client;
}

async function settings(): Promise<Settings> {
  const res = await owner.get(twitchPath());
  expect(res.status).toBe(200);
  return json<Settings>(res);
}

/** Reads the status until `done` holds (the bot reports asynchronously); the test's timeout bounds it. */
async function statusUntil(done: (s: Settings) => boolean): Promise<Settings> {
  for (;;) {
    const current = await settings();
    if (done(current)) return current;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function save(body: Record<string, unknown>): Promise<Settings> {
  const res = await owner.request("PUT", twitchPath(), body);
  expect(res.status).toBe(200);
  return json<Settings>(res);
}

async function links(): Promise<Detail["links"]> {
  const res = await owner.get(`/api/v1/playlists/${playlistId}`);
  expect(res.status).toBe(200);
  return (await json<Detail>(res)).links;
}

beforeAll(async () => {
  chat = await startTwitchChatStandIn();
  chat.addAccount({ token: TOKEN, login: BOT, userId: "900", scopes: ["chat:read", "chat:edit"] });
  chat.addAccount({ token: NO_SCOPE_TOKEN, login: BOT, userId: "900", scopes: [] });
  chat.addChannel(CHANNEL);
  dataDir = makeDataDir();
  // The embedded database: no periodic sweep; each change below is applied by the sweep it starts.
  env = { ...chat.env };
  app = await startApp({ dataDir, env });
  ownerName = uniqueName("tbowner");
  owner = await signedUp(app.baseUrl, ownerName);
  stranger = await signedUp(app.baseUrl, uniqueName("tbstranger"));
  editor = await signedUp(app.baseUrl, uniqueName("tbeditor"));
  const created = await owner.post("/api/v1/playlists", { title: "Chat picks" });
  expect(created.status).toBe(201);
  const detail = await json<Detail & { id: string }>(created);
  playlistId = detail.id;
  expect((await editor.post("/api/v1/playlists/join", { code: detail.admin_key })).status).toBe(200);
});

afterAll(async () => {
  await app?.stop();
  await chat?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test("only the owner connects or disconnects the bot; connecting needs the settings first", async () => {
  for (const who of [stranger, editor]) {
    expect((await who.post(connectionPath())).status).toBe(403);
    expect((await who.request("DELETE", connectionPath())).status).toBe(403);
  }
  expect((await fetch(`${app.baseUrl}${connectionPath()}`, { method: "POST", headers: { Origin: app.baseUrl } })).status).toBe(401);
  const refused = await owner.post(connectionPath());
  expect(refused.status).toBe(422);
  expect((await json<{ detail: string }>(refused)).detail).toMatch(/channel, the bot username and the OAuth token/);
  expect(await settings()).toMatchObject({ enabled: false, status: "disconnected", status_detail: null, replies_enabled: false, cooldown_seconds: 30 });
});

test("a token Twitch does not know: Error, with the reason", async () => {
  await save({ channel: CHANNEL, bot_username: BOT, oauth_token: "not-a-known-token" });
  const res = await owner.post(connectionPath());
  expect(res.status).toBe(200);
  expect(await json<Settings>(res)).toMatchObject({ enabled: true });
  const failed = await statusUntil((s) => s.status === "error");
  expect(failed.status_detail).toMatch(/refused the bot's OAuth token/);
});

test("a token the chat server refuses at login: Error with Twitch's notice", async () => {
  // Saving new settings restarts the running bot with them.
  await save({ channel: CHANNEL, bot_username: BOT, oauth_token: NO_SCOPE_TOKEN });
  const failed = await statusUntil((s) => s.status === "error" && /Login authentication failed/.test(s.status_detail ?? ""));
  expect(failed.status_detail).toMatch(/Check the OAuth token/);
  expect(chat.failedLogins()).toContain(BOT);
});

test("a channel that does not exist: Error, the join refused; the token removed: Error until one is saved", async () => {
  await save({ channel: "nobody_streams_here", bot_username: BOT, oauth_token: TOKEN });
  const failed = await statusUntil((s) => s.status === "error" && /nobody_streams_here/.test(s.status_detail ?? ""));
  expect(failed.status_detail).toMatch(/does not exist or has been suspended/);

  await save({ channel: CHANNEL, bot_username: BOT, oauth_token: null });
  const noToken = await statusUntil((s) => s.status === "error" && /Set the channel/.test(s.status_detail ?? ""));
  expect(noToken).toMatchObject({ enabled: true, has_oauth_token: false });
  expect(chat.joinedCount(CHANNEL)).toBe(0);
});

test("connected: '!add <link>' from chat adds it, with a reply; the cooldown holds a viewer back; the token never leaves", async () => {
  await save({ channel: CHANNEL, bot_username: BOT, oauth_token: TOKEN, replies_enabled: true, cooldown_seconds: 30 });
  await chat.joins(CHANNEL, 1);
  expect(await statusUntil((s) => s.status === "connected")).toMatchObject({ status_detail: null, enabled: true, channel: CHANNEL });

  expect(chat.say(CHANNEL, viewer(1), `!add https://youtu.be/${YT[0]}`)).toBe(1);
  expect((await chat.nextReply(CHANNEL)).text).toBe(`@Viewer1 Added: https://www.youtube.com/watch?v=${YT[0]}`);
  expect((await links()).map((l) => l.video_id)).toEqual([YT[0]]);

  // Ordinary chat is ignored; the same viewer again within the cooldown is refused; another viewer is not.
  chat.say(CHANNEL, viewer(1), "great stream!");
  chat.say(CHANNEL, viewer(1), `!add https://youtu.be/${YT[1]}`);
  expect((await chat.nextReply(CHANNEL)).text).toMatch(/^@Viewer1 Please wait \d+ s before adding another video\.$/);
  chat.say(CHANNEL, viewer(2), `!ADD https://www.youtube.com/watch?v=${YT[1]}`);
  expect((await chat.nextReply(CHANNEL)).text).toBe(`@Viewer2 Added: https://www.youtube.com/watch?v=${YT[1]}`);
  chat.say(CHANNEL, viewer(3), "!add");
  expect((await chat.nextReply(CHANNEL)).text).toBe("@Viewer3 Usage: !add <video link>");
  // A viewer is told no once per 30 s: Viewer3's second refusal is not said, Viewer9's is.
  chat.say(CHANNEL, viewer(3), "!add https://example.com/not-a-video");
  chat.say(CHANNEL, viewer(9), "!add https://example.com/not-a-video");
  expect((await chat.nextReply(CHANNEL)).text).toBe("@Viewer9 Only YouTube and TikTok video links can be added.");
  expect((await links()).map((l) => l.video_id)).toEqual([YT[0], YT[1]]);

  const text = await (await owner.get(twitchPath())).text();
  expect(text).not.toContain(TOKEN);
  expect(app.output()).not.toContain(TOKEN);
});

test("Accept TikTok only: a YouTube link from chat is refused with a reply and not added", async () => {
  expect((await owner.request("PATCH", `/api/v1/playlists/${playlistId}`, { accept_youtube: false })).status).toBe(200);
  chat.say(CHANNEL, viewer(4), `!add https://youtu.be/${YT[2]}`);
  expect((await chat.nextReply(CHANNEL)).text).toBe("@Viewer4 Only TikTok links are accepted.");
  chat.say(CHANNEL, viewer(4), "!add https://www.tiktok.com/@someone/video/7316829214585637152");
  expect((await chat.nextReply(CHANNEL)).text).toMatch(/^@Viewer4 Added: https:\/\/www\.tiktok\.com\//);
  expect((await links()).map((l) => l.platform)).toEqual(["youtube", "youtube", "tiktok"]);
  expect((await owner.request("PATCH", `/api/v1/playlists/${playlistId}`, { accept_youtube: true })).status).toBe(200);
});

test("the chat server drops the connection: the bot reconnects, rejoins and keeps adding", async () => {
  chat.dropAll();
  await chat.joins(CHANNEL, 2);
  await statusUntil((s) => s.status === "connected");
  expect(await chat.ping()).toBe(1);
  chat.say(CHANNEL, viewer(5), `!add https://youtu.be/${YT[2]}`);
  expect((await chat.nextReply(CHANNEL)).text).toBe(`@Viewer5 Added: https://www.youtube.com/watch?v=${YT[2]}`);
});

test("others cannot stop it; after an app restart a connected bot connects again", async () => {
  expect((await stranger.request("DELETE", connectionPath())).status).toBe(403);
  expect((await editor.request("DELETE", connectionPath())).status).toBe(403);
  expect(chat.joinedCount(CHANNEL)).toBe(1);

  await app.stop();
  await chat.noneJoined(CHANNEL);
  app = await startApp({ dataDir, env });
  owner = new Client(app.baseUrl);
  expect((await owner.post("/api/auth/sign-in/email", { email: `${ownerName}@example.test`, password: PASSWORD })).status).toBe(200);
  await chat.joins(CHANNEL, 3);
  await statusUntil((s) => s.status === "connected");
  chat.say(CHANNEL, viewer(6), `!add https://youtu.be/${YT[3]}`);
  expect((await chat.nextReply(CHANNEL)).text).toBe(`@Viewer6 Added: https://www.youtube.com/watch?v=${YT[3]}`);
});

test("Disconnect stops the bot: it leaves the chat and nothing more is added", async () => {
  const res = await owner.request("DELETE", connectionPath());
  expect(res.status).toBe(200);
  expect(await json<Settings>(res)).toMatchObject({ enabled: false, status: "disconnected", status_detail: null });
  await chat.noneJoined(CHANNEL);
  expect(chat.say(CHANNEL, viewer(7), `!add https://youtu.be/${YT[0]}`)).toBe(0);
  expect(await settings()).toMatchObject({ enabled: false, status: "disconnected" });
});

test("deleting the playlist stops its bot", async () => {
  const joinsSoFar = 3;
  expect((await owner.post(connectionPath())).status).toBe(200);
  await chat.joins(CHANNEL, joinsSoFar + 1);
  await statusUntil((s) => s.status === "connected");
  expect((await owner.request("DELETE", `/api/v1/playlists/${playlistId}`)).status).toBe(204);
  await chat.noneJoined(CHANNEL);
  expect(chat.say(CHANNEL, viewer(8), `!add https://youtu.be/${YT[0]}`)).toBe(0);
});
