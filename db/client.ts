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
}

const MIGRATIONS_FOLDER = path.join(process.cwd(), "db", "migrations");
/** Any fixed number: serializes migrations when several app instances start against one PostgreSQL. */
const MIGRATION_LOCK_KEY = 461_311;

/** Where the database is: a PostgreSQL connection URL, or else the embedded database's data folder. */
export type DbTarget = { databaseUrl: string } | { dataDir: string };

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
  // A connection the database cannot give within a few seconds (down, or a network that swallows
  // packets) fails the request (answered 503) instead of holding it until the database returns.
  const pool = new Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000, keepAlive: true });
  // An idle connection the database dropped (a restart) reports here; unheard, the error would end
  // the process. The pool replaces the connection on next use.
  pool.on("error", (error) => console.error("[db] idle connection lost:", error.message));
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

export function openDb(target: DbTarget): Promise<DbHandle> {
  return "databaseUrl" in target ? openPostgres(target.databaseUrl) : openPglite(target.dataDir);
}
