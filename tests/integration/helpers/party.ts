/** Small API helpers for live-party tests (guest identities, parties, commands, member streams). */
import { startApp, type RunningApp } from "./app";
import { SseClient } from "./sse";

export type Ev = Record<string, unknown> & { type: string };

export function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

export async function guestToken(baseUrl: string, username: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v1/guests`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username }),
  });
  if (res.status !== 201) throw new Error(`guest ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/**
 * A new account's bearer token, shown as `displayName` (as a guest of that name would be): for members
 * who vote in polls, where guests count only as the host allows.
 */
export async function accountToken(baseUrl: string, displayName: string): Promise<string> {
  const username = `acct_${Date.now().toString(36)}${process.pid.toString(36)}${(accountCounter += 1)}`.slice(0, 30);
  const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseUrl },
    body: JSON.stringify({ email: `${username}@example.test`, password: "correct-horse-battery", name: displayName, username }),
  });
  if (res.status !== 200) throw new Error(`sign-up ${res.status}: ${await res.text()}`);
  return res.headers.get("set-auth-token")!;
}
let accountCounter = 0;

export async function api(baseUrl: string, method: string, path: string, token: string | null, body?: unknown): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...(token ? bearer(token) : {}), ...(body !== undefined ? { "Content-Type": "application/json" } : {}) },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}

export async function createParty(baseUrl: string, token: string, overrides: Record<string, unknown> = {}) {
  const res = await api(baseUrl, "POST", "/api/v1/parties", token, {
    video_url: "https://www.netflix.com/watch/80100172",
    video_title: "Heat",
    synopsis: "A crew of thieves and the detective who hunts them.",
    ...overrides,
  });
  if (res.status !== 201) throw new Error(`create ${res.status}: ${await res.text()}`);
  return (await res.json()) as { id: string; invite_code: string } & Record<string, unknown>;
}

export function command(baseUrl: string, partyId: string, token: string, body: Record<string, unknown>): Promise<Response> {
  return api(baseUrl, "POST", `/api/v1/parties/${partyId}/commands`, token, { v: 1, ...body });
}

/** The JSON body of a 200 answer ({} when empty); any other status throws with the body, so a test says why. */
export async function okJson(res: Response): Promise<Record<string, unknown>> {
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${res.status}: ${text}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/**
 * Joins the party (POST .../join: it becomes the caller's current party) and returns the answer;
 * throws unless it is a 200. Opening a stream only reads, so a test joins first.
 */
export async function joinParty(baseUrl: string, partyIdOrCode: string, token: string): Promise<Record<string, unknown>> {
  const res = await api(baseUrl, "POST", `/api/v1/parties/${partyIdOrCode}/join`, token);
  if (res.status !== 200) throw Object.assign(new Error(`join ${res.status}: ${await res.text()}`), { status: res.status });
  return (await res.json()) as Record<string, unknown>;
}

/** Joins the party, then opens the member's stream of it (by the party's id, or the code it was joined by). */
export async function joinAndOpen(baseUrl: string, partyIdOrCode: string, token: string, headers: Record<string, string> = {}): Promise<SseClient<Ev>> {
  await joinParty(baseUrl, partyIdOrCode, token);
  return SseClient.open<Ev>(`${baseUrl}/api/v1/parties/${partyIdOrCode}/events`, { ...bearer(token), ...headers });
}

export interface MemberStream {
  stream: SseClient<Ev>;
  /** The member's id (an account's user id or a guest id), as the snapshot names them. */
  id: string;
  role: string;
  snapshot: Ev;
}

/**
 * Joins the party, opens the member's stream of it and waits for its snapshot. `opened` collects the
 * stream so the test can close it afterwards.
 */
export async function openMemberStream(baseUrl: string, partyId: string, token: string, opened: SseClient<Ev>[]): Promise<MemberStream> {
  const stream = await joinAndOpen(baseUrl, partyId, token);
  opened.push(stream);
  const snapshot = (await stream.waitFor((e) => e.type === "snapshot")).data;
  return { stream, id: (snapshot.you as { userId: string }).userId, role: snapshot.role as string, snapshot };
}

/**
 * The app a live-party test file runs against: started once before its tests (hosts never time out
 * during them) and stopped after them; the member streams a test opens are closed after that test.
 */
export function livePartyApp(env: Record<string, string> = {}) {
  let running: RunningApp | undefined;
  const streams: SseClient<Ev>[] = [];
  beforeAll(async () => {
    running = await startApp({ env: { VP_HOST_GRACE_MS: "600000", ...env } });
  });
  afterEach(() => {
    for (const s of streams.splice(0)) s.close();
  });
  afterAll(async () => {
    await running?.stop();
  });
  const app = (): RunningApp => {
    if (!running) throw new Error("The app has not started.");
    return running;
  };
  return {
    streams,
    get baseUrl(): string {
      return app().baseUrl;
    },
    /** Joins the party and opens the member's stream, waiting for its snapshot; closed after the test. */
    join: (partyId: string, token: string) => openMemberStream(app().baseUrl, partyId, token, streams),
  };
}
