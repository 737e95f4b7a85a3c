/**
 * One live party per host, enforced by the database: a burst of simultaneous "start a party" requests
 * from the same host creates exactly one party; every other request gets a 409 with the usual error
 * body. Runs on the embedded database and on PostgreSQL with two app instances sharing it (where
 * nothing in one process can see what the other is inserting). On PostgreSQL the test also forces the
 * worst interleaving: it holds a lock that lets every request get as far as writing its party, then
 * lets them all write at once, so a check-then-insert loses every time rather than now and then.
 */
import { randomBytes } from "node:crypto";
import { startApp, type RunningApp } from "./helpers/app";
import { api, guestToken } from "./helpers/party";
import { createTestDatabase, type TestDatabase } from "./helpers/postgres";

jest.setTimeout(180_000);

/** Below the create route's rate limit (10 a minute per caller), so every refusal is the one-party rule. */
const ATTEMPTS = 8;
const ALREADY_HOSTING = {
  detail: "You are already hosting a live party. End it before starting another.",
  code: "already_hosting",
};

interface Outcome {
  status: number;
  body: Record<string, unknown>;
  title: string;
}

/** Fires every create at once (spread over the given instances); `whileInFlight` runs before the answers are awaited. */
async function createAtOnce(apps: RunningApp[], token: string, tag: string, whileInFlight?: () => Promise<void>): Promise<Outcome[]> {
  const outcomes = Promise.all(
    Array.from({ length: ATTEMPTS }, async (_, i) => {
      const title = `Race ${tag} #${i}`;
      const app = apps[i % apps.length]!;
      const res = await api(app.baseUrl, "POST", "/api/v1/parties", token, { video_url: `https://www.netflix.com/watch/${i + 1}`, video_title: title });
      return { status: res.status, body: (await res.json()) as Record<string, unknown>, title };
    }),
  );
  await whileInFlight?.();
  return outcomes;
}

async function listedTitles(app: RunningApp, tag: string): Promise<string[]> {
  const list = (await (await fetch(`${app.baseUrl}/api/v1/parties/active`)).json()) as { video_title: string }[];
  return list.map((p) => p.video_title).filter((t) => t.startsWith(`Race ${tag} `));
}

function expectOneWinner(outcomes: Outcome[]): Outcome {
  const created = outcomes.filter((o) => o.status === 201);
  const refused = outcomes.filter((o) => o.status !== 201);
  expect(created).toHaveLength(1);
  expect(refused.map((o) => o.status)).toEqual(Array(ATTEMPTS - 1).fill(409));
  for (const o of refused) expect(o.body).toEqual(ALREADY_HOSTING);
  return created[0]!;
}

describe("on the embedded database", () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.stop();
  });

  test("simultaneous creates by one host: one 201, the rest 409, one live party", async () => {
    const host = await guestToken(app.baseUrl, "Racer");
    const tag = randomBytes(3).toString("hex");
    const winner = expectOneWinner(await createAtOnce([app], host, tag));
    expect(await listedTitles(app, tag)).toEqual([winner.title]);
    const current = (await (await api(app.baseUrl, "GET", "/api/v1/users/me/current-party", host)).json()) as {
      current_party: { id: string; party_role: string };
    };
    expect(current.current_party).toMatchObject({ id: winner.body.id, party_role: "host" });

    // The rule covers live parties only: once this one ends, the host may start another.
    expect((await api(app.baseUrl, "DELETE", `/api/v1/parties/${String(winner.body.id)}`, host)).status).toBe(204);
    const again = await api(app.baseUrl, "POST", "/api/v1/parties", host, { video_url: "https://www.hulu.com/watch/9", video_title: `Race ${tag} again` });
    expect(again.status).toBe(201);
    expect(await listedTitles(app, tag)).toEqual([`Race ${tag} again`]);
  });
});

describe("on PostgreSQL, two app instances", () => {
  let pg: TestDatabase;
  let a: RunningApp;
  let b: RunningApp;
  beforeAll(async () => {
    pg = await createTestDatabase("vp_one_party");
    // One secret for both, so a guest token from one instance is accepted by the other.
    const env = { DATABASE_URL: pg.url, BETTER_AUTH_SECRET: randomBytes(32).toString("hex") };
    a = await startApp({ env });
    b = await startApp({ env });
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await pg?.drop();
  });

  test("simultaneous creates by one host across instances: one 201, the rest 409, one live party row", async () => {
    const host = await guestToken(a.baseUrl, "Racer PG");
    const tag = randomBytes(3).toString("hex");
    // EXCLUSIVE lets reads through but holds every write to live_party until we commit.
    await pg.query("begin");
    await pg.query("lock table live_party in exclusive mode");
    const outcomes = await createAtOnce([a, b], host, tag, async () => {
      try {
        // Wait until every request is queued to write its party (whatever it checked before that).
        for (;;) {
          const [waiting] = await pg.query<{ n: number }>("select count(*)::int as n from pg_locks where relation = 'live_party'::regclass and not granted");
          if (waiting?.n === ATTEMPTS) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      } finally {
        await pg.query("commit");
      }
    });
    const winner = expectOneWinner(outcomes);
    const rows = await pg.query<{ id: string; state: string }>("select id, state from live_party where video_title like $1", [`Race ${tag} %`]);
    expect(rows).toEqual([{ id: winner.body.id, state: "ACTIVE" }]);
    // Exactly one membership row too: the refused attempts left nothing behind.
    const members = await pg.query<{ role: string }>("select role from live_party_member where party_id = $1", [winner.body.id]);
    expect(members).toEqual([{ role: "host" }]);
    expect(await listedTitles(b, tag)).toEqual([winner.title]);
  });
});
