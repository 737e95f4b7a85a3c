/**
 * The realtime routes answer the same whichever way the app server takes them: on its hot path
 * (lib/server/hot-path, the raw Node request) or through Next, which calls the route handlers with a
 * web Request (VP_HOT_PATH=0). Two apps, one each way, get the same requests — a join, a command, a
 * refused command, a stream and its resume with Last-Event-ID — and must answer with the same status,
 * headers and body or events (ids, codes and times, which differ between any two parties, are
 * replaced by names in order of appearance).
 */
import { startApp, type RunningApp } from "./helpers/app";
import { api, bearer, createParty, guestToken, type Ev } from "./helpers/party";
import { SseClient } from "./helpers/sse";

jest.setTimeout(180_000);

/** The headers a client or a browser acts on (framing and dates aside, which any two servers choose freely). */
const COMPARED_HEADERS = [
  "content-type",
  "cache-control",
  "content-security-policy",
  "x-content-type-options",
  "referrer-policy",
  "permissions-policy",
  "x-frame-options",
  "x-accel-buffering",
  "retry-after",
  "allow",
  "set-cookie",
];

function headersOf(res: { headers: Headers }): Record<string, string | null> {
  return Object.fromEntries(COMPARED_HEADERS.map((name) => [name, res.headers.get(name)]));
}

/** Replaces each value that differs between two parties (ids, codes, tokens) by a name in order of appearance, and times by "<time>". */
class Normalizer {
  private names = new Map<string, string>();
  constructor(private readonly dynamic: string[]) {}

  name(value: string): string {
    let name = this.names.get(value);
    if (!name) this.names.set(value, (name = `<v${this.names.size}>`));
    return name;
  }

  text(value: string): string {
    let out = value;
    for (const known of this.dynamic) if (known && out.includes(known)) out = out.split(known).join(this.name(known));
    if (/^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(out)) return "<time>";
    return out;
  }

  value(input: unknown, key = ""): unknown {
    if (typeof input === "string") return /(^|_)id$|Id$|^id$|rid|cid/.test(key) ? this.name(input) : this.text(input);
    if (typeof input === "number") return /at$|At$|time|Time|_ms$|Ms$|ts$|started|updated|created|expires|since/i.test(key) ? "<time>" : input;
    if (Array.isArray(input)) return input.map((item) => this.value(item, key));
    if (input && typeof input === "object") {
      return Object.fromEntries(Object.entries(input as Record<string, unknown>).map(([k, v]) => [k, this.value(v, k)]));
    }
    return input;
  }
}

interface Run {
  join: { status: number; headers: Record<string, string | null>; body: unknown };
  stream: { status: number; headers: Record<string, string | null>; events: unknown[] };
  command: { status: number; headers: Record<string, string | null>; body: unknown };
  refused: { status: number; headers: Record<string, string | null>; body: unknown };
  resume: { status: number; headers: Record<string, string | null>; events: unknown[] };
}

async function answer(res: Response): Promise<{ status: number; headers: Record<string, string | null>; text: string }> {
  return { status: res.status, headers: headersOf(res), text: await res.text() };
}

/** The same requests on one app; its answers, normalized. */
async function scenario(app: RunningApp): Promise<Run> {
  const base = app.baseUrl;
  const host = await guestToken(base, "parity_host");
  const guest = await guestToken(base, "parity_guest");
  const party = await createParty(base, host, { video_title: "Parity" });
  const norm = new Normalizer([party.id, party.invite_code]);

  const join = await answer(await api(base, "POST", `/api/v1/parties/${party.id}/join`, guest));

  // The member's stream, kept open while the commands go out; they go once its presence is told
  // (debounced), so the events come in one order.
  const stream = await SseClient.open<Ev>(`${base}/api/v1/parties/${party.id}/events`, bearer(guest));
  const snapshot = await stream.waitFor((e) => e.type === "snapshot");
  const presence = await stream.waitFor((e) => e.type === "presence" && e.members === 1);

  const command = await answer(await api(base, "POST", `/api/v1/parties/${party.id}/commands`, guest, { v: 1, type: "chat", text: "same either way" }));
  // Playback is the host's: a guest's play is refused.
  const refused = await answer(await api(base, "POST", `/api/v1/parties/${party.id}/commands`, guest, { v: 1, type: "play", position: 12 }));
  const isChat = (e: Ev) => e.type === "chat" || JSON.stringify(e).includes("same either way");
  const upToChat = async (client: SseClient<Ev>) => {
    const chat = await client.waitFor(isChat);
    return client.events.slice(0, client.events.indexOf(chat) + 1);
  };
  const live = await upToChat(stream);

  // A reconnect that saw the snapshot and the presence event: it gets exactly what followed (no second
  // snapshot). Resumed from a logged event's id: a snapshot sent before anything was logged carries
  // "0", which the Redis bus does not resume from (it serves a snapshot again).
  expect(snapshot.id).toBeTruthy();
  const resumed = await SseClient.open<Ev>(`${base}/api/v1/parties/${party.id}/events`, { ...bearer(guest), "Last-Event-ID": presence.id! });
  const replayed = await upToChat(resumed);
  resumed.close();
  stream.close();

  const json = (text: string) => (text ? (JSON.parse(text) as unknown) : null);
  return {
    join: { status: join.status, headers: join.headers, body: norm.value(json(join.text)) },
    stream: { status: stream.status, headers: headersOf(stream), events: norm.value(live) as unknown[] },
    command: { status: command.status, headers: command.headers, body: norm.value(json(command.text)) },
    refused: { status: refused.status, headers: refused.headers, body: norm.value(json(refused.text)) },
    resume: { status: resumed.status, headers: headersOf(resumed), events: norm.value(replayed) as unknown[] },
  };
}

let hot: RunningApp | undefined;
let plain: RunningApp | undefined;

beforeAll(async () => {
  [hot, plain] = await Promise.all([startApp({ env: { VP_HOST_GRACE_MS: "600000" } }), startApp({ env: { VP_HOST_GRACE_MS: "600000", VP_HOT_PATH: "0" } })]);
});

afterAll(async () => {
  await Promise.all([hot?.stop(), plain?.stop()]);
});

test("a join, a stream, a command, a refused command and a resume answer alike on the hot path and through the route handlers", async () => {
  const onHotPath = await scenario(hot!);
  const throughRoutes = await scenario(plain!);

  // What each step answered (so a difference below is read against what was expected at all).
  expect(onHotPath.join.status).toBe(200);
  expect(onHotPath.stream.status).toBe(200);
  expect(onHotPath.stream.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
  expect(onHotPath.command.status).toBe(200);
  expect(onHotPath.refused.status).toBe(403);
  expect(onHotPath.resume.events.length).toBeGreaterThan(0);
  expect(JSON.stringify(onHotPath.resume.events)).not.toContain('"snapshot"');

  expect(onHotPath.join).toEqual(throughRoutes.join);
  expect(onHotPath.stream).toEqual(throughRoutes.stream);
  expect(onHotPath.command).toEqual(throughRoutes.command);
  expect(onHotPath.refused).toEqual(throughRoutes.refused);
  expect(onHotPath.resume).toEqual(throughRoutes.resume);
});
