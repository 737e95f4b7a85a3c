/**
 * Outages of the app's dependencies, on the real app with PostgreSQL and Redis each behind a TCP
 * proxy the test cuts or blackholes (helpers/tcp-proxy.ts). A dependency failure is the server's:
 * clients get a 503 with Retry-After that says what is down (never a 401 that signs them out, never a
 * request that hangs), open streams are told, readiness (GET /api/v1/ready) refuses naming the
 * dependency while liveness (GET /api/v1/health) still answers (the process is fine: an orchestrator
 * must not restart it), and everything works again, with the same sessions, once it is back.
 */
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { Client, startApp, uniqueName, type RunningApp } from "./helpers/app";
import { TEST_REDIS_URL } from "./helpers/cluster";
import { command, createParty, guestToken, openMemberStream, type Ev } from "./helpers/party";
import { createTestDatabase, PG_ADMIN_URL, type TestDatabase } from "./helpers/postgres";
import type { SseClient } from "./helpers/sse";
import { startTcpProxy, type TcpProxy } from "./helpers/tcp-proxy";

jest.setTimeout(120_000);

let pg: TestDatabase;
let pgProxy: TcpProxy;
let redisProxy: TcpProxy;
let app: RunningApp;
const prefix = `vp_outage_${randomBytes(4).toString("hex")}`;
const streams: SseClient<Ev>[] = [];

beforeAll(async () => {
  pg = await createTestDatabase("vp_outage");
  const pgUrl = new URL(PG_ADMIN_URL);
  const redisUrl = new URL(TEST_REDIS_URL);
  pgProxy = await startTcpProxy({ host: pgUrl.hostname, port: Number(pgUrl.port || 5432) });
  redisProxy = await startTcpProxy({ host: redisUrl.hostname, port: Number(redisUrl.port || 6379) });
  app = await startApp({
    env: { DATABASE_URL: pgProxy.urlFor(pg.url), REDIS_URL: redisProxy.urlFor(TEST_REDIS_URL), VP_REDIS_PREFIX: prefix, VP_HOST_GRACE_MS: "600000" },
  });
});

afterEach(() => {
  for (const s of streams.splice(0)) s.close();
});

afterAll(async () => {
  await app?.stop();
  await pgProxy?.close();
  await redisProxy?.close();
  await pg?.drop();
  const redis = new Redis(TEST_REDIS_URL);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

/** Readiness until it answers 200 again (the dependency is back): bounded by the test's timeout. */
async function healthyAgain(): Promise<void> {
  while ((await fetch(`${app.baseUrl}/api/v1/ready`)).status !== 200) await new Promise((r) => setTimeout(r, 250));
}

/** Liveness: the process answers whatever its dependencies do. */
async function alive(): Promise<boolean> {
  const res = await fetch(`${app.baseUrl}/api/v1/health`);
  return res.status === 200 && ((await res.json()) as { status?: string }).status === "ok";
}

async function errorOf(res: Response) {
  return { status: res.status, retryAfter: res.headers.get("retry-after"), body: (await res.json()) as { detail: string; code: string; unavailable?: string[] } };
}

test("while the database is down a signed-in host's command is a 503 with Retry-After, not a 401; the same session works once it is back", async () => {
  const host = new Client(app.baseUrl);
  expect((await host.signUp(uniqueName("dbdown"))).status).toBe(200);
  const created = await host.post("/api/v1/parties", { video_url: "https://www.netflix.com/watch/80100172", video_title: "Heat" });
  expect(created.status).toBe(201);
  const party = (await created.json()) as { id: string };
  const seek = (cid: number) => host.post(`/api/v1/parties/${party.id}/commands`, { v: 1, type: "seek", position: cid * 10, cid });
  expect((await seek(1)).status).toBe(200);

  await pgProxy.cut();
  const during = await errorOf(await seek(2));
  expect(during).toMatchObject({ status: 503, body: { code: "service_unavailable" } });
  expect(Number(during.retryAfter)).toBeGreaterThan(0);
  expect(during.body.detail).toMatch(/database/i);
  expect(during.body.detail).toMatch(/still signed in/i);
  // A read of one's own account says the same, rather than "log in".
  expect((await host.get("/api/v1/users/me")).status).toBe(503);
  const ready = await errorOf(await fetch(`${app.baseUrl}/api/v1/ready`));
  expect(ready).toMatchObject({ status: 503, body: { code: "service_unavailable", unavailable: ["database"] } });
  expect(Number(ready.retryAfter)).toBeGreaterThan(0);
  expect(await alive()).toBe(true);

  await pgProxy.restore();
  await healthyAgain();
  expect((await fetch(`${app.baseUrl}/api/v1/ready`)).status).toBe(200);
  // The session survived the outage: the same cookie commands the party and reads the account.
  expect((await seek(3)).status).toBe(200);
  expect((await host.get("/api/v1/users/me")).status).toBe(200);
});

test("with Redis blackholed a command answers 503 instead of hanging, the open stream is told, and readiness names redis", async () => {
  const host = await guestToken(app.baseUrl, "Outage Host");
  const party = await createParty(app.baseUrl, host);
  const guest = await guestToken(app.baseUrl, "Outage Guest");
  const { stream } = await openMemberStream(app.baseUrl, party.id, guest, streams);
  expect((await command(app.baseUrl, party.id, host, { type: "seek", position: 10, cid: 1 })).status).toBe(200);

  redisProxy.blackhole();
  const during = await errorOf(await command(app.baseUrl, party.id, host, { type: "seek", position: 20, cid: 2 }));
  expect(during).toMatchObject({ status: 503, body: { code: "service_unavailable" } });
  expect(Number(during.retryAfter)).toBeGreaterThan(0);
  expect(during.body.detail).toMatch(/redis/i);
  // The guest's stream does not go silent: it ends with a notice saying why, so the client reconnects.
  const notice = await stream.waitFor((_data, event) => event.event === "unavailable", 30_000);
  expect(notice.data).toMatchObject({ detail: expect.stringMatching(/redis/i), retry_after: expect.any(Number) });
  await stream.done;
  const ready = await errorOf(await fetch(`${app.baseUrl}/api/v1/ready`));
  expect(ready).toMatchObject({ status: 503, body: { code: "service_unavailable", unavailable: ["redis"] } });
  expect(Number(ready.retryAfter)).toBeGreaterThan(0);
  expect(await alive()).toBe(true);

  await redisProxy.restore();
  await healthyAgain();
  expect((await command(app.baseUrl, party.id, host, { type: "seek", position: 30, cid: 3 })).status).toBe(200);
  const again = await openMemberStream(app.baseUrl, party.id, guest, streams);
  expect(again.role).toBe("guest");
});

test("a rate limit spent before Redis went away still holds while it is away (no fresh window)", async () => {
  const caller = await guestToken(app.baseUrl, "Outage Limit");
  // Party creation allows 10 a minute per caller; the limit is counted before the body is read, so
  // invalid bodies (422, nothing created) spend it as well.
  const create = () => fetch(`${app.baseUrl}/api/v1/parties`, { method: "POST", headers: { Authorization: `Bearer ${caller}`, "Content-Type": "application/json" }, body: "{}" });
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) statuses.push((await create()).status);
  expect(statuses.slice(0, 10).every((status) => status === 422)).toBe(true);
  expect(statuses[10]).toBe(429);

  redisProxy.blackhole();
  const during = await create();
  expect(during.status).toBe(429);
  expect(Number(during.headers.get("retry-after"))).toBeGreaterThan(0);
  await redisProxy.restore();
  await healthyAgain();
});
