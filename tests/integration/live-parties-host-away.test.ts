/**
 * The public list tells the truth about hosts: a live party whose host has been away longer than
 * VP_HOST_AWAY_MS is listed HOST_AWAY (in GET /parties/active and the deltas stream), whether the
 * host left, never connected, or the server restarted meanwhile; the host coming back makes it
 * ACTIVE again. The demo seed lists no party that looks live.
 */
import { startApp, type RunningApp } from "./helpers/app";
import { bearer, createParty, guestToken, type Ev } from "./helpers/party";
import { SseClient } from "./helpers/sse";

jest.setTimeout(300_000);

// Short timers so the test need not wait a minute; the party never ends during it.
const TIMERS = { VP_HOST_GRACE_MS: "300", VP_HOST_AWAY_MS: "1500", VP_PARTY_END_AFTER_MS: "600000" };

const opened: SseClient<Ev>[] = [];
const apps: RunningApp[] = [];
afterEach(async () => {
  for (const s of opened.splice(0)) s.close();
  for (const app of apps.splice(0)) await app.stop();
});

async function start(env: Record<string, string> = {}, dataDir?: string): Promise<RunningApp> {
  const app = await startApp({ env: { ...TIMERS, ...env }, dataDir });
  apps.push(app);
  return app;
}

async function listedState(app: RunningApp, id: string): Promise<string | undefined> {
  const list = (await (await fetch(`${app.baseUrl}/api/v1/parties/active`)).json()) as { id: string; state: string }[];
  return list.find((p) => p.id === id)?.state;
}

async function deltas(app: RunningApp): Promise<SseClient<Ev>> {
  const s = await SseClient.open<Ev>(`${app.baseUrl}/api/v1/parties/active/deltas`);
  opened.push(s);
  return s;
}

const stateOf = (id: string, state: string) => (e: Ev) =>
  e.type === "PARTY_STATE" && (e.payload as { id: string }).id === id && (e.payload as { state: string }).state === state;

test("a host who never connects: Reconnecting first, then host away in the list and its deltas; the host arriving makes it live", async () => {
  const app = await start();
  const feed = await deltas(app);
  const host = await guestToken(app.baseUrl, "Absent Host");
  const party = await createParty(app.baseUrl, host);
  const created = await feed.waitFor((e) => e.type === "PARTY_CREATED" && (e.payload as { id: string }).id === party.id);
  expect((created.data.payload as { party: { state: string } }).party.state).toBe("ACTIVE");

  await feed.waitFor(stateOf(party.id, "AWAITING_RECONNECT"), 10_000);
  const away = await feed.waitFor(stateOf(party.id, "HOST_AWAY"), 10_000);
  expect((away.data.payload as { party: { state: string; video_title: string } }).party).toMatchObject({ state: "HOST_AWAY", video_title: "Heat" });
  expect(await listedState(app, party.id)).toBe("HOST_AWAY");
  // The room itself still waits for its host: members see the protocol's own state.
  const detail = (await (await fetch(`${app.baseUrl}/api/v1/parties/${party.id}`, { headers: bearer(host) })).json()) as { state: string };
  expect(detail.state).toBe("AWAITING_RECONNECT");

  const hostStream = await SseClient.open<Ev>(`${app.baseUrl}/api/v1/parties/${party.id}/events`, bearer(host));
  opened.push(hostStream);
  await feed.waitFor(stateOf(party.id, "ACTIVE"), 10_000);
  expect(await listedState(app, party.id)).toBe("ACTIVE");

  // The host leaves: away again, counted from the moment they left.
  const seen = feed.events.length;
  hostStream.close();
  await feed.waitFor((e, event) => feed.events.indexOf(event) >= seen && stateOf(party.id, "HOST_AWAY")(e), 10_000);
  expect(await listedState(app, party.id)).toBe("HOST_AWAY");
});

test("after a restart, a party whose host does not come back is listed host away without anyone opening it", async () => {
  const first = await startApp({ env: TIMERS, keepData: true });
  const host = await guestToken(first.baseUrl, "Gone Host");
  const party = await createParty(first.baseUrl, host);
  const dataDir = first.dataDir;
  await first.stop();

  const second = await start({}, dataDir);
  const feed = await deltas(second);
  expect(["ACTIVE", "AWAITING_RECONNECT", "HOST_AWAY"]).toContain(await listedState(second, party.id));
  if ((await listedState(second, party.id)) !== "HOST_AWAY") await feed.waitFor(stateOf(party.id, "HOST_AWAY"), 10_000);
  expect(await listedState(second, party.id)).toBe("HOST_AWAY");
});

test("the demo seed lists scheduled parties and no live party nobody hosts", async () => {
  // The seed fills an empty database only: on its own embedded database, in both runs (on the
  // PostgreSQL run's shared database, other files' accounts made it skip the seed, by design).
  const app = await start({ VP_SEED_DEMO: "1", DATABASE_URL: "", REDIS_URL: "" });
  const deadline = Date.now() + 60_000;
  while (!app.output().includes("[viewparty] seeded") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  expect(app.output()).toContain("[viewparty] seeded");
  // Only the seed's own hosts count.
  const live = (await (await fetch(`${app.baseUrl}/api/v1/parties/active`)).json()) as { host_username: string | null }[];
  expect(live.filter((party) => ["movienight", "streamqueen", "animeclub"].includes(party.host_username ?? ""))).toEqual([]);
  const scheduled = (await (await fetch(`${app.baseUrl}/api/v1/scheduled-parties`)).json()) as { title: string }[];
  expect(scheduled.length).toBeGreaterThanOrEqual(5);
});
