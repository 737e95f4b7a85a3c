/**
 * Jest side of the OpenID Connect stand-in (oidc-stand-in.mjs): runs it as a child process, flips
 * its switches, and walks a provider's login page over plain HTTP the way a browser would, so
 * integration tests can sign in with Google, Twitch and Kick against the real app.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import path from "node:path";
import { createInterface } from "node:readline";
import type { Client } from "../integration/helpers/app";

const SCRIPT = path.join(__dirname, "oidc-stand-in.mjs");

export interface StandIn {
  url: string;
  /** Environment that points the app's sign-in and Twitch API at the stand-in. */
  env: Record<string, string>;
  control: (name: string, body?: unknown) => Promise<Record<string, unknown>>;
  stop: () => Promise<void>;
}

export async function startStandIn(): Promise<StandIn> {
  const proc: ChildProcess = spawn(process.execPath, [SCRIPT], { stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  proc.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
  const ready = await new Promise<{ url: string; env: Record<string, string> }>((resolve, reject) => {
    const lines = createInterface({ input: proc.stdout! });
    lines.on("line", (line) => {
      try {
        const parsed = JSON.parse(line) as { ready?: boolean; url: string; env: Record<string, string> };
        if (parsed.ready) resolve(parsed);
      } catch {
        // not the ready line
      }
    });
    proc.once("exit", (code) => reject(new Error(`stand-in exited with ${code}:\n${stderr}`)));
  });
  return {
    ...ready,
    control: async (name, body) => {
      const res = await fetch(`${ready.url}/__control/${name}`, {
        method: body === undefined ? "GET" : "POST",
        headers: { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`stand-in control ${name} answered ${res.status}`);
      return (await res.json()) as Record<string, unknown>;
    },
    stop: () =>
      new Promise((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once("exit", () => resolve());
        proc.kill("SIGTERM");
      }),
  };
}

/** A browser's cookie jar for the provider's origin. */
class Jar {
  private cookies = new Map<string, string>();
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const i = pair?.indexOf("=") ?? -1;
      if (pair && i > 0) this.cookies.set(pair.slice(0, i).trim(), pair.slice(i + 1).trim());
    }
  }
}

export type ProviderAnswer = { kind: "login"; account: string } | { kind: "cancel" };

/**
 * Follows the provider's redirects from `authorizeUrl`, answers its login page (sign in as
 * `account`, or cancel) and returns the URL the provider finally sends the browser to (the app's
 * callback, with `code` or `error`).
 */
export async function passProviderLogin(authorizeUrl: string, answer: ProviderAnswer): Promise<URL> {
  const jar = new Jar();
  let url = new URL(authorizeUrl);
  const providerOrigin = url.origin;
  let init: RequestInit = {};
  for (let hop = 0; hop < 12; hop++) {
    const res = await fetch(url, { ...init, redirect: "manual", headers: { ...(init.headers ?? {}), cookie: jar.header() } });
    jar.take(res);
    init = {};
    const location = res.headers.get("location");
    if (location) {
      const next = new URL(location, url);
      if (next.origin !== providerOrigin) return next;
      url = next;
      continue;
    }
    const html = await res.text();
    const form = /action="(\/interaction\/[^"]+\/(login|abort))"/g;
    const actions = Object.fromEntries([...html.matchAll(form)].map((m) => [m[2], m[1]]));
    const action = answer.kind === "login" ? actions.login : actions.abort;
    if (!action) throw new Error(`unexpected provider page (${res.status}): ${html.slice(0, 300)}`);
    url = new URL(action, providerOrigin);
    init = {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: answer.kind === "login" ? new URLSearchParams({ account: answer.account }).toString() : "",
    };
  }
  throw new Error("too many redirects at the provider");
}

/** Better Auth sign-in (or link) through a provider: start, provider login, callback. Returns the callback's answer. */
export async function betterAuthProviderFlow(
  client: Client,
  start: { path: "/api/auth/sign-in/social" | "/api/auth/link-social"; provider: string; callbackURL?: string },
  answer: ProviderAnswer,
): Promise<Response> {
  const res = await client.post(start.path, { provider: start.provider, callbackURL: start.callbackURL ?? "/", disableRedirect: true });
  if (res.status !== 200) throw new Error(`${start.path} answered ${res.status}: ${await res.text()}`);
  const { url } = (await res.json()) as { url: string };
  const callback = await passProviderLogin(url, answer);
  return client.get(`${callback.pathname}${callback.search}`);
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

/** The Kick popup's steps without a browser: authorize → provider login → code + verifier. */
export async function kickCode(
  baseUrl: string,
  answer: ProviderAnswer,
  callback: "/auth/kick/callback" | "/kick-auth-callback" = "/auth/kick/callback",
): Promise<{ callbackUrl: URL; state: string; verifier: string }> {
  const { verifier, challenge } = pkcePair();
  const state = randomBytes(24).toString("base64url");
  const start = await fetch(`${baseUrl}/api/v1/auth/kick/authorize?${new URLSearchParams({ state, code_challenge: challenge, callback })}`, {
    redirect: "manual",
  });
  const location = start.headers.get("location");
  if (start.status !== 302 || !location) throw new Error(`kick authorize answered ${start.status}`);
  return { callbackUrl: await passProviderLogin(location, answer), state, verifier };
}
