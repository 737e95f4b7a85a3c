/**
 * Creates the embedded database (PGlite) in a short-lived child process, before the server opens it.
 * PGlite's initdb keeps ~450 MB of WebAssembly memory referenced in the process that ran it: a server
 * that created its database itself idled at 515–910 MB RSS, the same server reopening an existing
 * database at ~400 MB (and ~170 MB on PostgreSQL). The child exits and takes that memory with it;
 * the server then opens and migrates an existing database as on every later start.
 *
 * Run as a script (`node create-embedded-db.mjs <dataDir>`) it is that child.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { acquireLock, pgliteDir } from "../../db/lock.mjs";

const self = fileURLToPath(import.meta.url);

/** Whether `dataDir` holds a created embedded database. */
function created(dataDir) {
  return existsSync(path.join(pgliteDir(dataDir), "PG_VERSION"));
}

/** Creates the embedded database in `dataDir` unless it exists; resolves once the child has exited. */
export async function createEmbeddedDatabase(dataDir) {
  if (created(dataDir)) return;
  await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [self, dataDir], { stdio: "inherit" });
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`creating the embedded database in ${pgliteDir(dataDir)} failed (exit ${code})`))));
  });
}

if (process.argv[1] === self) {
  const dataDir = path.resolve(process.argv[2] ?? ".data");
  mkdirSync(pgliteDir(dataDir), { recursive: true });
  const release = await acquireLock(dataDir, {
    onLost: (error) => {
      console.error(`[viewparty] Lost the lock on the embedded database (${error.message}) while creating it.`);
      process.exit(1);
    },
  });
  try {
    if (!created(dataDir)) {
      const { PGlite } = await import("@electric-sql/pglite");
      const db = await PGlite.create(pgliteDir(dataDir));
      await db.close();
    }
  } finally {
    await release();
  }
}
