/**
 * The playlists' Twitch chat bot under a flood of "!add" lines, against the real app and the local
 * Twitch chat stand-in (tests/support/twitch-chat-stand-in.ts): a viewer's stream of bad lines is
 * answered once, not line by line at Twitch's send rate, and another viewer's add neither waits
 * behind those lines nor behind their answers; answers to many viewers at once are bounded, and an
 * add's confirmation goes out before them.
 *
 * Twitch lets a bot that is not a moderator send one message a second or so (the chat library
 * queues the rest), so on the old bot, which handled lines one at a time and waited for each answer
 * to be sent, 60 bad lines held a valid add back by about 100 s and drew 60 answers.
 */
import { rmSync } from "node:fs";
import { Client, makeDataDir, startApp, uniqueName, type RunningApp } from "./helpers/app";
import { startTwitchChatStandIn, type TwitchChatStandIn, type Viewer } from "../support/twitch-chat-stand-in";

jest.setTimeout(240_000);

const TOKEN = "floodbottoken0123456789secret";
const BOT = "vp_flood_bot";
const CHANNEL = "flooded_streamer";
const YT = ["dQw4w9WgXcQ", "9bZkp7q19f0", "kJQP7kiw5Fk"] as const;
const TIKTOK = "https://www.tiktok.com/@someone/video/7316829214585637152";

let chat: TwitchChatStandIn;
let app: RunningApp;
let dataDir: string;
let owner: Client;
let playlistId: string;

const viewer = (n: number): Viewer => ({ login: `viewer${n}`, displayName: `Viewer${n}`, userId: String(6000 + n) });
const to = (n: number) => (text: string) => text.startsWith(`@Viewer${n} `);

async function links(): Promise<{ video_id: string | null; platform: string | null }[]> {
  const res = await owner.get(`/api/v1/playlists/${playlistId}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { links: { video_id: string | null; platform: string | null }[] }).links;
}

beforeAll(async () => {
  chat = await startTwitchChatStandIn();
  chat.addAccount({ token: TOKEN, login: BOT, userId: "902", scopes: ["chat:read", "chat:edit"] });
  chat.addChannel(CHANNEL);
  dataDir = makeDataDir();
  app = await startApp({ dataDir, env: { ...chat.env } });
  owner = new Client(app.baseUrl);
  expect((await owner.signUp(uniqueName("tbflood"), "correct-horse-battery")).status).toBe(200);
  const created = await owner.post("/api/v1/playlists", { title: "Flooded" });
  expect(created.status).toBe(201);
  playlistId = ((await created.json()) as { id: string }).id;
  const path = `/api/v1/playlists/${playlistId}/twitch`;
  expect((await owner.request("PUT", path, { channel: CHANNEL, bot_username: BOT, oauth_token: TOKEN, replies_enabled: true, cooldown_seconds: 30 })).status).toBe(200);
  expect((await owner.post(`${path}/connection`)).status).toBe(200);
  await chat.joins(CHANNEL, 1);
  for (;;) {
    const status = ((await (await owner.get(path)).json()) as { status: string }).status;
    if (status === "connected") break;
    await new Promise((r) => setTimeout(r, 100));
  }
});

afterAll(async () => {
  await app?.stop();
  await chat?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test("60 bad '!add' lines from one viewer draw one answer and do not hold back another viewer's add", async () => {
  for (let i = 0; i < 60; i += 1) {
    const line = ["!add", `!add https://example.com/clip${i}`, `!add not-a-link-${i}`][i % 3]!;
    expect(chat.say(CHANNEL, viewer(1), line)).toBe(1);
  }
  chat.say(CHANNEL, viewer(2), `!add https://youtu.be/${YT[0]}`);
  expect((await chat.nextReply(CHANNEL, to(2))).text).toBe(`@Viewer2 Added: https://www.youtube.com/watch?v=${YT[0]}`);
  // What Viewer1 had been answered when Viewer2's add was confirmed (the old bot: all 60 lines first).
  const before = chat.takeReplies(CHANNEL, to(1)).map((r) => r.text);
  expect(before.length).toBeLessThanOrEqual(1);

  // Refusals go out in order, so once a later viewer's is, anything still owed to Viewer1 was sent.
  chat.say(CHANNEL, viewer(3), "!add");
  expect((await chat.nextReply(CHANNEL, to(3))).text).toBe("@Viewer3 Usage: !add <video link>");
  expect([...before, ...chat.takeReplies(CHANNEL, to(1)).map((r) => r.text)]).toEqual(["@Viewer1 Usage: !add <video link>"]);
  expect((await links()).map((l) => l.video_id)).toEqual([YT[0]]);
});

test("links checked against the playlist: a viewer's 60 refused ones draw one answer and do not hold back another viewer's add", async () => {
  expect((await owner.request("PATCH", `/api/v1/playlists/${playlistId}`, { accept_youtube: false })).status).toBe(200);
  try {
    await refusedLinksFromOneViewer();
  } finally {
    expect((await owner.request("PATCH", `/api/v1/playlists/${playlistId}`, { accept_youtube: true })).status).toBe(200);
  }
});

async function refusedLinksFromOneViewer(): Promise<void> {
  // Well-formed YouTube links: only the playlist (in the database) says it takes none right now.
  for (let i = 0; i < 60; i += 1) chat.say(CHANNEL, viewer(4), `!add https://www.youtube.com/watch?v=${YT[1]}&t=${i}`);
  chat.say(CHANNEL, viewer(5), `!add ${TIKTOK}`);
  expect((await chat.nextReply(CHANNEL, to(5))).text).toMatch(/^@Viewer5 Added: https:\/\/www\.tiktok\.com\//);
  const before = chat.takeReplies(CHANNEL, to(4)).map((r) => r.text);
  expect(before.length).toBeLessThanOrEqual(1);

  chat.say(CHANNEL, viewer(6), "!add");
  expect((await chat.nextReply(CHANNEL, to(6))).text).toBe("@Viewer6 Usage: !add <video link>");
  // One answer to Viewer4: that YouTube links are not taken, or (when the lines came faster than the
  // bot checked them) that too many of theirs are waiting.
  const answers = [...before, ...chat.takeReplies(CHANNEL, to(4)).map((r) => r.text)];
  expect(answers).toHaveLength(1);
  expect(answers[0]).toMatch(/^@Viewer4 (Only TikTok links are accepted\.|Too many links waiting; try again in a moment\.)$/);
  expect((await links()).map((l) => l.platform)).toEqual(["youtube", "tiktok"]);
}

test("bad lines from 60 viewers at once: an add's confirmation goes out before their answers, and most are dropped", async () => {
  for (let n = 100; n < 160; n += 1) chat.say(CHANNEL, viewer(n), `!add https://example.com/v${n}`);
  chat.say(CHANNEL, viewer(7), `!add https://youtu.be/${YT[2]}`);
  expect((await chat.nextReply(CHANNEL, to(7))).text).toBe(`@Viewer7 Added: https://www.youtube.com/watch?v=${YT[2]}`);
  // The newest refusal waits behind the confirmation (the old bot: every refusal went first).
  const spam = (text: string) => /^@Viewer1\d\d /.test(text);
  const last = "@Viewer159 Only YouTube and TikTok video links can be added.";
  const before = chat.takeReplies(CHANNEL, spam).map((r) => r.text);
  expect(before).not.toContain(last);

  chat.say(CHANNEL, viewer(8), "!add");
  expect((await chat.nextReply(CHANNEL, to(8))).text).toBe("@Viewer8 Usage: !add <video link>");
  // The newest refusals still waiting were sent, the older ones dropped as stale: the bot answers
  // for a few seconds instead of a minute and a half at Twitch's message rate. At most the five
  // kept waiting, plus those sent while the 60 lines were still arriving (one a second or so).
  const all = [...before, ...chat.takeReplies(CHANNEL, spam).map((r) => r.text)];
  expect(all).toContain(last);
  expect(all.length).toBeLessThanOrEqual(10);
});
