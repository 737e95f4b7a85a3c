/**
 * Exclusive lock for the embedded database. Two processes opening one PGlite directory get no error
 * and silently lose data, so an opener takes this lock first and a second opener is refused with a
 * message naming the holder's pid.
 *
 * The lock is proper-lockfile's: a directory whose mtime the holder keeps refreshing. A lock that
 * nobody refreshed for the stale period was left by a process that died, and is taken over; unlike a
 * pid file, it cannot be kept alive by another process that happens to get the dead holder's pid.
 * The holder's pid is written beside it, for the message, and as a hint only: when that pid is gone
 * (a crash), a new opener waits for the lock to go stale instead of refusing at once.
 *
 * Plain JavaScript, because `npm start` (scripts/start.mjs) checks the lock before it builds, and the
 * server (db/client.ts) takes it.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import lockfile from "proper-lockfile";

/**
 * How long an unrefreshed lock counts as held. Every opener must use the same value: a shorter one
 * could take a live holder's lock. It is also the longest a crashed server delays the next start.
 */
const STALE_MS = 15_000;
/** Refreshed well inside STALE_MS, so an event loop blocked for seconds (PGlite's first open) keeps it. */
const UPDATE_MS = 5_000;
/** While waiting for a crashed holder's lock to go stale, try again this often. */
const WAIT_STEP_MS = 500;

export class EmbeddedDatabaseLockedError extends Error {
  /**
   * @param {string} dataDir the PGlite directory
   * @param {number | undefined} holderPid
   */
  constructor(dataDir, holderPid) {
    super(
      `The embedded database at ${dataDir} is already in use by another process (pid ${holderPid ?? "unknown"}). ` +
        `Stop that process first, or set DATABASE_URL to use PostgreSQL.`,
    );
    this.name = "EmbeddedDatabaseLockedError";
    this.dataDir = dataDir;
    this.holderPid = holderPid;
  }
}

/** @param {string} dataDir */
export function pgliteDir(dataDir) {
  return path.join(dataDir, "pglite");
}

/** @param {string} dataDir @param {number} staleMs */
function lockOptions(dataDir, staleMs) {
  return {
    lockfilePath: path.join(dataDir, "pglite-lock"),
    realpath: false,
    stale: staleMs,
    update: Math.min(UPDATE_MS, staleMs / 2),
  };
}

/** @param {string} dataDir */
const ownerFile = (dataDir) => path.join(dataDir, "pglite-lock.pid");

/** @param {string} dataDir @returns {number | undefined} */
function readOwner(dataDir) {
  try {
    const pid = Number.parseInt(readFileSync(ownerFile(dataDir), "utf8").trim(), 10);
    return Number.isFinite(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** @param {number} pid */
function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return /** @type {NodeJS.ErrnoException} */ (error).code === "EPERM";
  }
}

/**
 * The holder that a new opener would be refused by, or null when the lock is free, stale, or left by
 * a process that is gone (the opener then waits for it to go stale).
 * @param {string} dataDir
 * @param {{ staleMs?: number }} [options]
 * @returns {Promise<{ pid: number | undefined } | null>}
 */
export async function findLockHolder(dataDir, { staleMs = STALE_MS } = {}) {
  const { lockfilePath, realpath, stale } = lockOptions(dataDir, staleMs);
  if (!(await lockfile.check(pgliteDir(dataDir), { lockfilePath, realpath, stale }))) return null;
  const pid = readOwner(dataDir);
  return pid === undefined || isAlive(pid) ? { pid } : null;
}

/**
 * Takes the lock for this process or throws EmbeddedDatabaseLockedError; resolves to its release.
 * The lock is also released when the process exits. `onLost` runs if the lock is taken from this
 * process (only possible after it stopped refreshing it for the stale period): it must stop writing.
 * @param {string} dataDir
 * @param {{ onLost: (error: Error) => void; staleMs?: number }} options
 * @returns {Promise<() => Promise<void>>}
 */
export async function acquireLock(dataDir, { onLost, staleMs = STALE_MS }) {
  const target = pgliteDir(dataDir);
  const options = { ...lockOptions(dataDir, staleMs), onCompromised: onLost };
  /** @type {() => Promise<void>} */
  let release;
  try {
    release = await lockfile.lock(target, options);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== "ELOCKED") throw error;
    const pid = readOwner(dataDir);
    if (pid === undefined || isAlive(pid)) throw new EmbeddedDatabaseLockedError(target, pid);
    // The holder died without releasing it: the lock goes stale within staleMs.
    const retries = { retries: Math.ceil(staleMs / WAIT_STEP_MS) + 2, factor: 1, minTimeout: WAIT_STEP_MS, maxTimeout: WAIT_STEP_MS };
    try {
      release = await lockfile.lock(target, { ...options, retries });
    } catch (again) {
      if (/** @type {NodeJS.ErrnoException} */ (again).code !== "ELOCKED") throw again;
      throw new EmbeddedDatabaseLockedError(target, readOwner(dataDir));
    }
  }
  writeFileSync(ownerFile(dataDir), String(process.pid));
  // proper-lockfile removes the lock itself at exit; the pid beside it goes too.
  const forgetOwner = () => {
    if (readOwner(dataDir) === process.pid) rmSync(ownerFile(dataDir), { force: true });
  };
  process.once("exit", forgetOwner);
  return async () => {
    process.off("exit", forgetOwner);
    forgetOwner();
    // After onLost the lock is no longer ours to release.
    await release().catch(() => {});
  };
}
