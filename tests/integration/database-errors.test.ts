/**
 * The error mapper on real database errors: our migrations on a fresh PostgreSQL database, queries
 * through Drizzle (which wraps the driver's error), and the API answer each failure becomes. (The
 * embedded database raises the same errors: tests/integration/live-party-one-per-host.test.ts.)
 */
import path from "node:path";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { Pool } from "pg";
import { toErrorResponse } from "@/lib/server/http/error-response";
import { freePort } from "./helpers/app";
import { createTestDatabase, type TestDatabase } from "./helpers/postgres";

jest.setTimeout(60_000);

let pg: TestDatabase;
let pool: Pool;
let db: ReturnType<typeof drizzle>;

const party = (id: string, state: string) =>
  sql`insert into live_party (id, invite_code, host_id, host_display_name, platform_domain, video_url, video_title, state)
      values (${id}, ${`CODE-${id}`}, 'h1', 'Host', 'netflix.com', 'https://www.netflix.com/watch/1', 'Heat', ${state})`;

beforeAll(async () => {
  pg = await createTestDatabase("vp_dberr");
  pool = new Pool({ connectionString: pg.url, max: 2 });
  db = drizzle({ client: pool });
  await migrate(db, { migrationsFolder: path.join(process.cwd(), "db", "migrations") });
  await db.execute(party("p1", "ACTIVE"));
});

afterAll(async () => {
  await pool?.end();
  await pg?.drop();
});

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("expected the query to fail");
}

async function answer(error: unknown) {
  const res = toErrorResponse(error);
  return { status: res.status, body: (await res.json()) as { detail: string; code: string } };
}

test("a second live party for one host, inside a transaction, is a 409 that says why", async () => {
  const error = await failure(() => db.transaction((tx) => tx.execute(party("p2", "AWAITING_RECONNECT"))));
  expect(await answer(error)).toEqual({
    status: 409,
    body: { detail: "You are already hosting a live party. End it before starting another.", code: "already_hosting" },
  });
  // Ended parties do not count.
  await db.execute(party("p3", "ENDED"));
});

test("any other unique violation is a plain 409; other database errors stay a bare 500", async () => {
  await db.execute(sql`update live_party set state = 'ENDED' where id = 'p1'`);
  expect(await answer(await failure(() => db.execute(party("p1", "ACTIVE"))))).toEqual({
    status: 409,
    body: { detail: "That already exists.", code: "conflict" },
  });

  const spy = jest.spyOn(console, "error").mockImplementation(() => {});
  const notNull = await answer(await failure(() => db.execute(sql`insert into live_party (id) values ('p9')`)));
  spy.mockRestore();
  expect(notNull).toEqual({ status: 500, body: { detail: "Something went wrong on our side. Please try again.", code: "internal_error" } });
});

test("a database that cannot be reached or drops the connection is a 503 with Retry-After, not a 500", async () => {
  // Refused: nothing listens on the port (one freed a moment ago).
  const refused = new Pool({ connectionString: `postgres://postgres@127.0.0.1:${await freePort()}/postgres`, max: 1 });
  const offline = await failure(() => drizzle({ client: refused }).execute(sql`select 1`));
  await refused.end();
  // Dropped: the server ends the session under a query's client (as a restart does).
  const victim = await pool.connect();
  victim.on("error", () => undefined);
  const [{ pid }] = (await victim.query("select pg_backend_pid() as pid")).rows as [{ pid: number }];
  await db.execute(sql`select pg_terminate_backend(${pid})`);
  const dropped = await failure(() => drizzle({ client: victim }).execute(sql`select 1`));
  victim.release(true);

  const spy = jest.spyOn(console, "error").mockImplementation(() => {});
  const responses = [toErrorResponse(offline), toErrorResponse(dropped)];
  spy.mockRestore();
  for (const res of responses) {
    expect(res.status).toBe(503);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await res.json()).toEqual({ detail: expect.stringMatching(/database/), code: "service_unavailable" });
  }
});
