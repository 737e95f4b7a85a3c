import "server-only";
/**
 * The server's database: the target comes from the validated env (PostgreSQL when DATABASE_URL is
 * set, else the embedded database in VP_DATA_DIR/pglite). Opened lazily on first use (never at
 * import: `next build` imports route modules) and cached per process on globalThis, so development's
 * module reloads share one handle.
 */
import { sql } from "drizzle-orm";
import { openDb, type Db, type DbHandle, type DbKind } from "@/db/client";
import { getEnv } from "./env";
import { forgetProcessSingleton, processSingleton } from "./process-singleton";

function open(): Promise<DbHandle> {
  const env = getEnv();
  return openDb(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.dataDir });
}

const handle = processSingleton<DbHandle>("db", open);

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
  const current = forgetProcessSingleton<DbHandle>("db");
  if (current) await (await current).close();
}
