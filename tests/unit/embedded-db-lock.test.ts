/**
 * The embedded database's lock between real processes: a second opener is refused with a message
 * naming the holder; a lock left by a process that was killed is taken over, and so is a stale one
 * whose recorded pid now belongs to some other live process.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { acquireLock, EmbeddedDatabaseLockedError, findLockHolder, pgliteDir } from "@/db/lock.mjs";

jest.setTimeout(30_000);

/** The shortest stale period proper-lockfile accepts keeps the takeover tests quick. */
const STALE_MS = 2_000;
const LOCK_MODULE = pathToFileURL(path.join(__dirname, "../../db/lock.mjs")).href;
const notLost = { onLost: (error: Error) => void error, staleMs: STALE_MS };

let dataDir: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "vp-lock-"));
});

afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

/** Another process that takes the lock and keeps it (refreshing it) until killed. */
function holdInChild(): Promise<ChildProcess> {
  const script = `
    const { acquireLock } = await import(${JSON.stringify(LOCK_MODULE)});
    await acquireLock(${JSON.stringify(dataDir)}, { onLost: () => process.exit(3), staleMs: ${STALE_MS} });
    console.log("locked");
    setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => d.toString().includes("locked") && resolve(child));
    child.once("exit", (code) => reject(new Error(`lock holder exited with ${code}`)));
  });
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });

test("a second opener is refused with a message naming the holder; start's check sees the same holder", async () => {
  const holder = await holdInChild();
  const refused = acquireLock(dataDir, notLost);
  await expect(refused).rejects.toThrow(EmbeddedDatabaseLockedError);
  await expect(refused).rejects.toThrow(
    `The embedded database at ${pgliteDir(dataDir)} is already in use by another process (pid ${holder.pid}). ` +
      "Stop that process first, or set DATABASE_URL to use PostgreSQL.",
  );
  expect(await findLockHolder(dataDir, { staleMs: STALE_MS })).toEqual({ pid: holder.pid });
});

test("released, the lock is free for the next opener", async () => {
  const release = await acquireLock(dataDir, notLost);
  expect(await findLockHolder(dataDir, { staleMs: STALE_MS })).toEqual({ pid: process.pid });
  await release();
  expect(await findLockHolder(dataDir, { staleMs: STALE_MS })).toBeNull();
  expect(existsSync(path.join(dataDir, "pglite-lock.pid"))).toBe(false);
  const again = await acquireLock(dataDir, notLost);
  await again();
});

test("the lock of a killed process is taken over once it goes stale, without refusing first", async () => {
  const holder = await holdInChild();
  await killed(holder); // SIGKILL: no exit hook ran, the lock directory is still there
  expect(await findLockHolder(dataDir, { staleMs: STALE_MS })).toBeNull(); // start does not refuse
  const started = Date.now();
  const release = await acquireLock(dataDir, notLost);
  expect(Date.now() - started).toBeLessThan(STALE_MS + 1_500);
  expect(readFileSync(path.join(dataDir, "pglite-lock.pid"), "utf8")).toBe(String(process.pid));
  await release();
});

test("a stale lock whose recorded pid now belongs to a live process is taken over", async () => {
  // The holder died long ago and the system gave its pid to someone else (here: this test's parent).
  mkdirSync(path.join(dataDir, "pglite-lock"));
  writeFileSync(path.join(dataDir, "pglite-lock.pid"), String(process.ppid));
  const longAgo = new Date(Date.now() - 60_000);
  utimesSync(path.join(dataDir, "pglite-lock"), longAgo, longAgo);
  expect(await findLockHolder(dataDir, { staleMs: STALE_MS })).toBeNull();
  const release = await acquireLock(dataDir, notLost);
  await release();
});

test("a holder whose lock disappears under it is told to stop", async () => {
  const lost = new Promise<Error>((resolve) => {
    void acquireLock(dataDir, { onLost: resolve, staleMs: STALE_MS });
  });
  // Someone removed the lock under the holder: its next refresh finds it gone.
  await new Promise((r) => setTimeout(r, 100));
  rmSync(path.join(dataDir, "pglite-lock"), { recursive: true });
  expect((await lost).message).toMatch(/ENOENT/);
});
