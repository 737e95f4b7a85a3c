/**
 * What a member was told is saved survives the app being killed, on the default setup (the embedded
 * database and the in-process bus, whose log lives only in memory): the real app is killed with
 * SIGKILL while members are chatting, then started again on the same data directory. Every chat
 * message that was answered 200, the host's mute, lock and slow mode, and the queue are there after
 * the restart, and enforced. (bench/crash-writes.mjs runs the same with 20 writers and several cycles,
 * on this setup and on PostgreSQL + Redis.)
 */
import { rmSync } from "node:fs";
import { makeDataDir, startApp, waitForExit, type RunningApp } from "./helpers/app";
import { api, command, createParty, guestToken, openMemberStream, type Ev } from "./helpers/party";
import type { SseClient } from "./helpers/sse";

jest.setTimeout(300_000);

/** The default setup whatever the suite runs on; hosts never time out during the test. */
const EMBEDDED = { DATABASE_URL: undefined, REDIS_URL: undefined, VP_HOST_GRACE_MS: "600000", VP_PARTY_END_AFTER_MS: "3600000" };

const streams: SseClient<Ev>[] = [];
const dataDir = makeDataDir();
let app: RunningApp | undefined;

afterAll(async () => {
  for (const s of streams) s.close();
  await app?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function join(baseUrl: string, partyId: string, token: string) {
  const joined = await api(baseUrl, "POST", `/api/v1/parties/${partyId}/join`, token);
  if (joined.status !== 200) throw new Error(`join ${joined.status}: ${await joined.text()}`);
  return openMemberStream(baseUrl, partyId, token, streams);
}

test("after kill -9 mid-chat, the restarted app still has every acknowledged message, the mute, lock, slow mode and queue", async () => {
  app = await startApp({ dataDir, env: EMBEDDED });
  const base = app.baseUrl;
  const host = await guestToken(base, "Crash Host");
  const party = await createParty(base, host);
  await join(base, party.id, host);
  const writers = await Promise.all([1, 2, 3, 4].map((n) => guestToken(base, `Crash Writer ${n}`)));
  for (const writer of writers) await join(base, party.id, writer);
  const loudToken = await guestToken(base, "Crash Loud");
  const loud = await join(base, party.id, loudToken);

  // Writers chat as fast as the chat limit lets them (10 each): a message counts once it was answered 200.
  const acked: string[] = [];
  let killed = false;
  const writing = writers.map(async (writer, w) => {
    for (let i = 0; i < 10 && !killed; i++) {
      const text = `writer ${w} message ${i}`;
      const res = await command(base, party.id, writer, { type: "chat", text }).catch(() => null);
      if (res?.status === 200) acked.push(text);
    }
  });
  // Meanwhile the host moderates and fills the queue.
  const links = [1, 2, 3].map((n) => ({ url: `https://video.example/crash/${n}`, title: `Crash ${n}` }));
  expect((await api(base, "POST", `/api/v1/parties/${party.id}/queue`, host, { items: links })).status).toBe(201);
  expect((await command(base, party.id, host, { type: "member.mute", memberId: loud.id })).status).toBe(200);
  expect((await command(base, party.id, host, { type: "room.lock", locked: true })).status).toBe(200);
  while (acked.length < 12) await new Promise((r) => setTimeout(r, 5));
  expect((await command(base, party.id, host, { type: "room.slowmode", seconds: 30 })).status).toBe(200);

  // Killed while writers still have messages in flight: no exit hook, no flush.
  killed = true;
  app.proc.kill("SIGKILL");
  await waitForExit(app.proc);
  await Promise.all(writing);
  for (const s of streams.splice(0)) s.close();

  app = await startApp({ dataDir, env: EMBEDDED, readyWithinMs: 120_000 });
  const after = await openMemberStream(app.baseUrl, party.id, host, streams);
  const snapshot = after.snapshot as unknown as {
    chat: { text: string }[];
    moderation: { muted: string[]; locked: boolean; slowModeSeconds: number };
    queue: { items: { url: string }[] };
  };
  const texts = snapshot.chat.map((m) => m.text);
  expect(acked.filter((text) => !texts.includes(text))).toEqual([]);
  expect(snapshot.moderation).toMatchObject({ muted: [loud.id], locked: true, slowModeSeconds: 30 });
  expect(snapshot.queue.items.map((item) => item.url)).toEqual(links.map((link) => link.url));

  // And enforced: the muted member cannot chat, a new guest cannot join the locked party.
  const muted = await command(app.baseUrl, party.id, loudToken, { type: "chat", text: "can you hear me now?" });
  expect(muted.status).toBe(403);
  expect(((await muted.json()) as { detail: string }).detail).toBe("The host muted you.");
  const newcomer = await api(app.baseUrl, "POST", `/api/v1/parties/${party.id}/join`, await guestToken(app.baseUrl, "Crash Late"));
  expect(newcomer.status).toBe(403);
  expect(((await newcomer.json()) as { detail: string }).detail).toBe("This party is locked.");
});
