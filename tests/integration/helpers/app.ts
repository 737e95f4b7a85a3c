/**
 * Starts the real built app (scripts/server.mjs, as `npm start` does) on a free port with its own data directory, for
 * integration tests over HTTP. `npm test` builds first; run `npm run build` before running these alone.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "../../..");
const SERVER = path.join(ROOT, "scripts/server.mjs");

export interface RunningApp {
  baseUrl: string;
  port: number;
  dataDir: string;
  proc: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      const port = typeof address === "object" && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export function makeDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), "vp-it-"));
}

export function spawnApp(opts: { port: number; dataDir: string; env?: Record<string, string | undefined> }): {
  proc: ChildProcess;
  output: () => string;
} {
  if (!existsSync(path.join(ROOT, ".next", "BUILD_ID"))) {
    throw new Error("No build found: run `npm run build` first (npm test builds automatically).");
  }
  let out = "";
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: String(opts.port),
    VP_DATA_DIR: opts.dataDir,
    VP_SEED_DEMO: "0",
    // Tests stay offline: TikTok short links are kept as links instead of being resolved.
    VP_RESOLVE_SHORT_LINKS: "0",
    BETTER_AUTH_URL: `http://localhost:${opts.port}`,
    ...opts.env,
  };
  // On Redis (REDIS_URL in the environment) an instance keeps its rate limits and bus under its key
  // prefix. Every data directory (one app, restarts included) gets a prefix of its own, as every app
  // has limits of its own without Redis; otherwise the test files, all calling from 127.0.0.1, would
  // spend one shared sign-in budget. A test that wants instances to share passes VP_REDIS_PREFIX.
  if (env.REDIS_URL && !opts.env?.VP_REDIS_PREFIX) {
    env.VP_REDIS_PREFIX = `${process.env.VP_REDIS_PREFIX ?? "vp_it"}_${path.basename(opts.dataDir)}`;
  }
  const proc = spawn(process.execPath, [SERVER], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  proc.stdout?.on("data", (d: Buffer) => (out += d.toString()));
  proc.stderr?.on("data", (d: Buffer) => (out += d.toString()));
  return { proc, output: () => out };
}

export function waitForExit(proc: ChildProcess, timeoutMs = 30_000): Promise<number | null> {
  if (proc.exitCode !== null) return Promise.resolve(proc.exitCode);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("process did not exit in time")), timeoutMs);
    proc.once("exit", (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

export async function startApp(
  opts: { dataDir?: string; env?: Record<string, string | undefined>; keepData?: boolean; readyWithinMs?: number } = {},
): Promise<RunningApp> {
  const port = await freePort();
  const dataDir = opts.dataDir ?? makeDataDir();
  const { proc, output } = spawnApp({ port, dataDir, env: opts.env });
  const baseUrl = `http://localhost:${port}`;
  const readyWithinMs = opts.readyWithinMs ?? 60_000;
  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`app exited with ${proc.exitCode} before it was ready:\n${output()}`);
    try {
      // Ready, not merely alive: its database (and Redis) answer, as the tests expect of a started app.
      const res = await fetch(`${baseUrl}/api/v1/ready`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      proc.kill("SIGKILL");
      throw new Error(`app not ready within ${readyWithinMs / 1000} s:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    baseUrl,
    port,
    dataDir,
    proc,
    output,
    stop: async () => {
      if (proc.exitCode === null) {
        proc.kill("SIGTERM");
        await waitForExit(proc).catch(() => proc.kill("SIGKILL"));
      }
      if (!opts.keepData && !opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A small HTTP client that keeps cookies like a browser and sends the Origin Better Auth expects. */
export class Client {
  private cookies = new Map<string, string>();
  constructor(readonly baseUrl: string) {}

  async request(method: string, urlPath: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const h: Record<string, string> = { Origin: this.baseUrl, ...headers };
    if (body !== undefined) h["Content-Type"] = "application/json";
    if (this.cookies.size > 0) h.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await fetch(`${this.baseUrl}${urlPath}`, {
      method,
      headers: h,
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
      redirect: "manual",
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const idx = pair?.indexOf("=") ?? -1;
      if (pair && idx > 0) {
        const name = pair.slice(0, idx).trim();
        const value = pair.slice(idx + 1).trim();
        if (/max-age=0/i.test(line) || value === "") this.cookies.delete(name);
        else this.cookies.set(name, value);
      }
    }
    return res;
  }

  get = (p: string, headers?: Record<string, string>) => this.request("GET", p, undefined, headers);
  post = (p: string, body?: unknown, headers?: Record<string, string>) => this.request("POST", p, body ?? {}, headers);

  async signUp(username: string, password = "correct-horse-battery"): Promise<Response> {
    return this.post("/api/auth/sign-up/email", { email: `${username}@example.test`, password, name: username, username });
  }
}

let counter = 0;
/** Unique, valid usernames across test files and runs. */
export function uniqueName(prefix = "user"): string {
  counter += 1;
  return `${prefix}_${Date.now().toString(36)}${process.pid.toString(36)}${counter}`.slice(0, 30);
}
