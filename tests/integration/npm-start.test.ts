/**
 * `npm start` as a newcomer runs it (scripts/start.mjs): it finds the build, migrates a fresh
 * embedded database, seeds demo content, and serves the home page on PORT.
 */
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { freePort, makeDataDir, waitForExit } from "./helpers/app";

jest.setTimeout(180_000);

const ROOT = path.resolve(__dirname, "../..");

test("npm start serves the home page with its title and seeds demo users into an empty database", async () => {
  const port = await freePort();
  const dataDir = makeDataDir();
  let out = "";
  const proc = spawn(process.execPath, [path.join(ROOT, "scripts/start.mjs")], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), VP_DATA_DIR: dataDir, DATABASE_URL: "", VP_SEED_DEMO: undefined },
    stdio: ["ignore", "pipe", "pipe"],
  });
  proc.stdout.on("data", (d: Buffer) => (out += d.toString()));
  proc.stderr.on("data", (d: Buffer) => (out += d.toString()));
  try {
    const base = `http://localhost:${port}`;
    const deadline = Date.now() + 150_000;
    let html = "";
    while (Date.now() < deadline) {
      if (proc.exitCode !== null) throw new Error(`npm start exited early:\n${out}`);
      const res = await fetch(base).catch(() => null);
      if (res?.ok) {
        html = await res.text();
        break;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(html).toContain("<title>Watch Movies &amp; TV Together Online</title>");
    // The seed runs right after start; wait for its log line, then the demo users exist.
    while (!out.includes("seeded") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(out).toContain("[viewparty] seeded");

    // A second `npm start` on the same data directory is refused, naming the first process.
    const second = spawn(process.execPath, [path.join(ROOT, "scripts/start.mjs")], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(await freePort()), VP_DATA_DIR: dataDir, DATABASE_URL: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let secondOut = "";
    second.stderr.on("data", (d: Buffer) => (secondOut += d.toString()));
    expect(await waitForExit(second, 60_000)).toBe(1);
    expect(secondOut).toContain("is already in use by another process (pid");
  } finally {
    proc.kill("SIGTERM");
    await waitForExit(proc).catch(() => proc.kill("SIGKILL"));
    rmSync(dataDir, { recursive: true, force: true });
  }
});
