/**
 * The embedded database (PGlite) against real app processes: a second process on the same data
 * directory is refused with a message naming the holder, data survives a restart, and the lock of a
 * server that crashed does not keep the next one out.
 */
import { rmSync } from "node:fs";
import { Client, freePort, makeDataDir, spawnApp, startApp, uniqueName, waitForExit } from "./helpers/app";

jest.setTimeout(120_000);

// These tests are about the embedded mode, so they run without DATABASE_URL even in PostgreSQL mode.
const EMBEDDED = { DATABASE_URL: undefined };

test("a second process opening the same data directory fails with the lock message", async () => {
  const dataDir = makeDataDir();
  const first = await startApp({ dataDir, env: EMBEDDED });
  try {
    const second = spawnApp({ port: await freePort(), dataDir, env: EMBEDDED });
    const code = await waitForExit(second.proc, 60_000);
    expect(code).not.toBe(0);
    expect(second.output()).toContain(
      `is already in use by another process (pid ${first.proc.pid}). Stop that process first, or set DATABASE_URL to use PostgreSQL.`,
    );
    // The first server is unharmed: its database still answers.
    expect((await fetch(`${first.baseUrl}/api/v1/ready`)).status).toBe(200);
  } finally {
    await first.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test("data written before a restart is there after it, and the lock is released on exit", async () => {
  const dataDir = makeDataDir();
  const username = uniqueName("persist");
  try {
    const first = await startApp({ dataDir, env: EMBEDDED });
    const client = new Client(first.baseUrl);
    expect((await client.signUp(username, "persist-password-1")).status).toBe(200);
    await first.stop();

    const second = await startApp({ dataDir, env: EMBEDDED });
    try {
      const again = new Client(second.baseUrl);
      const res = await again.post("/api/auth/sign-in/username", { username, password: "persist-password-1" });
      expect(res.status).toBe(200);
      const me = await again.get("/api/v1/users/me");
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ username, email: `${username}@example.test` });
    } finally {
      await second.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test("after a server is killed (no exit hook runs), the next one on the data directory takes its lock over", async () => {
  const dataDir = makeDataDir();
  try {
    const first = await startApp({ dataDir, env: EMBEDDED });
    first.proc.kill("SIGKILL");
    await waitForExit(first.proc);

    // It waits for the dead holder's lock to go stale (up to 15 s) instead of refusing.
    const second = await startApp({ dataDir, env: EMBEDDED, readyWithinMs: 90_000 });
    try {
      expect(second.output()).not.toContain("already in use");
      const client = new Client(second.baseUrl);
      expect((await client.signUp(uniqueName("after_crash"), "after-crash-password-1")).status).toBe(200);
    } finally {
      await second.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 240_000);
