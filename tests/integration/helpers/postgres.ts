/**
 * A fresh PostgreSQL database per test file, on the machine's server (trust auth on 127.0.0.1:5432;
 * override with VP_TEST_PG_ADMIN_URL). Used where a test must arrange rows the API cannot create, and
 * to run several app instances against one database.
 */
import { randomBytes } from "node:crypto";
import { Client } from "pg";

export const PG_ADMIN_URL = process.env.VP_TEST_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

async function admin(sql: string): Promise<void> {
  const client = new Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  url: string;
  /** Runs a query against the test database. */
  query: <R extends Record<string, unknown> = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<R[]>;
  drop: () => Promise<void>;
}

export async function createTestDatabase(prefix = "vp_it"): Promise<TestDatabase> {
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  return {
    url: url.toString(),
    query: async <R extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
      (await client.query(sql, params)).rows as R[],
    drop: async () => {
      await client.end().catch(() => {});
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
