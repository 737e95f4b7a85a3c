import "server-only";
/**
 * Opens the database it is told to: embedded PGlite in `<dataDir>/pglite` (under an exclusive lock),
 * or PostgreSQL (node-postgres) at a connection URL; either is migrated before it is returned. The
 * database layer reads no configuration of its own: the server (lib/server/db.ts) decides the target
 * from its validated env and keeps the one open handle per process.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { acquireLock, pgliteDir } from "./lock.mjs";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbKind = "pglite" | "postgres";

export interface DbHandle {
  db: Db;
  kind: DbKind;
  close: () => Promise<void>;
  /** The connection pool's counts (PostgreSQL); absent for the embedded database, which has no pool. */
  poolStats?: () => PoolStats;
}

export interface PoolStats {
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

/** Told of every query the driver ran: its time in seconds, and whether it succeeded. */
export type QueryObserver = (seconds: number, ok: boolean) => void;

export interface OpenOptions {
  onQuery?: QueryObserver;
}

type QueryFn = (...args: unknown[]) => unknown;

/**
 * Wraps a driver client's `query` so `onQuery` learns each one's time: node-postgres's pool passes a
 * callback, Drizzle's other calls await the returned promise.
 */
function timeQueries(client: { query: QueryFn }, onQuery: QueryObserver): void {
  const query = client.query;
  client.query = function timedQuery(this: unknown, ...args: unknown[]) {
    const startedAt = performance.now();
    const done = (ok: boolean) => onQuery((performance.now() - startedAt) / 1000, ok);
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === "function") {
      args[last] = function (this: unknown, error: unknown, ...rest: unknown[]) {
        done(!error);
        return (callback as QueryFn).call(this, error, ...rest);
      };
      return query.apply(this, args);
    }
    const result = query.apply(this, args);
    if (result instanceof Promise) result.then(() => done(true), () => done(false));
    return result;
  };
}

const MIGRATIONS_FOLDER = path.join(process.cwd(), "db", "migrations");
/** Any fixed number: serializes migrations when several app instances start against one PostgreSQL. */
const MIGRATION_LOCK_KEY = 461_311;

/** Where the database is: a PostgreSQL connection URL, or else the embedded database's data folder. */
export type DbTarget = { databaseUrl: string } | { dataDir: string };

async function openPglite(dataDir: string, options: OpenOptions): Promise<DbHandle> {
  const dir = pgliteDir(dataDir);
  mkdirSync(dir, { recursive: true });
  const release = await acquireLock(dataDir, {
    // Another process took the lock, so it may be writing the database now: stop before two do.
    onLost: (error) => {
      console.error(`[viewparty] Lost the lock on the embedded database at ${dir} (${error.message}); stopping.`);
      process.exit(1);
    },
  });
  try {
    const { PGlite } = await import("@electric-sql/pglite");
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    const client = await PGlite.create(dir);
    // Transactions query through their own handle (not timed): the embedded database's queries are the rest.
    if (options.onQuery) timeQueries(client as unknown as { query: QueryFn }, options.onQuery);
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db: db as unknown as Db,
      kind: "pglite",
      close: async () => {
        await client.close();
        await release();
      },
    };
  } catch (error) {
    await release();
    throw error;
  }
}

async function openPostgres(url: string, options: OpenOptions): Promise<DbHandle> {
  const { Pool } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  // A connection the database cannot give within a few seconds (down, or a network that swallows
  // packets) fails the request (answered 503) instead of holding it until the database returns.
  const pool = new Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000, keepAlive: true });
  // An idle connection the database dropped (a restart) reports here; unheard, the error would end
  // the process. The pool replaces the connection on next use.
  pool.on("error", (error) => console.error("[db] idle connection lost:", error.message));
  // Every query, the pool's own and those of a checked-out client (transactions), runs on a client.
  const { onQuery } = options;
  if (onQuery) pool.on("connect", (client) => timeQueries(client as unknown as { query: QueryFn }, onQuery));
  const db = drizzle({ client: pool, schema });
  const conn = await pool.connect();
  try {
    await conn.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migrate(drizzle({ client: conn, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await conn.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    conn.release();
  }
  return {
    db: db as unknown as Db,
    kind: "postgres",
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

export function openDb(target: DbTarget, options: OpenOptions = {}): Promise<DbHandle> {
  return "databaseUrl" in target ? openPostgres(target.databaseUrl, options) : openPglite(target.dataDir, options);
}
