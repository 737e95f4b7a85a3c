/**
 * Exclusive lock for the embedded database. Two processes opening one PGlite directory get no
 * error and silently lose data, so the first opener writes its pid to a lock file and every
 * later opener is refused with a message naming that pid. A lock left by a dead process is taken over.
 */
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";

export class EmbeddedDatabaseLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
  ) {
    super(
      `The embedded database at ${dataDir} is already in use by another process (pid ${holderPid}). ` +
        `Stop that process first, or set DATABASE_URL to use PostgreSQL.`,
    );
    this.name = "EmbeddedDatabaseLockedError";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readHolder(lockPath: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, "utf8").trim(), 10);
    return Number.isFinite(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Returns the pid holding the lock, or undefined when it is free (or stale). */
export function lockHolder(lockPath: string): number | undefined {
  const pid = readHolder(lockPath);
  return pid !== undefined && pid !== process.pid && isAlive(pid) ? pid : undefined;
}

/** Takes the lock for this process or throws EmbeddedDatabaseLockedError. Released at exit. */
export function acquireLock(lockPath: string, dataDir: string): () => void {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockPath, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      const release = () => {
        if (readHolder(lockPath) === process.pid) {
          try {
            unlinkSync(lockPath);
          } catch {
            // already gone
          }
        }
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readHolder(lockPath);
      if (holder === process.pid) return () => {};
      if (holder !== undefined && isAlive(holder)) throw new EmbeddedDatabaseLockedError(dataDir, holder);
      try {
        unlinkSync(lockPath); // stale: its owner is gone
      } catch {
        // another opener removed it first; retry
      }
    }
  }
  const holder = readHolder(lockPath);
  throw new EmbeddedDatabaseLockedError(dataDir, holder ?? -1);
}
