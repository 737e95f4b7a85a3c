import "server-only";
/**
 * The database: embedded PGlite in VP_DATA_DIR/pglite when DATABASE_URL is unset, PostgreSQL
 * (node-postgres) when it is set. Opened lazily on first use (never at import: `next build` imports
 * route modules), migrated before the first query, cached per process.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { getEnv } from "@/lib/server/env";
import { acquireLock, pgliteDir } from "./lock.mjs";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbKind = "pglite" | "postgres";

interface DbHandle {
  db: Db;
  kind: DbKind;
  close: () => Promise<void>;
}

const MIGRATIONS_FOLDER = path.join(process.cwd(), "db", "migrations");
/** Any fixed number: serializes migrations when several app instances start against one PostgreSQL. */
const MIGRATION_LOCK_KEY = 461_311;

const globalForDb = globalThis as unknown as { __vpDb?: Promise<DbHandle> };

async function openPglite(dataDir: string): Promise<DbHandle> {
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

async function openPostgres(url: string): Promise<DbHandle> {
  const { Pool } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const pool = new Pool({ connectionString: url, max: 10 });
  const db = drizzle({ client: pool, schema });
  const conn = await pool.connect();
  try {
    await conn.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migrate(drizzle({ client: conn, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await conn.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    conn.release();
  }
  return { db: db as unknown as Db, kind: "postgres", close: () => pool.end() };
}

function open(): Promise<DbHandle> {
  const env = getEnv();
  return env.DATABASE_URL ? openPostgres(env.DATABASE_URL) : openPglite(env.dataDir);
}

function handle(): Promise<DbHandle> {
  if (!globalForDb.__vpDb) {
    const opening = open();
    globalForDb.__vpDb = opening;
    // A failed open must not be cached: the next call tries again (e.g. after the other holder exits).
    opening.catch(() => {
      if (globalForDb.__vpDb === opening) globalForDb.__vpDb = undefined;
    });
  }
  return globalForDb.__vpDb;
}

export async function getDb(): Promise<Db> {
  return (await handle()).db;
}

export async function getDbKind(): Promise<DbKind> {
  return (await handle()).kind;
}

/** Round trip to the database; used by the health check. */
export async function pingDb(): Promise<void> {
  await (await getDb()).execute(sql`select 1`);
}

export async function closeDb(): Promise<void> {
  const current = globalForDb.__vpDb;
  globalForDb.__vpDb = undefined;
  if (current) await (await current).close();
}
