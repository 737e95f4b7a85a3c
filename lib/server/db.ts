import "server-only";
/**
 * The server's database: the target comes from the validated env (PostgreSQL when DATABASE_URL is
 * set, else the embedded database in VP_DATA_DIR/pglite). Opened lazily on first use (never at
 * import: `next build` imports route modules) and cached per process on globalThis, so development's
 * module reloads share one handle.
 */
import { sql } from "drizzle-orm";
import { openDb, type Db, type DbHandle, type DbKind, type PoolStats } from "@/db/client";
import { getEnv } from "./env";
import { metrics } from "./metrics/metrics";
import { forgetProcessSingleton, processSingleton } from "./process-singleton";

const QUERY_OK = { outcome: "ok" } as const;
const QUERY_FAILED = { outcome: "error" } as const;

function open(): Promise<DbHandle> {
  const env = getEnv();
  const m = metrics();
  const onQuery = m ? (seconds: number, ok: boolean) => m.dbQuerySeconds.observe(ok ? QUERY_OK : QUERY_FAILED, seconds) : undefined;
  return openDb(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.dataDir }, { onQuery });
}

const handle = processSingleton<DbHandle>("db", open);

export async function getDb(): Promise<Db> {
  return (await handle()).db;
}

export async function getDbKind(): Promise<DbKind> {
  return (await handle()).kind;
}

/** The PostgreSQL pool's counts; null for the embedded database (no pool). */
export async function dbPoolStats(): Promise<PoolStats | null> {
  return (await handle()).poolStats?.() ?? null;
}

/** Round trip to the database; used by the readiness check. */
export async function pingDb(): Promise<void> {
  await (await getDb()).execute(sql`select 1`);
}

export async function closeDb(): Promise<void> {
  const current = forgetProcessSingleton<DbHandle>("db");
  if (current) await (await current).close();
}
