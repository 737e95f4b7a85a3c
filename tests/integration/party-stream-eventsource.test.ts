/**
 * The party stream read by a third-party SSE client (the `eventsource` package, which follows the
 * WHATWG EventSource rules): its messages parse, its reconnection sends `Last-Event-ID` on its own,
 * and the server resumes with exactly the missed events, in order, without a new snapshot. A
 * client without a token is refused with 401 and does not retry.
 */
import { EventSource, type EventSourceFetchInit } from "eventsource";
import { startApp, type RunningApp } from "./helpers/app";
import { bearer, command, createParty, guestToken, joinParty, type Ev } from "./helpers/party";
import { SseClient } from "./helpers/sse";

jest.setTimeout(90_000);

let app: RunningApp;
const closers: (() => void)[] = [];

beforeAll(async () => {
  app = await startApp();
});
afterEach(() => {
  for (const close of closers.splice(0)) close();
});
afterAll(async () => {
  await app?.stop();
});

interface Received {
  id: string;
  data: Ev;
}

/** Resolves on the first received message `match` accepts (already received or still to come). */
function waitForMessage(received: Received[], onMessage: Set<() => void>, match: (e: Ev) => boolean): Promise<Received> {
  return new Promise((resolve) => {
    const check = () => {
      const found = received.find((m) => match(m.data));
      if (!found) return false;
      onMessage.delete(listener);
      resolve(found);
      return true;
    };
    const listener = () => void check();
    onMessage.add(listener);
    check();
  });
}

test("an EventSource client resumes with Last-Event-ID after its connection drops, missing nothing and repeating nothing", async () => {
  const hostToken = await guestToken(app.baseUrl, "ES Host");
  const party = await createParty(app.baseUrl, hostToken);
  const host = await SseClient.open<Ev>(`${app.baseUrl}/api/v1/parties/${party.id}/events`, bearer(hostToken));
  closers.push(() => host.close());
  await host.waitFor((e) => e.type === "presence" && e.hostOnline === true);
  const guest = await guestToken(app.baseUrl, "ES Guest");
  await joinParty(app.baseUrl, party.id, guest);

  // Each connection the client opens: the Last-Event-ID it sent, the id of the last message it had
  // received by then, and a way to cut it.
  const received: Received[] = [];
  const connections: { lastEventId: string | null; lastReceived?: string; cut: () => void }[] = [];
  let releaseReconnect: () => void = () => {};
  const reconnectAllowed = new Promise<void>((resolve) => (releaseReconnect = resolve));
  const es = new EventSource(`${app.baseUrl}/api/v1/parties/${party.id}/events`, {
    fetch: async (url: string | URL, init: EventSourceFetchInit) => {
      if (connections.length > 0) await reconnectAllowed;
      const headers = { ...init.headers, ...bearer(guest) };
      const res = await fetch(url, { ...init, headers });
      // The connection "drops" as a network would end it: the body just ends. (An abort would not
      // do: the client takes that for its own close and never reconnects.)
      const reader = res.body!.getReader();
      let cut = () => {};
      const cutOff = new Promise<{ done: true }>((resolve) => {
        cut = () => {
          resolve({ done: true });
          void reader.cancel();
        };
      });
      connections.push({ lastEventId: new Headers(headers).get("last-event-id"), lastReceived: received.at(-1)?.id, cut: () => cut() });
      const body = { getReader: () => ({ read: () => Promise.race([reader.read(), cutOff]), cancel: () => reader.cancel() }) };
      return { body, url: res.url, status: res.status, redirected: res.redirected, headers: res.headers };
    },
  });
  closers.push(() => es.close());
  const onMessage = new Set<() => void>();
  es.onmessage = (event) => {
    received.push({ id: event.lastEventId, data: JSON.parse(event.data as string) as Ev });
    for (const listener of [...onMessage]) listener();
  };

  expect((await waitForMessage(received, onMessage, () => true)).data).toMatchObject({ type: "snapshot", role: "guest", party: { id: party.id } });
  await command(app.baseUrl, party.id, hostToken, { type: "play", position: 1, cid: 1 });
  await waitForMessage(received, onMessage, (e) => e.type === "playback" && e.cid === 1);

  // The connection drops; the host goes on while the client is away.
  const beforeDrop = received.length;
  connections[0]!.cut();
  for (let i = 0; i < 3; i++) await command(app.baseUrl, party.id, hostToken, { type: "seek", position: 10 + i, cid: 10 + i });
  await command(app.baseUrl, party.id, guest, { type: "chat", text: "sent while away" });
  releaseReconnect();
  await waitForMessage(received, onMessage, (e) => e.type === "chat" && (e.message as { text?: string }).text === "sent while away");
  await command(app.baseUrl, party.id, hostToken, { type: "pause", cid: 99 });
  await waitForMessage(received, onMessage, (e) => e.type === "playback" && e.cid === 99);

  expect(connections).toHaveLength(2);
  expect(connections[0]!.lastEventId).toBeNull();
  const resumedFrom = connections[1]!.lastReceived!;
  expect(connections[1]!.lastEventId).toBe(resumedFrom);
  const afterDrop = received.slice(beforeDrop);
  expect(afterDrop.some((m) => m.data.type === "snapshot")).toBe(false);
  expect(afterDrop.filter((m) => m.data.type === "playback").map((m) => m.data.cid)).toEqual([10, 11, 12, 99]);
  expect(Number(afterDrop[0]!.id)).toBe(Number(resumedFrom) + 1);
  const ids = received.map((m) => m.id);
  expect(new Set(ids).size).toBe(ids.length);
});

test("an EventSource client without a token is refused with 401 and stops", async () => {
  const hostToken = await guestToken(app.baseUrl, "ES Host Two");
  const party = await createParty(app.baseUrl, hostToken);
  let requests = 0;
  const es = new EventSource(`${app.baseUrl}/api/v1/parties/${party.id}/events`, {
    fetch: (url: string | URL, init: EventSourceFetchInit) => {
      requests += 1;
      return fetch(url, init);
    },
  });
  closers.push(() => es.close());
  const error = await new Promise<{ code?: number }>((resolve) => (es.onerror = resolve));
  expect(error.code).toBe(401);
  expect(es.readyState).toBe(EventSource.CLOSED);
  expect(requests).toBe(1);
});
